import { viewSla } from '../sla/sla-view.js';
import type { Customer, Ticket, TicketStatus } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';
import type { TicketDetail } from './engine-api.js';
import type { StaffActor, StaffCard, TicketSummary } from './ports.js';

/** Read models the channels show: App Home, slash commands, the sandbox's tickets pane. */
export async function listTickets(
  deps: EngineDeps,
  tenantId: string,
  filter?: { status?: TicketStatus[]; assigneeId?: string; limit?: number },
): Promise<TicketSummary[]> {
  const tickets = await deps.stores.tickets.list(tenantId, filter);
  const customers = new Map<string, Customer | null>();
  const out: TicketSummary[] = [];
  for (const t of tickets) {
    let customer: Customer | null = null;
    if (t.customerId) {
      if (!customers.has(t.customerId))
        customers.set(t.customerId, await deps.stores.customers.get(tenantId, t.customerId));
      customer = customers.get(t.customerId) ?? null;
    }
    out.push(summarize(t, customer));
  }
  return out;
}

function summarize(t: Ticket, customer: Customer | null): TicketSummary {
  return {
    ticketId: t.ticketId,
    status: t.status,
    urgency: t.urgency,
    intent: t.intent,
    sentiment: t.sentiment,
    subject: t.subject,
    customerName: customer?.name ?? t.requester.name,
    plan: customer?.plan,
    assigneeName: t.assignee?.name,
    thread: t.thread,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export async function ticketDetail(
  deps: EngineDeps,
  tenantId: string,
  ticketId: string,
): Promise<TicketDetail | null> {
  const ticket = await deps.stores.tickets.get(tenantId, ticketId);
  if (!ticket) return null;
  const [customer, messages, decisions, approvals, audit] = await Promise.all([
    ticket.customerId ? deps.stores.customers.get(tenantId, ticket.customerId) : Promise.resolve(null),
    deps.stores.messages.listByTicket(tenantId, ticketId, 500),
    deps.stores.decisions.listByTicket(tenantId, ticketId),
    deps.stores.approvals.listByTicket(tenantId, ticketId, ticket),
    deps.stores.audit.listForTicket(tenantId, ticketId),
  ]);
  const sla = viewSla(ticket.sla, deps.clock.now());
  return {
    ticket,
    customerName: customer?.name ?? ticket.requester.name,
    messages,
    decisions,
    // A request not yet on its card carries the card's pending outbox entry: delivery's, not staff's.
    approvals: approvals.map(({ cardEntry: _pending, ...request }) => request),
    audit,
    ...(sla ? { sla } : {}),
  };
}

/** What this person may act on now: approvals they may decide, escalations, tickets they hold. */
export async function staffHome(
  deps: EngineDeps,
  actor: StaffActor,
): Promise<{ pendingApprovals: StaffCard[]; escalated: StaffCard[]; mine: StaffCard[] }> {
  const empty = { pendingApprovals: [], escalated: [], mine: [] };
  const tenant = await deps.stores.tenants.get(actor.tenantId);
  if (!tenant || actor.isExternal) return empty;
  const supervisor = tenant.supervisorIds.includes(actor.userId);
  const approver = supervisor || tenant.approverIds.includes(actor.userId);
  const pending = approver ? await deps.stores.approvals.listPending(actor.tenantId) : [];
  const decidable = pending.filter((a) => supervisor || a.requiredRole === 'approver');
  const pendingApprovals = await cards(
    decidable.map((a) => () => deps.approvals.cardFor(actor.tenantId, a.approvalId)),
  );
  const escalatedTickets = await deps.stores.tickets.list(actor.tenantId, {
    status: ['escalated'],
    limit: 20,
  });
  const mineTickets = await deps.stores.tickets.list(actor.tenantId, {
    status: ['human'],
    assigneeId: actor.userId,
    limit: 20,
  });
  const ticketCard = (t: Ticket) => () => deps.takeover.escalationCard(actor.tenantId, t.ticketId);
  return {
    pendingApprovals,
    escalated: await cards(escalatedTickets.map(ticketCard)),
    mine: await cards(mineTickets.map(ticketCard)),
  };
}

async function cards(loaders: Array<() => Promise<StaffCard | null>>): Promise<StaffCard[]> {
  const out: StaffCard[] = [];
  for (const load of loaders) {
    const card = await load();
    if (card) out.push(card);
  }
  return out;
}
