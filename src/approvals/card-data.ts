import type { StaffCard } from '../conversation/ports.js';
import type {
  CustomerStore,
  DecisionStore,
  MessageStore,
  TenantStore,
  TicketStore,
} from '../conversation/stores.js';
import type { KnowledgeBase } from '../agent/types.js';
import type {
  ApprovalRequest,
  Clock,
  Customer,
  DecisionRecord,
  Message,
  Tenant,
  Ticket,
} from '../domain/index.js';
import type { ApprovalNotifier } from './api.js';
import type { ApprovalStore } from './ports.js';
import { buildApprovalCard, buildEscalationCard } from './cards.js';

/** Where cards read their facts: every value shown on a card comes from the stores. */
export interface CardSources {
  tenants: Pick<TenantStore, 'get'>;
  tickets: Pick<TicketStore, 'get'>;
  customers: Pick<CustomerStore, 'get'>;
  approvals: Pick<ApprovalStore, 'get' | 'listByTicket'>;
  /** Optional: without it cards show no transcript lines. */
  messages?: Pick<MessageStore, 'listByTicket'>;
  /** Optional: without it escalation cards show no confidence or urgency signals. */
  decisions?: Pick<DecisionStore, 'listByTicket'>;
  /** Optional: resolves article ids to titles; ids are shown otherwise. */
  kb?: Pick<KnowledgeBase, 'get'>;
  notifier: Pick<ApprovalNotifier, 'threadLink'>;
  /** Optional: the SLA line is drawn as of this clock's now (the system clock otherwise). */
  clock?: Clock;
}

const TRANSCRIPT = 10;

/** Documents a caller already holds, so a card built from them does not read them again. */
export interface KnownCardFacts {
  tenant?: Tenant | null;
  ticket?: Ticket | null;
  customer?: Customer | null;
}

/**
 * Card sources for one operation (a proposal, a click): what the caller already read is used as
 * is, and everything else is read at most once however often the card is rebuilt (a decision
 * renders it after approving, after executing and for the clicker's answer). Only card facts are
 * kept: state checks (ticket status, approval status) still read the stores through `deps`.
 */
export function memoCardSources(src: CardSources, known: KnownCardFacts = {}): CardSources {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let hit = memo.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = read();
      memo.set(key, hit);
      // A failed read is not kept: the next render tries again.
      hit.catch(() => memo.delete(key));
    }
    return hit;
  };
  const seed = (key: string, value: unknown) => {
    if (value !== undefined) memo.set(key, Promise.resolve(value));
  };
  if (known.tenant) seed(`tenant:${known.tenant.tenantId}`, known.tenant);
  if (known.ticket) seed(`ticket:${known.ticket.tenantId}/${known.ticket.ticketId}`, known.ticket);
  if (known.customer)
    seed(`customer:${known.customer.tenantId}/${known.customer.customerId}`, known.customer);
  const { messages } = src;
  // A ticket's transcript is read once, at the widest length asked: a shorter read (the card's
  // last lines after the customer-asked check's 50) is its tail. Reads return the newest
  // `limit` messages, oldest first.
  const transcripts = new Map<string, { limit: number; read: Promise<Message[]> }>();
  const transcript = (t: string, id: string, limit = 50, known?: Ticket): Promise<Message[]> => {
    const key = `${t}/${id}`;
    const held = transcripts.get(key);
    if (held && held.limit >= limit) return held.read.then((list) => list.slice(-limit));
    const read = messages!.listByTicket(t, id, limit, known);
    transcripts.set(key, { limit, read });
    // A failed read is not kept: the next render tries again.
    read.catch(() => {
      if (transcripts.get(key)?.read === read) transcripts.delete(key);
    });
    return read;
  };
  return {
    ...src,
    tenants: { get: (t) => once(`tenant:${t}`, () => src.tenants.get(t)) },
    tickets: { get: (t, id) => once(`ticket:${t}/${id}`, () => src.tickets.get(t, id)) },
    customers: { get: (t, id) => once(`customer:${t}/${id}`, () => src.customers.get(t, id)) },
    ...(messages
      ? {
          messages: {
            listByTicket: (t, id, limit, known) => transcript(t, id, limit, known),
          },
        }
      : {}),
  };
}

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

/**
 * The escalation/draft card for a ticket, or null when the ticket is gone. `justRead`: the ticket
 * was read a moment ago, so its recent transcript is current and no transcript read is made (a
 * ticket a write returned before messages were told is not: its transcript is read by `_id`).
 */
export async function loadEscalationCard(
  src: CardSources,
  ticket: Ticket,
  /** `decision`: the ticket's latest decision, held by the caller (no read of its decisions). */
  options: { justRead?: boolean; decision?: DecisionRecord } = {},
): Promise<StaffCard> {
  const [customer, messages, decisions, threadLink, requests] = await Promise.all([
    ticket.customerId ? src.customers.get(ticket.tenantId, ticket.customerId) : Promise.resolve(null),
    src.messages
      ? src.messages.listByTicket(
          ticket.tenantId,
          ticket.ticketId,
          TRANSCRIPT,
          options.justRead ? ticket : undefined,
        )
      : Promise.resolve([]),
    options.decision
      ? [options.decision]
      : src.decisions
        ? src.decisions.listByTicket(ticket.tenantId, ticket.ticketId)
        : Promise.resolve([]),
    src.notifier.threadLink
      ? src.notifier.threadLink(ticket).catch(() => undefined)
      : Promise.resolve(undefined),
    // By key from the ticket's list: none read when it lists none (Ticket.approvals).
    src.approvals.listByTicket(ticket.tenantId, ticket.ticketId, ticket),
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
    waiting: requests.filter((r) => r.status === 'pending'),
    ...(src.clock ? { now: src.clock.now() } : {}),
    ...(threadLink ? { threadLink } : {}),
  });
}

function latest<T extends { createdAt: Date }>(items: T[]): T | null {
  let best: T | null = null;
  for (const item of items) if (!best || item.createdAt.getTime() >= best.createdAt.getTime()) best = item;
  return best;
}
