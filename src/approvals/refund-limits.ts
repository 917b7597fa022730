import type { ApprovalRequest, ApprovalStatus, Tenant } from '../domain/index.js';
import type { ApprovalServiceDeps } from './approval-effects.js';

const DAY_MS = 24 * 3_600_000;

/** Statuses of a request that may still move money. */
const OPEN: ApprovalStatus[] = ['pending', 'approved'];

/** Lock key for everything that reads then changes one customer's refunds (limits, open requests). */
export const customerLockKey = (tenantId: string, customerId: string) => `customer:${tenantId}/${customerId}`;

type LimitDeps = Pick<ApprovalServiceDeps, 'orders' | 'approvals'>;

/**
 * What counts against a customer's daily refund limit at `now`: refunds executed in the last 24 h,
 * plus refund requests of the last 24 h in one of `statuses`. An approved request whose refund is
 * already on the order (execution in flight) is counted once, through the order.
 */
export async function countRecentRefunds(
  deps: LimitDeps,
  input: {
    tenantId: string;
    customerId: string;
    now: Date;
    statuses?: ApprovalStatus[];
    /** The request being decided: it is the one the count is for, not one before it. */
    excludeApprovalId?: string;
  },
): Promise<number> {
  const since = new Date(input.now.getTime() - DAY_MS);
  const statuses = input.statuses ?? OPEN;
  const [executed, open] = await Promise.all([
    deps.orders.countRefundsSince(input.tenantId, input.customerId, since),
    deps.approvals.listOpenByCustomer(input.tenantId, input.customerId, since),
  ]);
  let requests = 0;
  for (const r of open) {
    if (r.action !== 'refund' || !statuses.includes(r.status) || r.approvalId === input.excludeApprovalId) {
      continue;
    }
    if (r.status === 'approved' && (await refundAlreadyOnOrder(deps, r))) continue;
    requests += 1;
  }
  return executed + requests;
}

async function refundAlreadyOnOrder(deps: LimitDeps, r: ApprovalRequest): Promise<boolean> {
  const order = await deps.orders.getOrder(r.tenantId, r.orderId);
  return Boolean(order?.refunds.some((x) => x.idempotencyKey === r.idempotencyKey));
}

/**
 * Decide-path re-check of the daily limit, just before a refund request becomes `approved`: the
 * refunds executed in 24 h plus the other requests already approved leave room for this one, or
 * not. Pending siblings do not count here: none of them is granted yet, and whichever is approved
 * first takes the room. Returns the reason (for staff) when approving would exceed the limit.
 */
export async function dailyLimitOnApproval(
  deps: LimitDeps & Pick<ApprovalServiceDeps, 'customers'>,
  tenant: Pick<Tenant, 'settings'>,
  request: ApprovalRequest,
  now: Date,
): Promise<string | null> {
  if (request.action !== 'refund') return null;
  const limit = tenant.settings.dailyRefundLimit;
  const count = await countRecentRefunds(deps, {
    tenantId: request.tenantId,
    customerId: request.customerId,
    now,
    statuses: ['approved'],
    excludeApprovalId: request.approvalId,
  });
  if (count < limit) return null;
  const customer = await deps.customers.get(request.tenantId, request.customerId);
  const who = customer?.name ?? 'The customer';
  return `${who} already had ${count} refund${count === 1 ? '' : 's'} in the last 24 hours (limit ${limit})`;
}

/** Who closes a request the daily limit stops: shown on the card as "Rejected by Refund policy". */
export const POLICY_ACTOR = { kind: 'system', name: 'Refund policy' } as const;
