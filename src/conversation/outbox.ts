import type { Platform, PostedRef } from '../domain/index.js';
import type { DeliveryDeps } from './engine-deps.js';
import type { OutboxEntry, OutboxPayload } from './outbox.schema.js';
import type { ChannelPort } from './ports.js';
import type { RidingEntry } from './stores.js';

/** How hard the outbox tries. */
export interface OutboxPolicy {
  /** Attempts in all (the immediate one included) before an entry is given up as `failed`. */
  maxAttempts: number;
  /** Delay before the first retry; doubles with every failure up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * How long a poster holds an entry; a poster that died is replaced by the sweep after this. It
   * must be well above the slowest a port call can take, retries included (Slack's client: 5 tries
   * of up to 10 s with backoff up to 20 s, about 2 minutes; Teams: 4 tries with up to 8 s between),
   * or the sweep posts again while the first attempt is still in flight.
   */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  leaseMs: 5 * 60_000,
};

/** Delay after the `attempts`-th failure: 30 s, 1 min, 2 min, 4 min… capped. */
export function retryDelayMs(attempts: number, policy: OutboxPolicy = DEFAULT_OUTBOX_POLICY): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface Delivery {
  tenantId: string;
  /** Idempotency key: the same key is posted at most once, whoever asks and however often. */
  key: string;
  platform: Platform;
  ticketId?: string;
  approvalId?: string;
  payload: OutboxPayload;
}

export interface DeliveryOutcome {
  /** Where it was posted, now or earlier (same key); undefined when not (yet) delivered. */
  ref?: PostedRef;
  /** True only when this call posted it. */
  postedNow: boolean;
}

/**
 * Posts through the outbox: the entry is recorded first, then the platform is called at once (no
 * added latency when it works), then the entry is marked sent. A failure leaves the entry pending
 * for the sweep; the caller carries on, the transcript stays true to what was meant.
 */
export async function deliver(
  deps: DeliveryDeps,
  delivery: Delivery,
  options: {
    /**
     * Runs once the entry is held, before the platform is called (the transcript is written here).
     * `resumed`: the entry was an earlier attempt's (its poster died), which may have run it already.
     */
    beforePost?: (resumed: boolean, riding?: RidingEntry) => Promise<void>;
    /**
     * Issue 13: the turn's customer message id when this post is the turn's answer, whose entry may
     * ride in `beforePost`'s insert into `messages` instead of an insert into the outbox (see
     * `OutboxStore.ride`): `beforePost` then gets the entry to store with the transcript line.
     */
    rideAs?: string;
    /**
     * Other deliveries of the same step (an approval's card update beside its customer notice):
     * their entries are recorded in the same write as this one's, posted before it, and marked
     * sent in one write with it. Each keeps its own key, lease and retries.
     */
    alongside?: Delivery[];
  } = {},
): Promise<DeliveryOutcome> {
  const alongside = (options.alongside ?? []).filter((d) => deps.ports.has(d.platform));
  const port = deps.ports.get(delivery.platform);
  if (alongside.length > 0 && port && deps.stores.outbox.markSentAll)
    return deliverTogether(deps, delivery, alongside, options.beforePost);
  for (const other of options.alongside ?? []) await deliver(deps, other);
  if (!port) {
    // Nothing could ever post it in this deployment: recording it would only fill the outbox.
    deps.logger.warn(
      { platform: delivery.platform, ticketId: delivery.ticketId, key: delivery.key },
      'no channel port for platform: not posted',
    );
    return { postedNow: false };
  }
  const fresh = newEntry(deps, delivery);
  const riding =
    options.rideAs && options.beforePost ? deps.stores.outbox.ride?.(fresh, options.rideAs) : undefined;
  if (riding) {
    // Durable with the transcript line, before the platform is called: no outbox write of its own.
    await options.beforePost!(false, riding);
    deps.stores.outbox.rode?.(riding);
    const ref = await attempt(deps, { ...riding.entry, payload: delivery.payload }, port);
    return { ref, postedNow: ref !== undefined };
  }
  const { entry, claimed } = await deps.stores.outbox.open(fresh);
  if (!claimed) {
    if (entry.status === 'sent') return { ref: entry.result, postedNow: false };
    // Someone else is posting it, it waits for its retry, or it was given up: say so, never silently.
    notPostedNow(deps, delivery, entry);
    return { postedNow: false };
  }
  await options.beforePost?.(entry.entryId !== fresh.entryId);
  // The newest payload wins when an earlier attempt of the same key is taken over; that earlier
  // attempt may have posted it, so a reply is looked for first.
  const ref = await attempt(deps, { ...entry, payload: delivery.payload }, port, {
    recheck: entry.entryId !== fresh.entryId,
  });
  return { ref, postedNow: ref !== undefined };
}

