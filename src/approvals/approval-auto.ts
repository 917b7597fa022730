import type { Ticket } from '../domain/index.js';
import type { ProposalOutcome } from './api.js';
import { audit, describeError, SYSTEM_ACTOR, type ApprovalServiceDeps } from './approval-effects.js';

/** Derived from ticket + order + action, so a redelivered message cannot refund twice. */
export function autoKey(ticket: Pick<Ticket, 'ticketId'>, orderId: string, action: string): string {
  return `auto:${ticket.ticketId}:${orderId}:${action}`;
}

/** A refund under the automatic limit: executed at once with a key only this ticket's request can produce. */
export async function executeAutomatically(
  deps: ApprovalServiceDeps,
  ticket: Ticket,
  decision: {
    action: 'refund' | 'cancellation';
    orderId: string;
    amountMinor: number;
    currency: string;
    reason: string;
  },
): Promise<ProposalOutcome> {
  const idempotencyKey = autoKey(ticket, decision.orderId, decision.action);
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
