import type { PhraseKey } from '../agent/types.js';
import type { StaffActionResult, StaffActor } from '../conversation/ports.js';
import type { Actor, Tenant, Ticket } from '../domain/index.js';
import { authorizeStaff } from './authorize.js';
import { loadEscalationCard } from './card-data.js';
import type { TakeoverServiceDeps } from './takeover-service.js';

// The steps every takeover operation shares: load and authorize, audit, refresh the card, tell
// the customer. Audit, card and customer failures are logged, not thrown: the ticket change stands.

export function staffActor(actor: StaffActor): Actor {
  return {
    kind: 'staff',
    platform: actor.platform,
    userId: actor.userId,
    ...(actor.name ? { name: actor.name } : {}),
  };
}

export function nameOf(actor: Actor | undefined): string {
  return actor?.name ?? actor?.userId ?? 'someone';
}

export async function load(
  deps: TakeoverServiceDeps,
  tenantId: string,
  ticketId: string,
  actor: StaffActor,
  what: string,
): Promise<{ ok: true; tenant: Tenant; ticket: Ticket } | { ok: false; result: StaffActionResult }> {
  const [tenant, ticket] = await Promise.all([
    deps.tenants.get(tenantId),
    deps.tickets.get(tenantId, ticketId),
  ]);
  if (!tenant || !ticket)
    return { ok: false, result: { ok: false, message: 'This ticket no longer exists.' } };
  const auth = authorizeStaff(tenant, ticket, actor, what);
  if (!auth.ok) {
    await audit(deps, ticket, staffActor(actor), 'ticket.action_refused', {
      note: auth.reason,
      before: { status: ticket.status },
    });
    return { ok: false, result: { ok: false, message: auth.reason } };
  }
  return { ok: true, tenant, ticket };
}

export async function audit(
  deps: TakeoverServiceDeps,
  ticket: Ticket,
  actor: Actor,
  action: string,
  extra: { before?: unknown; after?: unknown; note?: string } = {},
): Promise<void> {
  try {
    await deps.audit.record({
      tenantId: ticket.tenantId,
      ticketId: ticket.ticketId,
      actor,
      action,
      ...extra,
      auditId: deps.ids.id('aud'),
      at: deps.clock.now(),
    });
  } catch (err) {
    deps.logger.error({ err, ticketId: ticket.ticketId, action }, 'audit write failed');
  }
}

export const state = (t: Ticket) => ({ status: t.status, assignee: t.assignee, hasDraft: Boolean(t.draft) });

export async function refreshCard(
  deps: TakeoverServiceDeps,
  ticket: Ticket,
): Promise<StaffActionResult['card']> {
  try {
    const card = await loadEscalationCard(deps, ticket);
    if (ticket.staffCard) await deps.notifier.updateStaffCard(ticket.tenantId, ticket.staffCard, card);
    return card;
  } catch (err) {
    deps.logger.error({ err, ticketId: ticket.ticketId }, 'updating the ticket card failed');
    return undefined;
  }
}

export async function tell(
  deps: TakeoverServiceDeps,
  ticket: Ticket,
  key: PhraseKey,
  params: Record<string, string>,
): Promise<void> {
  try {
    await deps.notifier.tellCustomer(ticket, key, { ticketId: ticket.ticketId, ...params });
  } catch (err) {
    deps.logger.error({ err, ticketId: ticket.ticketId, key }, 'telling the customer failed');
  }
}

export async function result(
  deps: TakeoverServiceDeps,
  ticket: Ticket,
  ok: boolean,
  message: string,
): Promise<StaffActionResult> {
  const card = await refreshCard(deps, ticket);
  return { ok, message, ...(card ? { card } : {}) };
}

/** Why a takeover lost, from the ticket as it is now. */
export function takenAnswer(current: Ticket, actor: StaffActor): StaffActionResult | null {
  if (current.status === 'resolved') return { ok: false, message: 'This ticket is already resolved.' };
  if (current.status === 'human') {
    if (current.assignee?.userId === actor.userId)
      return { ok: true, message: 'You already have this ticket.' };
    return { ok: false, message: `Already taken by ${nameOf(current.assignee)}.` };
  }
  return null;
}
