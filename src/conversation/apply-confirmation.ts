import { confirmationAnswer } from '../agent/customer-request.js';
import type { Customer, Ticket, ThreadRef } from '../domain/index.js';
import { applyActionOutcome, type ActionTools } from './apply-action.js';
import { sendReply } from './delivery.js';
import type { EngineDeps } from './engine-deps.js';
import type { InboundOutcome, ParsedInboundMessage } from './ports.js';

/**
 * The customer's answer to "Refund $X on order N? Reply yes or no.", decided by code before any
 * agent runs: yes makes the refund (idempotently, through the approval service, which checks every
 * rule again), no clears the question. Null when the message is not such an answer, or there is no
 * live question: the message then goes to the agent like any other.
 */
export async function applyConfirmationReply(
  deps: EngineDeps,
  input: {
    ticket: Ticket;
    customer: Customer | null;
    message: ParsedInboundMessage;
    replyThread: ThreadRef;
  },
): Promise<InboundOutcome | null> {
  const { ticket, customer, message } = input;
  const pending = ticket.pendingConfirmation;
  if (!pending || !customer || pending.expiresAt.getTime() <= deps.clock.now().getTime()) return null;
  // Only the customer who asked answers it (as with the buttons): anyone else's "yes" in the
  // thread is an ordinary message.
  const asked = pending.askedOf;
  if (asked && (asked.platform !== message.platform || asked.userId !== message.author.userId)) return null;
  const answer = confirmationAnswer(message.text);
  if (!answer) return null;
  const outcome = await deps.approvals.confirm({
    ticket,
    customer,
    answer,
    requestedBy: {
      kind: 'customer',
      platform: message.platform,
      userId: message.author.userId,
      name: message.author.name,
    },
  });
  if (outcome.kind === 'none') return null;
  return applyActionOutcome(
    deps,
    ticket,
    customer,
    outcome,
    confirmationTools(deps, ticket, input.replyThread),
    {
      language: ticket.language,
    },
  );
}

/** How the answer's outcome is said in the ticket's thread and language (typed or clicked). */
export function confirmationTools(deps: EngineDeps, ticket: Ticket, replyThread: ThreadRef): ActionTools {
  const language = ticket.language;
  const target = { tenantId: ticket.tenantId, ticketId: ticket.ticketId, thread: replyThread };
  return {
    say: (text, options) =>
      sendReply(deps, target, text, {
        language,
        ...(options?.moneyReference ? { moneyReference: options.moneyReference } : {}),
        ...(options?.confirm ? { confirm: options.confirm } : {}),
      }),
    phrase: (key, params = {}) => deps.agent.phrase(key, language, { ticketId: ticket.ticketId, ...params }),
    out: (status, reason) => ({ status, ticketId: ticket.ticketId, reason }),
  };
}
