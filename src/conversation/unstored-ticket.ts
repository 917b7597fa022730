import type { UnstoredTicket } from '../approvals/api.js';
import type { AgentResult } from '../agent/types.js';
import { carriedEntry, transcriptKey, type ChannelMode, type Ticket } from '../domain/index.js';

/**
 * Whether a new ticket's first run goes straight to a proposal for an identified customer (what
 * applyResult does in auto mode with a proposed action): then the proposal stores the ticket, in
 * the state it leaves it (see UnstoredTicket), instead of an insert now and a move after.
 */
export function proposalStoresTicket(result: AgentResult, mode: ChannelMode, identified: boolean): boolean {
  return (
    identified &&
    mode === 'auto' &&
    result.route !== 'ignore' &&
    result.route !== 'escalate' &&
    result.proposedAction !== undefined
  );
}

/**
 * `ticket` (with its first message on its transcript) stored once by `open` (the insert and what
 * follows it: publishing, the SLA due-list), as it is or already waiting for approval.
 */
export function unstoredTicket(ticket: Ticket, open: (stored: Ticket) => Promise<void>): UnstoredTicket {
  let stored: Promise<Ticket> | null = null;
  const once = (t: Ticket) => (stored ??= open(t).then(() => t));
  return {
    store: () => once(ticket),
    async storePending(at, keep, approvalId) {
      if (stored) return null;
      const entries = ticket.transcript?.entries ?? {};
      return once({
        ...ticket,
        status: 'pending_approval',
        updatedAt: at,
        // Its request rides on the insert too (Ticket.approvals).
        ...(approvalId ? { approvals: { ids: [approvalId], whole: true as const } } : {}),
        // The answer rides on the insert as it would on the move (kept ahead of its delivery).
        transcript: {
          whole: true,
          ...ticket.transcript,
          entries: keep ? { ...entries, [transcriptKey(keep.messageId)]: carriedEntry(keep) } : entries,
        },
      });
    },
  };
}
