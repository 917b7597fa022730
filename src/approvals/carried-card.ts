import type { ApprovalRequest, Ticket } from '../domain/index.js';
import type { CarriedCard } from './api.js';
import { cardSources, recordCardPosted, type ApprovalServiceDeps } from './approval-effects.js';
import { loadApprovalCard } from './card-data.js';

/*
 * Issue 13: a new request's card is posted from an outbox entry its own insert carries
 * (`ApprovalRequest.cardEntry`), not from an insert into the outbox; the write that stores the
 * card's reference (`setCard`) is that post's sent mark and drops the entry. A request whose run
 * died before that write is found without a card by the approvals sweep, whose `postCard` hands
 * the entry to the outbox first (same entry id), so it is posted once: by the outbox sweep once
 * its poster's lease ran out, looking for the card first (Slack's metadata), or taken over there.
 * Off under `OUTBOX_IN_TURN=off` (older processes know only the outbox's entries).
 */

/** The pending post of a new request's card, to store with it; undefined: posted as before. */
export async function carriedCard(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  request: ApprovalRequest,
): Promise<CarriedCard | undefined> {
  if (!deps.notifier.carryCard || !deps.notifier.postCarriedCard) return undefined;
  const card = await loadApprovalCard(cardSources(deps), request);
  return card ? deps.notifier.carryCard(request.tenantId, ticket.thread, card) : undefined;
}

/** Posts the card the request was stored with and stores its ref (the post's sent mark). */
export async function postCarried(
  deps: ApprovalServiceDeps,
  request: ApprovalRequest,
  carried: CarriedCard,
): Promise<void> {
  try {
    const ref = await deps.notifier.postCarriedCard!(carried);
    if (!ref) return;
    await recordCardPosted(deps, request, ref);
  } catch (err) {
    // Stored with the request: whoever finds it without a card hands it to the outbox.
    deps.logger.error(
      { err, approvalId: request.approvalId, ticketId: request.ticketId },
      'posting the approval card failed',
    );
  }
}
