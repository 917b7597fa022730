import type { StaffCard } from '../conversation/ports.js';
import type {
  CustomerStore,
  DecisionStore,
  MessageStore,
  TenantStore,
  TicketStore,
} from '../conversation/stores.js';
import type { KnowledgeBase } from '../agent/types.js';
import type { ApprovalRequest, Ticket } from '../domain/index.js';
import type { ApprovalNotifier } from './api.js';
import type { ApprovalStore } from './ports.js';
import { buildApprovalCard, buildEscalationCard } from './cards.js';

/** Where cards read their facts: every value shown on a card comes from the stores. */
export interface CardSources {
  tenants: Pick<TenantStore, 'get'>;
  tickets: Pick<TicketStore, 'get'>;
  customers: Pick<CustomerStore, 'get'>;
  approvals: Pick<ApprovalStore, 'get'>;
  /** Optional: without it cards show no transcript lines. */
  messages?: Pick<MessageStore, 'listByTicket'>;
  /** Optional: without it escalation cards show no confidence or urgency signals. */
  decisions?: Pick<DecisionStore, 'listByTicket'>;
  /** Optional: resolves article ids to titles; ids are shown otherwise. */
  kb?: Pick<KnowledgeBase, 'get'>;
  notifier: Pick<ApprovalNotifier, 'threadLink'>;
}

const TRANSCRIPT = 10;

/** The approval card for a stored request, or null when the request is gone. */
export async function loadApprovalCard(
  src: CardSources,
  request: ApprovalRequest,
): Promise<StaffCard | null> {
  const tenant = await src.tenants.get(request.tenantId);
  if (!tenant) return null;
  const [ticket, customer, messages] = await Promise.all([
    src.tickets.get(request.tenantId, request.ticketId),
    src.customers.get(request.tenantId, request.customerId),
    src.messages
      ? src.messages.listByTicket(request.tenantId, request.ticketId, TRANSCRIPT)
      : Promise.resolve([]),
  ]);
  const last = [...messages].reverse().find((m) => m.role === 'customer' && !m.deleted);
  return buildApprovalCard({
    request,
    tenant,
    ticket,
    customer,
    ...(last ? { lastCustomerMessage: last.text } : {}),
  });
}

/** The escalation/draft card for a ticket, or null when the ticket is gone. */
export async function loadEscalationCard(src: CardSources, ticket: Ticket): Promise<StaffCard> {
  const [customer, messages, decisions, threadLink] = await Promise.all([
    ticket.customerId ? src.customers.get(ticket.tenantId, ticket.customerId) : Promise.resolve(null),
    src.messages
      ? src.messages.listByTicket(ticket.tenantId, ticket.ticketId, TRANSCRIPT)
      : Promise.resolve([]),
    src.decisions ? src.decisions.listByTicket(ticket.tenantId, ticket.ticketId) : Promise.resolve([]),
    src.notifier.threadLink
      ? src.notifier.threadLink(ticket).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  const decision = latest(decisions);
  const articles = await Promise.all(
    (decision?.articleIds ?? []).map(async (articleId) => {
      const article = src.kb ? await src.kb.get(ticket.tenantId, articleId).catch(() => null) : null;
      return { articleId, title: article?.title ?? articleId };
    }),
  );
  return buildEscalationCard({
    ticket,
    customer,
    decision,
    messages,
    articles,
    ...(threadLink ? { threadLink } : {}),
  });
}

function latest<T extends { createdAt: Date }>(items: T[]): T | null {
  let best: T | null = null;
  for (const item of items) if (!best || item.createdAt.getTime() >= best.createdAt.getTime()) best = item;
  return best;
}