/** A new entry for `delivery`, held by its poster from now. */
export function newEntry(deps: DeliveryDeps, delivery: Delivery): OutboxEntry {
  const now = deps.clock.now();
  const policy = deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY;
  return {
    ...delivery,
    entryId: deps.ids.id('obx'),
    kind: delivery.payload.kind,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: new Date(now.getTime() + policy.leaseMs),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * `deliver` for a step's deliveries at once: every entry recorded in one write (the store's inserts
 * of one tick go together), the others posted first, then `main`, and every one posted marked sent
 * in one write. An entry another poster holds or has sent is left to it, as `deliver` does.
 */
async function deliverTogether(
  deps: DeliveryDeps,
  main: Delivery,
  others: Delivery[],
  beforePost?: (resumed: boolean) => Promise<void>,
): Promise<DeliveryOutcome> {
  const all = [...others, main];
  const fresh = all.map((d) => newEntry(deps, d));
  const opened = await Promise.all(fresh.map((e) => deps.stores.outbox.open(e)));
  const mine = opened[opened.length - 1]!;
  if (mine.claimed) await beforePost?.(mine.entry.entryId !== fresh[fresh.length - 1]!.entryId);
  const posted: Array<{ entry: OutboxEntry; ref: PostedRef }> = [];
  let ref: PostedRef | undefined;
  for (const [i, { entry, claimed }] of opened.entries()) {
    const delivery = all[i]!;
    if (!claimed) {
      if (i === all.length - 1 && entry.status === 'sent') ref = entry.result;
      else notPostedNow(deps, delivery, entry);
      continue;
    }
    const sent = await post(
      deps,
      { ...entry, payload: delivery.payload },
      deps.ports.get(delivery.platform)!,
      {
        recheck: entry.entryId !== fresh[i]!.entryId,
      },
    );
    if (sent) posted.push({ entry, ref: sent });
  }
  if (posted.length > 0) {
    try {
      const lost = await deps.stores.outbox.markSentAll!(
        posted.map(({ entry, ref: result }) => ({
          tenantId: entry.tenantId,
          entryId: entry.entryId,
          result,
          leaseToken: entry.leaseToken,
        })),
        deps.clock.now(),
      );
      for (const entryId of lost) {
        const entry = posted.find((p) => p.entry.entryId === entryId)?.entry;
        deps.logger.error(
          { key: entry?.key, ticketId: entry?.ticketId },
          'posted after its outbox lease ran out: another poster holds it now and may post it again',
        );
      }
    } catch (err) {
      deps.logger.error({ err, ticketId: main.ticketId }, 'marking outbox entries sent failed');
    }
  }
  for (const p of posted) publishCard(deps, p.entry);
  const last = posted.find((p) => p.entry.entryId === mine.entry.entryId);
  return last ? { ref: last.ref, postedNow: true } : { ref, postedNow: false };
}

function notPostedNow(deps: DeliveryDeps, delivery: Delivery, entry: OutboxEntry): void {
  if (entry.status === 'sent') return;
  deps.logger.info(
    { key: delivery.key, ticketId: delivery.ticketId, status: entry.status, attempts: entry.attempts },
    'delivery not posted now: the outbox already holds this key',
  );
}

/**
 * A holder posts only with at least half its lease (at most 30 s of it) left: a poster slowed
 * down past its lease (a loaded machine, a slow transcript write) would otherwise post while the
 * sweep, having taken the entry over, posts the same reply (issue 12, case 2).
 */
function leaseRunningOut(deps: DeliveryDeps, entry: OutboxEntry): boolean {
  if (!entry.leaseUntil) return false;
  const leaseMs = (deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY).leaseMs;
  const margin = Math.min(30_000, leaseMs / 2);
  return deps.clock.now().getTime() > entry.leaseUntil.getTime() - margin;
}

/**
 * One attempt of a held entry; records the outcome. Undefined when it failed. With `recheck` (an
 * entry an earlier attempt may have posted: its poster died, or the platform's answer was lost),
 * a new reply is first looked for where the platform keeps it, and never posted twice.
 */
export async function attempt(
  deps: DeliveryDeps,
  entry: OutboxEntry,
  port: ChannelPort,
  options: { recheck?: boolean } = {},
): Promise<PostedRef | undefined> {
  const ref = await post(deps, entry, port, options);
  if (!ref) return undefined;
  try {
    const marked = await deps.stores.outbox.markSent(
      entry.tenantId,
      entry.entryId,
      ref,
      deps.clock.now(),
      entry.leaseToken,
    );
    if (!marked)
      deps.logger.error(
        { key: entry.key, ticketId: entry.ticketId },
        'posted after its outbox lease ran out: another poster holds it now and may post it again',
      );
  } catch (err) {
    // Posted, but not marked: the lease keeps the sweep off it for a while; log loudly.
    deps.logger.error(
      { err, key: entry.key, ticketId: entry.ticketId },
      'marking an outbox entry sent failed',
    );
  }
  publishCard(deps, entry);
  return ref;
}

/** Staff-channel posts tell watchers (the sandbox's staff view). */
function publishCard(deps: DeliveryDeps, entry: OutboxEntry): void {
  if (entry.payload.kind === 'reply') return;
  deps.events.publish({
    type: 'card',
    tenantId: entry.tenantId,
    platform: entry.platform,
    at: deps.clock.now(),
  });
}

/** Posts a held entry (not marking it); a failure is recorded. Undefined when not posted. */
async function post(
  deps: DeliveryDeps,
  entry: OutboxEntry,
  port: ChannelPort,
  options: { recheck?: boolean } = {},
): Promise<PostedRef | undefined> {
  let ref: PostedRef;
  if (leaseRunningOut(deps, entry)) {
    // Too late to post safely: the sweep may take the entry over any moment and post it too (it
    // looks for this post first only if it has landed). Left to the sweep, which posts it once.
    deps.logger.info(
      { key: entry.key, ticketId: entry.ticketId },
      'delivery lease ran out before posting: left to the outbox sweep',
    );
    return undefined;
  }
  try {
    const p = entry.payload;
    const landed = !options.recheck
      ? null
      : p.kind === 'reply' && !p.placeholder && port.findDelivery
        ? await port.findDelivery(entry.tenantId, p.thread, entry.entryId)
        : p.kind === 'card_post' && port.findStaffCard
          ? await port.findStaffCard(entry.tenantId, p.staffChannelId, entry.entryId)
          : null;
    if (landed)
      deps.logger.info(
        { key: entry.key, ticketId: entry.ticketId },
        'post found already made: recorded, not posted again',
      );
    ref = landed ?? (await send(port, entry.tenantId, p, entry.entryId));
  } catch (err) {
    await recordFailure(deps, entry, err);
    return undefined;
  }
  return ref;
}

async function send(
  port: ChannelPort,
  tenantId: string,
  payload: OutboxPayload,
  deliveryId: string,
): Promise<PostedRef> {
  switch (payload.kind) {
    case 'reply':
      if (payload.placeholder) {
        await port.updateMessage(tenantId, payload.placeholder, payload.message);
        return payload.placeholder;
      }
      return port.replyInThread(tenantId, payload.thread, payload.message, { deliveryId });
    case 'card_post':
      return port.postStaffCard(tenantId, payload.staffChannelId, payload.card, { deliveryId });
    case 'card_update':
      await port.updateStaffCard(tenantId, payload.ref, payload.card);
      return payload.ref;
  }
}

/** Counts a failed attempt: retried later with backoff, or given up (logged and audited). */
export async function recordFailure(deps: DeliveryDeps, entry: OutboxEntry, err: unknown): Promise<void> {
  const policy = deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY;
  const now = deps.clock.now();
  const attempts = entry.attempts + 1;
  const giveUp = attempts >= policy.maxAttempts;
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  const context = { err, key: entry.key, kind: entry.kind, ticketId: entry.ticketId, attempts };
  if (giveUp) deps.logger.error(context, 'delivery failed for good; staff must follow up');
  else deps.logger.error(context, 'delivery failed; the outbox will retry');
  try {
    const marked = await deps.stores.outbox.markAttempt(entry.tenantId, entry.entryId, {
      attempts,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, policy)),
      lastError,
      status: giveUp ? 'failed' : 'pending',
      at: now,
      leaseToken: entry.leaseToken,
    });
    if (!marked) {
      // Our lease ran out and another poster holds the entry: what happens next is theirs to record.
      deps.logger.warn({ key: entry.key }, 'a failed attempt outlived its lease; not recorded');
      return;
    }
  } catch (markErr) {
    deps.logger.error({ err: markErr, key: entry.key }, 'recording a failed delivery failed');
  }
  if (!giveUp) return;
  try {
    await deps.stores.audit.record({
      tenantId: entry.tenantId,
      auditId: deps.ids.id('aud'),
      ticketId: entry.ticketId,
      approvalId: entry.approvalId,
      actor: { kind: 'system' },
      action: 'delivery.failed',
      after: { kind: entry.kind, key: entry.key, attempts },
      note: lastError,
      at: now,
    });
  } catch (auditErr) {
    deps.logger.error({ err: auditErr, key: entry.key }, 'audit write failed');
  }
}
