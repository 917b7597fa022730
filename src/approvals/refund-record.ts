import type { ApprovalRequest } from '../domain/index.js';
import type { ApprovalServiceDeps } from './approval-effects.js';
import { holdOf, releaseRequest } from './refund-limits.js';

/**
 * What follows a request's money reaching its order: a refund's hold stays in the ledger as the
 * day's record of it, as a `granted` hold (one write, as the release it replaces; `settledGrants`
 * tells it from an open request, and its key is left out of the order system's count). Every
 * Switchboard refund of the day is then in the ledger while it counts today, so the customer's
 * orders may be read before the ledger (order-view.ts). A cancellation counts nowhere: released.
 */
export async function settleRequest(
  deps: Pick<ApprovalServiceDeps, 'refundLedgers' | 'approvals' | 'logger'>,
  r: ApprovalRequest,
): Promise<{ siblingsPending: boolean } | null> {
  if (r.action !== 'refund' || !deps.refundLedgers.take) return releaseRequest(deps, r);
  try {
    const taken = await deps.refundLedgers.take(r.tenantId, r.customerId, holdOf(r, 'granted'));
    if (!taken) return null;
    return {
      siblingsPending: taken.holds.some(
        (h) => h.ticketId === r.ticketId && h.kind === 'request' && h.key !== r.idempotencyKey,
      ),
    };
  } catch (err) {
    deps.logger.error({ err, customerId: r.customerId }, 'recording a refund in its ledger failed');
    return null;
  }
}
