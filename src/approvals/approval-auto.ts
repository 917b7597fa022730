import type { Order, Ticket } from '../domain/index.js';
import { refundedMinor } from '../commerce/eligibility.js';
import type { ProposedAction } from '../agent/types.js';
import type { ProposalOutcome } from './api.js';
import { audit, describeError, SYSTEM_ACTOR, type ApprovalServiceDeps } from './approval-effects.js';

/**
 * Derived from ticket + order + action + what the order had refunded before, so a redelivered
 * message (same state) cannot refund twice, while a second, later refund in the same ticket gets
 * its own key instead of the first refund's answer.
 */
export function autoKey(
  ticket: Pick<Ticket, 'ticketId'>,
  order: Pick<Order, 'orderId' | 'refunds'>,
  action: string,
): string {
  return `${autoKeyBase(ticket.ticketId, order.orderId, action)}:${refundedMinor(order)}`;
}

function autoKeyBase(ticketId: string, orderId: string, action: string): string {
  return `auto:${ticketId}:${orderId}:${action}`;
}

/**
 * The automatic refund this ticket already made for this very request, if the message is a
 * redelivery: one of the ticket's automatic refunds on the order for the same amount, or any of them
 * when nothing is left to refund (an amount asked above the total was capped to it).
 * Keys without the trailing `:<refunded before>` are the older format and still count.
 */
export function findRedelivery(
  order: Order,
  ticket: Pick<Ticket, 'ticketId'>,
  action: ProposedAction,
): Order['refunds'][number] | undefined {
  if (action.type !== 'refund') return undefined;
  const base = autoKeyBase(ticket.ticketId, order.orderId, action.type);
  const mine = order.refunds.filter(
    (r) => r.idempotencyKey === base || r.idempotencyKey.startsWith(`${base}:`),
  );
  const latest = (list: typeof mine) => list[list.length - 1];
  if (action.amountMinor !== undefined) {
    const same = latest(mine.filter((r) => r.amountMinor === action.amountMinor));
    if (same) return same;
  }
  return refundedMinor(order) >= order.totalMinor ? latest(mine) : undefined;
}

/** A refund under the automatic limit: executed at once with a key only this ticket's request can produce. */
export async function executeAutomatically(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  order: Order,
  decision: {
    action: 'refund' | 'cancellation';
    orderId: string;
    amountMinor: number;
    currency: string;
    reason: string;
  },
  /** The key a confirmation was asked under (a repeated yes refunds once); derived otherwise. */
  key?: string,
): Promise<ProposalOutcome> {
  const idempotencyKey = key ?? autoKey(ticket, order, decision.action);
  try {
    const result = await deps.orders.refund(ticket.tenantId, {
      orderId: decision.orderId,
      amountMinor: decision.amountMinor,
      idempotencyKey,
      reason: decision.reason,
    });
    await audit(deps, {
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      actor: SYSTEM_ACTOR,
      action: 'action.executed',
      after: {
        orderId: decision.orderId,
        amountMinor: result.amountMinor,
        reference: result.refundId,
        idempotencyKey,
        duplicate: result.duplicate,
      },
    });
    return {
      kind: 'executed',
      action: 'refund',
      reference: result.refundId,
      amountMinor: result.amountMinor,
      currency: decision.currency,
      orderId: decision.orderId,
    };
  } catch (err) {
    const error = describeError(err);
    deps.logger.error(
      { err, ticketId: ticket.ticketId, orderId: decision.orderId },
      'automatic refund failed',
    );
    await audit(deps, {
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      actor: SYSTEM_ACTOR,
      action: 'action.failed',
      after: { orderId: decision.orderId, amountMinor: decision.amountMinor, idempotencyKey },
      note: error,
    });
    return {
      kind: 'escalate',
      reason: `The automatic refund for order ${decision.orderId} failed: ${error}`,
    };
  }
}
