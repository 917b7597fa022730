import type { StaffActionResult } from '../conversation/ports.js';
import type { ApprovalRequest, Tenant, Ticket } from '../domain/index.js';
import { createAuditBatch } from './audit-batch.js';
import type { ApprovalService } from './api.js';
import {
  audit,
  cardSources,
  refreshCard,
  snapshot,
  tellCustomer,
  type ApprovalServiceDeps,
} from './approval-effects.js';
import {
  alreadyDecided,
  cardOf as cardOfRequest,
  expireRequest,
  handToRejecter,
  stopAtDailyLimit,
} from './approval-closing.js';
import { executeApproved } from './approval-execution.js';
import { authorizeDecision } from './authorize.js';
import { checkCustomerAsked } from './customer-asked.js';
import { memoCardSources } from './card-data.js';
import { listApproval, listsApproval } from './pending-ticket.js';
import { customerOrderView } from './order-view.js';
import { releaseRequest, takeRefundSlot } from './refund-limits.js';

/**
 * One staff click on an approval card: authorize, move the request out of `pending` with one
 * conditional update, then tell the customer (reject) or execute (approve). Both the decision and
 * the daily-limit slot are conditional writes in MongoDB, so they hold across processes; the
 * caller's in-process lock on the request only saves racing clicks the wasted work.
 */
export async function decideApproval(
  deps: ApprovalServiceDeps,
  input: Parameters<ApprovalService['decide']>[0],
): Promise<StaffActionResult> {
  const { tenantId, approvalId } = input;
  const request = await deps.approvals.get(tenantId, approvalId);
  if (!request) return { ok: false, message: 'This approval request no longer exists.' };
  const [tenant, ticket] = await Promise.all([
    deps.tenants.get(tenantId),
    deps.tickets.get(tenantId, request.ticketId),
  ]);
  if (!tenant) return { ok: false, message: 'This approval request no longer exists.' };
  // A request a run killed before its ticket's write left off its ticket's list: listed now.
  if (ticket && !listsApproval(ticket, approvalId)) await listApproval(deps, ticket, approvalId);
  // Every card this click renders (after the decision, after execution, the clicker's answer)
  // shares one read of its facts; the tenant and ticket read above are among them. The click's
  // audit events go out in one write at the end, before it answers (audit-batch.ts).
  const batch = createAuditBatch(deps.audit, deps.logger);
  const d: ApprovalServiceDeps = {
    ...deps,
    audit: batch.log,
    // The daily count and the order refunded from one read of the customer's orders.
    orders: customerOrderView(deps.orders, tenantId, request.customerId),
    cards: memoCardSources(cardSources(deps), { tenant, ticket }),
  };
  try {
    return await decideWith(d, input, { request, tenant, ticket }, batch.flush);
  } finally {
    await batch.flush();
  }
}

