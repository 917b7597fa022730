import type { Platform, Ticket } from '../domain/index.js';
import { formatMoney } from '../domain/money.js';
import { confirmationTools } from './apply-confirmation.js';
import { applyActionOutcome } from './apply-action.js';
import type { EngineDeps } from './engine-deps.js';

/** A click on Yes or No under a refund question, as the adapter read it from a verified payload. */
export interface ConfirmationClickInput {
  tenantId: string;
  ticketId: string;
  /** The question the button was posted under (`cnf_…`). */
  confirmationId: string;
  answer: 'yes' | 'no';
  /** Who clicked, as the platform vouches (Slack users.info, the Teams roster, a sandbox contact). */
  actor: { platform: Platform; userId: string; name?: string };
}

export interface ConfirmationClickResult {
  /** False when nothing happened (not the customer's button, expired, already answered). */
  ok: boolean;
  /** One sentence for the person who clicked only (Slack ephemeral, Teams reply, sandbox toast). */
  message: string;
  /**
   * What the question should read now, without buttons, when this click ended it (answered or
   * found expired). Absent otherwise: someone else clicked (the customer can still answer), or
   * another answer closed it first (it left the question as it should read).
   */
  prompt?: string;
}

const OUT_OF_DATE = 'This button is out of date.';

/**
 * The customer's Yes or No from a button: the same path as a typed answer (the approval service
 * settles the question once and runs the refund under the key it was asked with), after checking
 * that the clicker is the customer who asked and that this very question is still open.
 */
export async function answerConfirmation(
  deps: EngineDeps,
  input: ConfirmationClickInput,
): Promise<ConfirmationClickResult> {
  const ticket = await deps.stores.tickets.get(input.tenantId, input.ticketId);
  if (!ticket) return { ok: false, message: OUT_OF_DATE };
  const say = (key: Parameters<EngineDeps['agent']['phrase']>[0], params: Record<string, string> = {}) =>
    deps.agent.phrase(key, ticket.language, { ticketId: ticket.ticketId, ...params });
  const pending = ticket.pendingConfirmation;
  const current = pending?.confirmationId === input.confirmationId ? pending : undefined;
  if (current && !isAskedCustomer(ticket, current.askedOf, input.actor)) {
    deps.logger.warn(
      { ticketId: ticket.ticketId, platform: input.actor.platform },
      'refund question answered by someone other than the customer: ignored',
    );
    return { ok: false, message: say('refund_confirm_not_yours') };
  }
  if (!current) {
    // Answered before (a click, a typed yes) or replaced by a newer question: nothing to do. The
    // question is left as the answer that closed it left it.
    return { ok: false, message: say('refund_confirm_closed') };
  }
  const question = say('refund_confirm', {
    orderId: current.orderId,
    amount: formatMoney(current.amountMinor, current.currency),
  });
  if (current.expiresAt.getTime() <= deps.clock.now().getTime()) {
    const hours = Math.round((current.expiresAt.getTime() - current.askedAt.getTime()) / 3_600_000);
    const expired = say('refund_confirm_expired', { hours: String(hours) });
    return { ok: false, message: expired, prompt: `${question}\n\n${expired}` };
  }
  const customer = ticket.customerId
    ? await deps.stores.customers.get(ticket.tenantId, ticket.customerId)
    : null;
  if (!customer) return { ok: false, message: OUT_OF_DATE };
  const outcome = await deps.approvals.confirm({
    ticket,
    customer,
    answer: input.answer,
    confirmationId: current.confirmationId,
    requestedBy: {
      kind: 'customer',
      platform: input.actor.platform,
      userId: input.actor.userId,
      ...(input.actor.name ? { name: input.actor.name } : {}),
    },
  });
  if (outcome.kind === 'none') {
    // Lost the race to a second click or a typed answer: that one did (or did not) refund.
    return { ok: false, message: say('refund_confirm_closed') };
  }
  const answered = say(input.answer === 'yes' ? 'refund_confirm_answered_yes' : 'refund_confirm_answered_no');
  // What follows (refunded with the reference, sent to staff, declined) is said in the thread as
  // for a typed answer; a person holding the ticket keeps it as a note instead.
  await applyActionOutcome(deps, ticket, customer, outcome, confirmationTools(deps, ticket, ticket.thread), {
    language: ticket.language,
  });
  return { ok: true, message: answered, prompt: `${question}\n\n${answered}` };
}

/** The customer who asked for the refund (or, for older questions, the ticket's requester). */
function isAskedCustomer(
  ticket: Pick<Ticket, 'requester'>,
  askedOf: { platform: Platform; userId: string } | undefined,
  actor: { platform: Platform; userId: string },
): boolean {
  const who = askedOf ?? ticket.requester;
  return who.platform === actor.platform && who.userId === actor.userId;
}
