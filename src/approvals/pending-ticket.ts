import type { Message, Ticket } from '../domain/index.js';
import type { UnstoredTicket } from './api.js';
import { audit, SYSTEM_ACTOR, type ApprovalServiceDeps } from './approval-effects.js';

/**
 * Moves the ticket to pending_approval if the bot still has it (open or resolved); the ticket
 * after, or null. Conditional on the status seen, so the audit's `before` is what it was: a ticket
 * that moved since the caller read it is read again. A new ticket not stored yet (`unstored`) is
 * stored in that state instead, in one insert; the audit tells the move from its first state.
 */
export async function markPending(
  deps: ApprovalServiceDeps,
  seen: Ticket,
  keep?: Message,
  unstored?: UnstoredTicket,
  /** Only a ticket not stored yet (nothing to move otherwise). */
  onlyNew = false,
): Promise<Ticket | null> {
  // A new ticket is stored in this state (issue 13: one insert instead of an insert and a move).
  const inserted = await unstored?.storePending(deps.clock.now(), keep);
  if (inserted) {
    await changedAudit(deps, seen, seen.status, inserted.status);
    return inserted;
  }
  if (onlyNew) return null;
  const from = async (before: Ticket | null) => {
    if (!before || (before.status !== 'open' && before.status !== 'resolved')) return null;
    const after = await deps.tickets.update(
      before.tenantId,
      before.ticketId,
      { status: 'pending_approval', updatedAt: deps.clock.now() },
      { from: [before.status], ...(keep ? { keep, keepsAnswer: true } : {}) },
    );
    return after ? { before, after } : null;
  };
  const moved = (await from(seen)) ?? (await from(await deps.tickets.get(seen.tenantId, seen.ticketId)));
  if (!moved) return null;
  await changedAudit(deps, seen, moved.before.status, moved.after.status);
  return moved.after;
}

function changedAudit(deps: ApprovalServiceDeps, seen: Ticket, before: string, after: string) {
  return audit(deps, {
    tenantId: seen.tenantId,
    ticketId: seen.ticketId,
    actor: SYSTEM_ACTOR,
    action: 'ticket.status_changed',
    before: { status: before },
    after: { status: after },
  });
}
