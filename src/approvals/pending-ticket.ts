import type { Message, Ticket } from '../domain/index.js';
import type { UnstoredTicket } from './api.js';
import { auditStatusChanged, type ApprovalServiceDeps } from './approval-effects.js';

/**
 * Moves the ticket to pending_approval if the bot still has it (open or resolved); the ticket
 * after, or null. Conditional on the status seen, so the audit's `before` is what it was: a ticket
 * that moved since the caller read it is read again. A new ticket not stored yet (`unstored`) is
 * stored in that state instead, in one insert; the audit tells the move from its first state.
 * Either write adds `approvalId` to the ticket's requests (`Ticket.approvals`); a ticket that does
 * not move gets it in a write of its own (staff have it, or another request already waits).
 */
export async function markPending(
  deps: ApprovalServiceDeps,
  seen: Ticket,
  approvalId: string,
  keep?: Message,
  unstored?: UnstoredTicket,
  /** Only a ticket not stored yet (nothing to move otherwise). */
  onlyNew = false,
): Promise<Ticket | null> {
  // A new ticket is stored in this state (issue 13: one insert instead of an insert and a move).
  const inserted = await unstored?.storePending(deps.clock.now(), keep, approvalId);
  if (inserted) {
    await auditStatusChanged(deps, seen, seen.status, inserted.status);
    return inserted;
  }
  // A rerun of a run killed between the request's insert and its ticket's write: listed now.
  if (onlyNew) {
    if (!listsApproval(seen, approvalId)) await listApproval(deps, seen, approvalId);
    return null;
  }
  const from = async (before: Ticket | null) => {
    if (!before || (before.status !== 'open' && before.status !== 'resolved')) return null;
    const after = await deps.tickets.update(
      before.tenantId,
      before.ticketId,
      { status: 'pending_approval', updatedAt: deps.clock.now() },
      { from: [before.status], addApproval: approvalId, ...(keep ? { keep, keepsAnswer: true } : {}) },
    );
    return after ? { before, after } : null;
  };
  const moved = (await from(seen)) ?? (await from(await deps.tickets.get(seen.tenantId, seen.ticketId)));
  if (!moved) {
    await listApproval(deps, seen, approvalId);
    return null;
  }
  await auditStatusChanged(deps, seen, moved.before.status, moved.after.status);
  return moved.after;
}

/** Whether the ticket as read lists the request (a ticket stored before lists none: it is scanned). */
export function listsApproval(ticket: Ticket, approvalId: string): boolean {
  return !ticket.approvals?.whole || ticket.approvals.ids.includes(approvalId);
}

/**
 * Adds a request to its ticket's list, where the write that should have carried it did not (see
 * markPending; a click or the expiry that finds it missing). A failure is logged: only its
 * ticket's readers miss the request until the next such write.
 */
export async function listApproval(
  deps: Pick<ApprovalServiceDeps, 'tickets' | 'logger'>,
  ticket: Pick<Ticket, 'tenantId' | 'ticketId'>,
  approvalId: string,
): Promise<Ticket | null> {
  try {
    return await deps.tickets.addApproval(ticket.tenantId, ticket.ticketId, approvalId);
  } catch (err) {
    deps.logger.warn(
      { err, ticketId: ticket.ticketId, approvalId },
      'listing an approval on its ticket failed',
    );
    return null;
  }
}
