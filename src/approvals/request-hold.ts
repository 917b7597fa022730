import type { ProposedAction } from '../agent/types.js';
import type { OrderSystem } from '../commerce/order-system.js';
import type { Tenant, Ticket } from '../domain/index.js';
import type { ApprovalServiceDeps } from './approval-effects.js';
import type { RefundHold } from './refund-ledger.schema.js';
import { countAfter, live, type LedgerView } from './refund-limits.js';

/**
 * A refund proposal that can only end in an approval request (or be refused): its amount is at or
 * above the automatic limit, or a person is involved in the ticket, so no automatic refund and no
 * confirmation question can come of it. Only then is the request's hold taken before the policy
 * has seen the ledger (`takeRequestHold`); a wrong guess costs one write, never a refund.
 */
export function predictsRequest(
  action: ProposedAction,
  ticket: Pick<Ticket, 'status'>,
  tenant: Pick<Tenant, 'settings'>,
): action is ProposedAction & { amountMinor: number } {
  if (action.type !== 'refund' || action.amountMinor === undefined) return false;
  return action.amountMinor >= tenant.settings.autoRefundMaxMinor || ticket.status !== 'open';
}

/** The hold the request `approvalId` would take, as far as it is known before its order is read. */
export function provisionalHold(
  action: ProposedAction & { amountMinor: number },
  ticket: Pick<Ticket, 'ticketId'>,
  tenant: Pick<Tenant, 'settings'>,
  approvalId: string,
  now: Date,
): RefundHold & { approvalId: string } {
  return {
    key: `approval:${approvalId}`,
    kind: 'request',
    action: 'refund',
    orderId: action.orderId,
    ticketId: ticket.ticketId,
    approvalId,
    amountMinor: action.amountMinor,
    currency: tenant.settings.currency,
    at: now,
  };
}

/** True when `hold` is exactly the hold `request` takes (then it needs no second write). */
export function sameHold(a: RefundHold, b: RefundHold): boolean {
  return (
    a.key === b.key &&
    a.kind === b.kind &&
    a.action === b.action &&
    a.orderId === b.orderId &&
    a.ticketId === b.ticketId &&
    a.approvalId === b.approvalId &&
    a.amountMinor === b.amountMinor &&
    a.currency === b.currency &&
    a.at.getTime() === b.at.getTime()
  );
}

/**
 * The request's read of the ledger and its write in one round trip (issue 13), as an Approve
 * click's `take`: the hold is set whatever else the ledger holds, the ledger comes back as that
 * write left it, and the order system's refunds of the day are counted after it, as after a read.
 * The view returned leaves the caller's own hold out, so the policy decides on what others hold;
 * its revision is the write's, so a `put` from it (a hold of another amount, an automatic refund)
 * replaces the provisional hold in the same write. Of two requests racing for the customer's last
 * slot or for one order, the second writer sees the first's hold and is refused. Null when the
 * customer has no ledger yet (nothing written: the caller reads, then writes, as before).
 */
export async function takeRequestHold(
  deps: Pick<ApprovalServiceDeps, 'refundLedgers'>,
  hold: RefundHold & { approvalId: string },
  who: { tenantId: string; customerId: string; now: Date; ttlHours: number },
  orders: Pick<OrderSystem, 'countRefundsSince'>,
): Promise<LedgerView | null> {
  const taken = await deps.refundLedgers.take?.(who.tenantId, who.customerId, hold);
  if (!taken) return null;
  const holds = live(taken.holds, who.now, who.ttlHours).filter((h) => h.key !== hold.key);
  return countAfter(
    { tenantId: who.tenantId, customerId: who.customerId, rev: taken.rev, holds },
    who.now,
    orders,
  );
}
