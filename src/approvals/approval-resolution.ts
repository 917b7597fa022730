import type { PhraseKey } from '../agent/types.js';
import type { ApprovalRequest, Message, Ticket, TicketStatus } from '../domain/index.js';
import {
  auditStatusChanged,
  cardSources,
  noticeId,
  phraseParams,
  tellCustomerOutcome,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import { formatMoney } from './policy.js';

/** The states a ticket resolves from once its approved action ran (escalated or taken over stay with staff). */
const RESOLVABLE: TicketStatus[] = ['pending_approval', 'open'];

/**
 * After an executed refund or cancellation the customer has what they asked for and has been
 * told: the ticket resolves, as it does when the bot answers a question, and the notifier writes
 * the interaction history. Returns false when the ticket is not resolved here (the customer was
 * not told yet, another request on it still waits, or it is not in the approval flow any more:
 * escalated or taken over tickets stay with staff).
 */
export async function resolveAfterExecution(
  deps: ApprovalServiceDeps,
  executed: ApprovalRequest,
  /**
   * What the caller knows already: `executed` is the request as stored now (its effects ran on it)
   * and whether another request of the ticket still waits (the ledger told it). Read otherwise.
   */
  known?: { siblingsPending: boolean },
): Promise<boolean> {
  const { tenantId, ticketId, approvalId } = executed;
  // The ticket as this operation read it (a click's, at its start; a fresh read in the sweep): the
  // update below is conditional on the status seen, so a ticket that moved meanwhile is read again.
  const seen = await cardSources(deps).tickets.get(tenantId, ticketId);
  // By key from the ticket just read (Ticket.approvals), when the caller does not know.
  const siblings = known ? null : await deps.approvals.listByTicket(tenantId, ticketId, seen ?? undefined);
  // The ticket's requests include this one as stored now (customerNotifiedAt set or not): one read.
  const request = !siblings
    ? executed
    : (siblings.find((o) => o.approvalId === approvalId) ?? (await deps.approvals.get(tenantId, approvalId)));
  // The notice run just before marks the request told only with the effects' progress, after this.
  if (!(executed.customerNotifiedAt ?? request?.customerNotifiedAt)) return false;
  const pendingSibling = siblings
    ? siblings.some((o) => o.approvalId !== approvalId && o.status === 'pending')
    : known?.siblingsPending;
  if (pendingSibling) return false;
  const moved =
    (await resolveFrom(deps, executed, seen)) ??
    (await resolveFrom(deps, executed, await deps.tickets.get(tenantId, ticketId)));
  if (!moved) return false;
  await afterResolved(deps, executed, moved);
  return true;
}

/**
 * Resolves the ticket from the state seen (conditional on it), its SLA clocks stopped in the same
 * write; `keep`: the customer's notice, kept on the transcript ahead of its post. Null when the
 * ticket is not resolvable or moved since it was seen.
 */
async function resolveFrom(
  deps: ApprovalServiceDeps,
  executed: ApprovalRequest,
  before: Ticket | null,
  keep?: Message,
): Promise<{ before: Ticket; after: Ticket } | null> {
  if (!before || !RESOLVABLE.includes(before.status)) return null;
  const now = deps.clock.now();
  // The SLA clocks stop in this write; they are worked out from the ticket seen, so the write
  // also expects its version (a ticket changed since is read again by the caller).
  const sla = await deps.notifier.resolvedClocks?.(before, now);
  const after = await deps.tickets.update(
    executed.tenantId,
    executed.ticketId,
    {
      status: 'resolved',
      resolvedAt: now,
      // A person's approval settled it; an automatic one (under the limit) is the bot's doing.
      resolvedBy: executed.decidedBy?.kind === 'staff' ? 'person' : 'bot',
      updatedAt: now,
      ...(sla ? { sla } : {}),
    },
    {
      from: [before.status],
      ...(sla ? { expectedVersion: before.version } : {}),
      ...(keep ? { keep, keepsAnswer: true } : {}),
    },
  );
  return after ? { before, after } : null;
}

/** What the history says of a ticket this request's outcome resolved. */
function resolvedSummary(executed: ApprovalRequest): string {
  const who = executed.decidedBy?.name ?? executed.decidedBy?.userId ?? 'staff';
  return `${executed.action} of ${formatMoney(executed.amountMinor, executed.currency)} for order ${executed.orderId} approved by ${who} and executed (${executed.execution?.reference ?? 'no reference'})`;
}

/**
 * The trail and the history of a ticket this request's outcome resolved; `historyRecorded`: the
 * history entry rode in the customer's notice (resolveThenTell), so none is written here.
 */
async function afterResolved(
  deps: ApprovalServiceDeps,
  executed: ApprovalRequest,
  { before, after }: { before: Ticket; after: Ticket },
  historyRecorded = false,
): Promise<void> {
  const { tenantId, ticketId, approvalId } = executed;
  await auditStatusChanged(
    deps,
    { tenantId, ticketId, approvalId },
    before.status,
    after.status,
    `${executed.action} executed`,
  );
  try {
    await deps.notifier.ticketResolved?.(
      after,
      resolvedSummary(executed),
      historyRecorded ? { historyRecorded } : undefined,
    );
  } catch (err) {
    deps.logger.error({ err, ticketId, approvalId }, 'recording the resolved ticket failed');
  }
}

/**
 * The outcome's notice and the ticket's resolution of an executed request, in one ticket write
 * (issue 13): when the bot may tell the customer now, the ticket resolves first, conditional on
 * the status this operation saw (a person who took the thread over since fails it), keeping the
 * notice on its transcript, and the notice is posted against that write (no read, no transcript
 * write of its own), as a plain answer is against its resolving write. Null when this way does
 * not apply (a person or a channel mode holds the thread, the ticket moved, no port): the caller
 * tells the customer, then resolves, the usual way. Only for a request with no other request of
 * its ticket waiting (the caller knows it from the ledger).
 *
 * A run that dies after the resolve leaves the notice due (and the card with it): the sweep
 * tells the customer under the notice's id, which the transcript entry already carries. If the
 * channel left auto mode between the check and the post, the notice is held as a note and the
 * ticket goes back to `open` with the notice taken off its transcript, as after a held answer.
 */
export async function resolveThenTell(
  deps: ApprovalServiceDeps,
  executed: ApprovalRequest,
  key: PhraseKey,
  options: { withCard: boolean },
): Promise<{ resolved: boolean; told: { ok: boolean; notifiedAt?: Date } } | null> {
  const planner = deps.notifier.plannedNotice?.bind(deps.notifier);
  if (!planner || executed.customerNotifiedAt) return null;
  const seen = await cardSources(deps).tickets.get(executed.tenantId, executed.ticketId);
  if (!seen || !RESOLVABLE.includes(seen.status)) return null;
  const kept = await planner(seen, key, phraseParams(executed), noticeId(executed, key));
  if (!kept) return null;
  const moved = await resolveFrom(deps, executed, seen, kept);
  if (!moved) return null;
  const told = await tellCustomerOutcome(
    deps,
    executed,
    key,
    {},
    {
      markLater: true,
      withCard: options.withCard,
      written: { ticket: moved.after, kept, summary: resolvedSummary(executed) },
    },
  );
  if (told.ok && !told.notifiedAt) {
    // Held at the last moment: the customer does not know, so the ticket is not resolved.
    await deps.messages.dropCarried?.(executed.tenantId, executed.ticketId, kept.messageId);
    await deps.tickets.update(
      executed.tenantId,
      executed.ticketId,
      { status: 'open', updatedAt: deps.clock.now() },
      { from: ['resolved'] },
    );
    return { resolved: false, told };
  }
  // Told, or telling failed and stays due (the sweep tells them under the same id): resolved.
  await afterResolved(deps, executed, moved, told.historyRecorded === true);
  return { resolved: true, told };
}
