import { botSilenced, silencedNote, type BotSilenced } from './bot-voice.js';
import { recordInternalNote } from './delivery.js';
import type { DeliveryDeps } from './engine-deps.js';
import { attempt, DEFAULT_OUTBOX_POLICY, recordFailure } from './outbox.js';
import type { OutboxEntry, OutboxPayload } from './outbox.schema.js';
import type { StaffCard } from './ports.js';

/** Renders a card from what is stored now (a retried card must show the current state, not the old one). */
export interface CardRenderers {
  approvalCard(tenantId: string, approvalId: string): Promise<StaffCard | null>;
  ticketCard(tenantId: string, ticketId: string): Promise<StaffCard | null>;
}

export interface OutboxSweepResult {
  sent: number;
  /** Failed again, to be retried later. */
  retrying: number;
  /** Given up after the bounded attempts (or the card's ticket/approval is gone). */
  failed: number;
  /** Bot replies not sent because a person took the thread over (or the channel left auto mode). */
  superseded: number;
}

const BATCH = 50;

/**
 * Retries due outbox entries, oldest first, so replies of one thread keep their order. Cards are
 * rendered again from the stores; a card that reaches staff late is linked to its ticket or
 * approval here (the caller that first tried is long gone).
 */
export function createOutboxSweep(
  deps: DeliveryDeps,
  render: CardRenderers,
): { sweep(): Promise<OutboxSweepResult> } {
  const policy = deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY;

  async function giveUp(entry: OutboxEntry, reason: string): Promise<void> {
    await recordFailure(deps, { ...entry, attempts: policy.maxAttempts - 1 }, new Error(reason));
  }

  /**
   * A reply in the bot's voice waited here while a person took the thread over: it must not reach
   * the customer now. It is given up on purpose, audited, and kept as a note for whoever has it.
   */
  async function supersede(entry: OutboxEntry, text: string, silenced: BotSilenced): Promise<void> {
    const now = deps.clock.now();
    const marked = await deps.stores.outbox.markSuperseded(entry.tenantId, entry.entryId, {
      reason: silenced.reason,
      at: now,
      leaseToken: entry.leaseToken,
    });
    if (!marked) return;
    deps.logger.info(
      { key: entry.key, ticketId: entry.ticketId, reason: silenced.reason },
      'bot reply superseded',
    );
    await deps.stores.audit.record({
      tenantId: entry.tenantId,
      auditId: deps.ids.id('aud'),
      ticketId: entry.ticketId,
      actor: { kind: 'system' },
      action: 'delivery.superseded',
      after: { kind: entry.kind, key: entry.key, attempts: entry.attempts },
      note: silenced.reason,
      at: now,
    });
    if (entry.payload.kind !== 'reply') return;
    await recordInternalNote(
      deps,
      { tenantId: entry.tenantId, ticketId: entry.ticketId, thread: entry.payload.thread },
      silencedNote(silenced, text),
    );
  }

  /** The payload to send now, or why there is nothing left to send (handled inside). */
  async function refresh(entry: OutboxEntry): Promise<OutboxPayload | 'failed' | 'superseded'> {
    const p = entry.payload;
    if (p.kind === 'reply') {
      // Notices and staff's own words go out whoever holds the thread; the bot's words may not.
      if (p.notice || p.message.author?.kind === 'staff') return p;
      const silenced = await botSilenced(deps, {
        tenantId: entry.tenantId,
        ticketId: entry.ticketId,
        thread: p.thread,
      });
      if (!silenced) return p;
      await supersede(entry, p.message.text, silenced);
      return 'superseded';
    }
    // An SLA alert is a snapshot of a moment ("breached at 14:05"), posted as it was.
    if (p.card.kind === 'sla' || p.card.kind === 'digest') return p;
    const fresh = p.card.approvalId
      ? await render.approvalCard(entry.tenantId, p.card.approvalId)
      : await render.ticketCard(entry.tenantId, p.card.ticketId);
    if (!fresh) {
      await giveUp(entry, 'the ticket or approval of this card no longer exists');
      return 'failed';
    }
    // A draft card stays a draft card (the engine chose the kind when it first posted it).
    const card: StaffCard = p.card.approvalId ? fresh : { ...fresh, kind: p.card.kind };
    if (p.kind === 'card_update') return { ...p, card };
    // Posted meanwhile by another path: update that card instead of posting a second one.
    const posted = p.card.approvalId
      ? (await deps.stores.approvals.get(entry.tenantId, p.card.approvalId))?.card
      : (await deps.stores.tickets.get(entry.tenantId, p.card.ticketId))?.staffCard;
    return posted ? { kind: 'card_update', ref: posted, card } : { ...p, card };
  }

  async function linkPostedCard(
    entry: OutboxEntry,
    payload: OutboxPayload,
    ref: NonNullable<OutboxEntry['result']>,
  ) {
    if (payload.kind !== 'card_post' || payload.card.kind === 'sla' || payload.card.kind === 'digest') return;
    const now = deps.clock.now();
    if (payload.card.approvalId) {
      await deps.stores.approvals.setCard(entry.tenantId, payload.card.approvalId, ref);
      await deps.stores.audit.record({
        tenantId: entry.tenantId,
        auditId: deps.ids.id('aud'),
        ticketId: payload.card.ticketId,
        approvalId: payload.card.approvalId,
        actor: { kind: 'system' },
        action: 'approval.card_posted',
        after: { card: ref, late: true, attempts: entry.attempts + 1 },
        at: now,
      });
      return;
    }
    await deps.stores.tickets.update(entry.tenantId, payload.card.ticketId, {
      staffCard: ref,
      updatedAt: now,
    });
  }

  async function one(entry: OutboxEntry): Promise<keyof OutboxSweepResult | null> {
    const port = deps.ports.get(entry.platform);
    if (!port) {
      await recordFailure(deps, entry, new Error(`no channel port for ${entry.platform}`));
      return entry.attempts + 1 >= policy.maxAttempts ? 'failed' : 'retrying';
    }
    const payload = await refresh(entry);
    if (payload === 'failed' || payload === 'superseded') return payload;
    // Whoever held it before may have posted it: a reply is looked for before it is posted again.
    const ref = await attempt(deps, { ...entry, payload }, port, { recheck: true });
    if (!ref) return entry.attempts + 1 >= policy.maxAttempts ? 'failed' : 'retrying';
    await linkPostedCard(entry, payload, ref);
    return 'sent';
  }

  return {
    async sweep() {
      const counts: OutboxSweepResult = { sent: 0, retrying: 0, failed: 0, superseded: 0 };
      const now = deps.clock.now();
      const due = await deps.stores.outbox.claimDue(now, new Date(now.getTime() + policy.leaseMs), BATCH);
      for (const entry of due) {
        // One broken entry must not stop the others.
        try {
          const outcome = await one(entry);
          if (outcome) counts[outcome] += 1;
        } catch (err) {
          deps.logger.error(
            { err, key: entry.key, ticketId: entry.ticketId },
            'outbox sweep failed for an entry',
          );
        }
      }
      return counts;
    },
  };
}
