import type { Message } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';

/** Whether a stored customer message of one ticket has been dealt with (see answeredCheck). */
export type AnsweredCheck = (m: Message) => boolean;

/**
 * Reads a ticket's state once and says, per customer message, whether someone dealt with it:
 * - a bot or staff message after it in the transcript, or a reply to the ticket durably queued
 *   (an outbox entry since it): the customer has, or will get, an answer;
 * - the ticket handed to a person since it (escalated after it, taken over), a draft for staff
 *   since it, an approval request since it, or the channel `off` (nobody promised an answer);
 * - a decision that there was nothing to answer (`ignore`: a "thanks!").
 * A decision record alone is not enough: it is written before the reply, and a run that died
 * between the two (a kill, the database gone) left the customer unanswered with a ticket that
 * looked handled (issue 12, case 3).
 */
export async function answeredCheck(
  deps: EngineDeps,
  tenantId: string,
  ticketId: string,
): Promise<AnsweredCheck> {
  const ticket = await deps.stores.tickets.get(tenantId, ticketId);
  if (!ticket) return () => false;
  if (ticket.status === 'human') return () => true;
  const channel = await deps.stores.channels.get(tenantId, ticket.thread.platform, ticket.thread.channelId);
  if (channel?.mode === 'off') return () => true;
  const [decisions, transcript, queued, approvals] = await Promise.all([
    deps.stores.decisions.listByTicket(tenantId, ticketId),
    // From the ticket just read: the transcript it keeps, with no read of its own.
    deps.stores.messages.listByTicket(tenantId, ticketId, 50, ticket),
    deps.stores.outbox.list(tenantId, { ticketId, limit: 200 }),
    deps.stores.approvals.listByTicket(tenantId, ticketId, ticket),
  ]);
  const ignored = new Set(decisions.filter((d) => d.route === 'ignore').map((d) => d.messageId));
  const escalatedAt = ticket.escalation?.at.getTime() ?? -1;
  const draftAt = ticket.draft?.createdAt.getTime() ?? -1;
  const since = (at: number, m: Message) => at >= m.createdAt.getTime();
  // An answer its resolving write kept ahead of its delivery answers once its outbox entry exists
  // (the clause on `queued`): a run that died before queueing it left the customer unanswered.
  const carried = new Set(
    Object.values(ticket.transcript?.entries ?? {})
      .filter((e) => e.carried)
      .map((e) => e.messageId),
  );
  return (m) =>
    ignored.has(m.messageId) ||
    since(escalatedAt, m) ||
    since(draftAt, m) ||
    transcript.some(
      (t) =>
        (t.role === 'bot' || t.role === 'staff') &&
        !carried.has(t.messageId) &&
        since(t.createdAt.getTime(), m),
    ) ||
    queued.some((e) => e.kind === 'reply' && since(e.createdAt.getTime(), m)) ||
    approvals.some((a) => since(a.createdAt.getTime(), m));
}

/** `answeredCheck` for one message. */
export async function isAnswered(deps: EngineDeps, m: Message): Promise<boolean> {
  if (!m.ticketId) return true;
  return (await answeredCheck(deps, m.tenantId, m.ticketId))(m);
}
