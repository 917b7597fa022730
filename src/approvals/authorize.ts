import type { ApprovalRequest, Tenant, Ticket } from '../domain/index.js';
import type { StaffActor } from '../conversation/ports.js';

export type Authorization = { ok: true } | { ok: false; reason: string };

/**
 * Whether a staff member may decide an approval request. Decided in code from the tenant's lists,
 * never from what the card showed: a forwarded or replayed button proves nothing about its clicker.
 */
export function authorizeDecision(
  tenant: Pick<Tenant, 'tenantId' | 'name' | 'approverIds' | 'supervisorIds'>,
  request: Pick<ApprovalRequest, 'tenantId' | 'requiredRole'>,
  ticket: Pick<Ticket, 'requester'> | null,
  actor: StaffActor,
  verb: 'approve' | 'reject',
): Authorization {
  const refuse = (why: string): Authorization => ({
    ok: false,
    reason: `You can't ${verb} this request: ${why}`,
  });
  if (actor.tenantId !== request.tenantId || tenant.tenantId !== request.tenantId) {
    return refuse('it belongs to another workspace.');
  }
  // Slack Connect guests and Teams external users may sit in the staff channel; they never decide.
  if (actor.isExternal) return refuse(`people outside ${tenant.name} can't decide approvals.`);
  if (ticket && ticket.requester.platform === actor.platform && ticket.requester.userId === actor.userId) {
    return refuse('it was requested on your own behalf.');
  }
  const isSupervisor = tenant.supervisorIds.includes(actor.userId);
  if (request.requiredRole === 'supervisor' && !isSupervisor) return refuse('it needs a supervisor.');
  if (!isSupervisor && !tenant.approverIds.includes(actor.userId)) {
    return refuse(`you're not on ${tenant.name}'s approver list.`);
  }
  return { ok: true };
}

/** Internal staff (not a guest, not the ticket's own requester) may take over, hand back and resolve. */
export function authorizeStaff(
  tenant: Pick<Tenant, 'tenantId' | 'name'>,
  ticket: Pick<Ticket, 'requester' | 'tenantId'>,
  actor: StaffActor,
  what: string,
): Authorization {
  const refuse = (why: string): Authorization => ({ ok: false, reason: `You can't ${what}: ${why}` });
  if (actor.tenantId !== ticket.tenantId || tenant.tenantId !== ticket.tenantId)
    return refuse('it belongs to another workspace.');
  if (actor.isExternal) return refuse(`only ${tenant.name} staff can.`);
  if (ticket.requester.platform === actor.platform && ticket.requester.userId === actor.userId) {
    return refuse('it is your own ticket.');
  }
  return { ok: true };
}
