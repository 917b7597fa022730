import type { ApprovalRequest } from '../domain/index.js';
import type { SeenReplies } from './facts.js';
import { approvalKey, ticketKey } from './recount-keys.js';
import { FACTS_REMEMBERED, rememberIn } from './remembered-facts.js';

/** Requests in these states never change again. */
const FINAL = new Set<ApprovalRequest['status']>(['executed', 'failed', 'rejected', 'expired']);

/**
 * What the events told this process about tickets and approval requests, so their recounts read
 * less: kept until a recount takes it, the oldest forgotten first.
 */
export interface RecountHints {
  /** A reply the bot or a person made on the ticket (its earliest of each kind is kept). */
  sawReply(tenantId: string, ticketId: string, by: 'bot' | 'person', at: Date): void;
  /** The replies seen since the ticket's last recount, forgotten as they are taken. */
  takeReplies(tenantId: string, ticketId: string): SeenReplies | undefined;
  forgetReplies(tenantId: string, ticketId: string): void;
  /** The ticket's last event was a rating: its next recount reads it. */
  sawRating(tenantId: string, ticketId: string): void;
  /** Whether a rating was seen since the last recount (forgotten as it is taken). */
  takeRating(tenantId: string, ticketId: string): boolean;
  /** The request belongs to the ticket (a request never changes ticket), which has requests. */
  linkApproval(tenantId: string, approvalId: string, ticketId: string): void;
  /** The ticket of a request this process counted or saw an event of. */
  ticketOf(tenantId: string, approvalId: string): string | undefined;
  /** The ticket has requests: its recounts recount them too. */
  markHasApprovals(tenantId: string, ticketId: string): void;
  hasApprovals(tenantId: string, ticketId: string): boolean;
  /**
   * A request as an event announced it (a click's outcome). Only final ones are kept: a final
   * request never changes again, so the copy is as good as a read whenever the recount comes.
   */
  announce(tenantId: string, approval: ApprovalRequest): void;
  /** The listed requests when every one was announced (then forgotten), else undefined. */
  takeAnnounced(tenantId: string, approvalIds: readonly string[]): ApprovalRequest[] | undefined;
}

export function createRecountHints(): RecountHints {
  /** Replies the events announced per ticket key, until its next recount takes them. */
  const seenReplies = new Map<string, SeenReplies>();
  /** Tickets whose last event was a rating, until their next recount reads it. */
  const rated = new Set<string>();
  /**
   * The ticket of each approval request this process counted (a request never changes ticket):
   * an event about one is recounted with its ticket, which reads the ticket's requests anyway.
   */
  const approvalTicketOf = new Map<string, string>();
  /** Tickets this process saw approvals of (their recounts recount the approvals too). */
  const approvalTickets = new Set<string>();
  /** Final requests as the events announced them, until their ticket's recount takes them (issue 13). */
  const announced = new Map<string, ApprovalRequest>();

  function markHasApprovals(tenantId: string, ticketId: string): void {
    approvalTickets.add(ticketKey(tenantId, ticketId));
    if (approvalTickets.size > FACTS_REMEMBERED)
      approvalTickets.delete(approvalTickets.values().next().value!);
  }

  return {
    sawReply(tenantId, ticketId, by, at) {
      const key = ticketKey(tenantId, ticketId);
      const seen = seenReplies.get(key) ?? {};
      const field = by === 'bot' ? 'botAt' : 'personAt';
      if (!seen[field] || at < seen[field]) seen[field] = at;
      seenReplies.set(key, seen);
    },
    takeReplies(tenantId, ticketId) {
      const key = ticketKey(tenantId, ticketId);
      const seen = seenReplies.get(key);
      seenReplies.delete(key);
      return seen;
    },
    forgetReplies: (tenantId, ticketId) => void seenReplies.delete(ticketKey(tenantId, ticketId)),
    sawRating: (tenantId, ticketId) => void rated.add(ticketKey(tenantId, ticketId)),
    takeRating: (tenantId, ticketId) => rated.delete(ticketKey(tenantId, ticketId)),
    linkApproval(tenantId, approvalId, ticketId) {
      rememberIn(approvalTicketOf, approvalKey(tenantId, approvalId), ticketId);
      markHasApprovals(tenantId, ticketId);
    },
    ticketOf: (tenantId, approvalId) => approvalTicketOf.get(approvalKey(tenantId, approvalId)),
    markHasApprovals,
    hasApprovals: (tenantId, ticketId) => approvalTickets.has(ticketKey(tenantId, ticketId)),
    announce(tenantId, approval) {
      if (FINAL.has(approval.status))
        rememberIn(announced, approvalKey(tenantId, approval.approvalId), approval);
    },
    takeAnnounced(tenantId, approvalIds) {
      const held = approvalIds.map((id) => announced.get(approvalKey(tenantId, id)));
      if (held.some((a) => a === undefined)) return undefined;
      for (const id of approvalIds) announced.delete(approvalKey(tenantId, id));
      return held as ApprovalRequest[];
    },
  };
}