async function decideWith(
  d: ApprovalServiceDeps,
  input: Parameters<ApprovalService['decide']>[0],
  read: { request: ApprovalRequest; tenant: Tenant; ticket: Ticket | null },
  flushAudit: () => Promise<boolean>,
): Promise<StaffActionResult> {
  const { tenantId, approvalId, decision, actor } = input;
  const { request, tenant, ticket } = read;
  const staff = {
    kind: 'staff' as const,
    platform: actor.platform,
    userId: actor.userId,
    ...(actor.name ? { name: actor.name } : {}),
  };

  const auth = authorizeDecision(tenant, request, ticket, actor, decision);
  if (!auth.ok) {
    await audit(d, {
      tenantId,
      ticketId: request.ticketId,
      approvalId,
      actor: staff,
      action: 'approval.refused',
      before: snapshot(request),
      note: auth.reason,
    });
    return { ok: false, message: auth.reason, ...(await cardOfRequest(d, request)) };
  }
  if (request.status === 'pending' && request.expiresAt.getTime() <= d.clock.now().getTime()) {
    await expireRequest(d, request);
    const now = (await d.approvals.get(tenantId, approvalId)) ?? request;
    return { ok: false, message: alreadyDecided(now), ...(await cardOfRequest(d, now)) };
  }
  if (request.status !== 'pending')
    return { ok: false, message: alreadyDecided(request), ...(await cardOfRequest(d, request)) };

  if (decision === 'approve') {
    // Approved only while a customer message of the ticket still asks for it (not edited away).
    // Read through the card sources: the card drawn after the decision shows these messages too.
    const asked = await checkCustomerAsked(
      { ...d, messages: cardSources(d).messages ?? d.messages },
      {
        tenantId,
        ticketId: request.ticketId,
        customerId: request.customerId,
        action: { type: request.action, orderId: request.orderId },
        settings: tenant.settings,
        // Read for this decision a moment ago, transcript included.
        ...(ticket ? { ticket } : {}),
      },
    );
    if (!asked.ok) {
      const message = `This can't be approved: ${asked.reason} (the customer's message may have been edited or deleted). Reject it, or ask the customer.`;
      await audit(d, {
        tenantId,
        ticketId: request.ticketId,
        approvalId,
        actor: staff,
        action: 'approval.refused',
        before: snapshot(request),
        note: message,
      });
      return { ok: false, message, ...(await cardOfRequest(d, request)) };
    }
  }
  const at = d.clock.now();
  const move = () =>
    d.approvals.transition(tenantId, approvalId, ['pending'], {
      status: decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: staff,
      decidedAt: at,
      ...(decision === 'reject' && input.reason?.trim()
        ? { rejectReason: input.reason.trim().slice(0, 500) }
        : {}),
      updatedAt: at,
    });
  // Approving a refund takes a slot of the daily limit in the customer's ledger first (one
  // conditional write, shared by every process): requests opened before any decision would
  // otherwise all pass the request-time check.
  let kept: { siblingsPending: boolean } | undefined;
  if (decision === 'approve') {
    const slot = await takeRefundSlot(d, tenant, request, at);
    if (slot.refused) return stopAtDailyLimit(d, request, slot.refused, staff);
    kept = slot.kept;
  }
  const decided = await move();
  if (!decided) {
    const winner = (await d.approvals.get(tenantId, approvalId)) ?? request;
    // Unless the request is approved (its runner releases the hold once the refund is on the
    // order), the slot this click took is given back.
    if (decision === 'approve' && winner.status !== 'approved') await releaseRequest(d, request);
    return { ok: false, message: alreadyDecided(winner), ...(await cardOfRequest(d, winner)) };
  }
  if (decision === 'reject') await releaseRequest(d, decided);
  await audit(d, {
    tenantId,
    ticketId: request.ticketId,
    approvalId,
    actor: staff,
    action: decision === 'approve' ? 'approval.approved' : 'approval.rejected',
    before: snapshot(request),
    after: snapshot(decided),
  });
  if (decision === 'reject') {
    await refreshCard(d, decided);
    await tellCustomer(d, decided, 'action_rejected');
    await handToRejecter(d, decided, staff);
    return {
      ok: true,
      message: `Rejected: the customer has been told, and the ticket is yours to follow up (the bot stays silent there until you hand it back).`,
      ...(await cardOfRequest(d, decided)),
    };
  }
  // The card is redrawn once, with the outcome (an effect of `executed` and `failed`): drawing
  // "approved" first would post an update that the next one replaces within the same click.
  // A grant taken by the ledger's one write stays there as the day's record of the refund (no
  // release after it): `kept` says so, with the ticket's other requests as that write saw them.
  const final = await executeApproved(d, decided, flushAudit, kept);
  if (final.status === 'approved') await refreshCard(d, final); // the order system will be retried
  const message =
    final.status === 'executed'
      ? `Approved: ${final.action}${final.execution?.reference ? ` ${final.execution.reference}` : ''} executed and the customer told.`
      : final.status === 'failed'
        ? `Approved, but the ${final.action} failed (${final.execution?.error ?? 'unknown error'}); the ticket is escalated.`
        : `Approved; the order system did not answer, so the ${final.action} will be retried shortly.`;
  return { ok: final.status !== 'failed', message, ...(await cardOfRequest(d, final)) };
}
