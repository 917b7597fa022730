import { viewSla } from '../sla/sla-view.js';
import type { ApprovalRequest, Customer, DecisionRecord, Message, Tenant, Ticket } from '../domain/index.js';
import type { StaffCard } from '../conversation/ports.js';
import { formatMoney } from './policy.js';

/** Customer text shown to staff is cut so one long message cannot drown the card. */
const MAX_QUOTE = 500;
const RECENT_MESSAGES = 5;

/** "14:02 UTC" — the same on every server; staff across time zones read one clock. */
export function formatTimeUtc(d: Date): string {
  return `${d.toISOString().slice(11, 16)} UTC`;
}

/** "Nov 21, 14:02 UTC" for moments that may not be today. */
export function formatDateTimeUtc(d: Date): string {
  const day = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${formatTimeUtc(d)}`;
}

function quote(text: string): string {
  const t = text.trim();
  return t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1)}…` : t;
}

function actionNoun(action: ApprovalRequest['action']): string {
  return action === 'refund' ? 'refund' : 'cancellation';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Who may decide a request: supervisors always, approvers below the supervisor threshold. */
export function deciderIdsFor(
  tenant: Pick<Tenant, 'approverIds' | 'supervisorIds'>,
  role: ApprovalRequest['requiredRole'],
): string[] {
  const ids = role === 'supervisor' ? tenant.supervisorIds : [...tenant.approverIds, ...tenant.supervisorIds];
  return [...new Set(ids)];
}

/** "Approved by Dana Whitfield at 14:02 UTC — refund RF-… executed": what happened, for everyone. */
export function approvalStatusLine(request: ApprovalRequest): string {
  const who = request.decidedBy?.name ?? request.decidedBy?.userId ?? 'someone';
  const when = request.decidedAt ? ` at ${formatTimeUtc(request.decidedAt)}` : '';
  const noun = actionNoun(request.action);
  switch (request.status) {
    case 'pending':
      return `Waiting for ${request.requiredRole === 'supervisor' ? 'a supervisor' : 'an approver'} · expires ${formatDateTimeUtc(request.expiresAt)}`;
    case 'approved':
      return `Approved by ${who}${when} — executing the ${noun}…`;
    case 'executed': {
      const ref = request.execution?.reference ? ` ${request.execution.reference}` : '';
      return `Approved by ${who}${when} — ${noun}${ref} executed`;
    }
    case 'failed':
      return `Approved by ${who}${when} — the ${noun} failed (${request.execution?.error ?? 'unknown error'}); escalated to staff`;
    case 'rejected':
      return `Rejected by ${who}${when}${request.rejectReason ? `: ${request.rejectReason}` : ''}`;
    case 'expired':
      return `Expired at ${formatDateTimeUtc(request.expiresAt)} without a decision; escalated to staff`;
  }
}

export interface ApprovalCardInput {
  request: ApprovalRequest;
  tenant: Pick<Tenant, 'approverIds' | 'supervisorIds'>;
  ticket: Pick<Ticket, 'urgency'> | null;
  customer: Pick<Customer, 'name' | 'plan'> | null;
  lastCustomerMessage?: string;
}

/** The approval card: everything an approver needs to decide without opening the thread. */
export function buildApprovalCard(input: ApprovalCardInput): StaffCard {
  const { request, tenant, ticket, customer } = input;
  const amount = formatMoney(request.amountMinor, request.currency);
  const noun = actionNoun(request.action);
  const pending = request.status === 'pending';
  const who = request.requiredRole === 'supervisor' ? 'Supervisor approval' : 'Approval';
  const title = pending
    ? `${who} needed: ${noun} of ${amount} for order ${request.orderId}`
    : `${capitalize(noun)} of ${amount} for order ${request.orderId}: ${request.status}`;
  const customerName = customer?.name ?? request.customerId;
  const fields = [
    { label: 'Customer', value: customerName },
    { label: 'Plan', value: customer?.plan ?? 'unknown' },
    { label: 'Order', value: request.orderId },
    { label: 'Amount', value: amount },
    { label: 'Reason', value: quote(request.reason) || '—' },
    { label: 'Urgency', value: ticket?.urgency ?? 'medium' },
    { label: 'Required role', value: request.requiredRole === 'supervisor' ? 'Supervisor' : 'Approver' },
    { label: 'Status', value: request.status },
  ];
  const confirm =
    request.action === 'refund'
      ? `Refund ${amount} to ${customerName} for order ${request.orderId}?`
      : `Cancel order ${request.orderId} for ${customerName} (${amount})?`;
  const card: StaffCard = {
    kind: 'approval',
    title,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    fields,
    statusLine: approvalStatusLine(request),
    actions: pending
      ? [
          {
            label: 'Approve',
            style: 'primary',
            confirm,
            data: { v: 1, action: 'approval.approve', approvalId: request.approvalId },
          },
          {
            label: 'Reject',
            style: 'danger',
            data: { v: 1, action: 'approval.reject', approvalId: request.approvalId },
          },
        ]
      : [],
    deciderIds: deciderIdsFor(tenant, request.requiredRole),
    // `approved` is not final: execution is still running (or will be retried by the sweep).
    final: !pending && request.status !== 'approved',
    createdAt: request.createdAt,
  };
  if (input.lastCustomerMessage) card.lastCustomerMessage = quote(input.lastCustomerMessage);
  return card;
}

export interface EscalationCardInput {
  ticket: Ticket;
  customer: Pick<Customer, 'name' | 'plan'> | null;
  /** The latest agent run on the ticket: confidence, threshold, urgency signals, articles. */
  decision: DecisionRecord | null;
  /** The ticket's last messages, oldest first. */
  messages: Message[];
  articles: Array<{ articleId: string; title: string }>;
  /** Approval requests of the ticket still waiting for a decision: staff see them beside the escalation. */
  waiting?: ApprovalRequest[];
  threadLink?: string;
  /** When the card is drawn: the SLA line says "at risk" or "breached" as of then. */
  now?: Date;
}

function ticketStatusLine(ticket: Ticket): string {
  const assignee = ticket.assignee?.name ?? ticket.assignee?.userId;
  switch (ticket.status) {
    case 'human':
      return `Taken over by ${assignee ?? 'a staff member'} — the bot stays silent in this thread`;
    case 'resolved':
      return `Resolved${ticket.resolvedAt ? ` at ${formatDateTimeUtc(ticket.resolvedAt)}` : ''}${assignee ? ` by ${assignee}` : ''}`;
    case 'open':
      return 'With the bot';
    case 'pending_approval':
      return 'Waiting for an approval decision';
    case 'escalated':
      return ticket.draft && !ticket.escalation ? 'Draft waiting for review' : 'Waiting for staff';
  }
}

/**
 * The escalation (or draft-review) card: why the bot handed over, with the evidence it had,
 * so staff can act from the card alone.
 */
export function buildEscalationCard(input: EscalationCardInput): StaffCard {
  const { ticket, customer, decision, messages } = input;
  const isDraft = Boolean(ticket.draft) && !ticket.escalation;
  const resolved = ticket.status === 'resolved';
  const subject = ticket.subject || `ticket ${ticket.ticketId}`;
  const title = resolved
    ? `Resolved: ${subject}`
    : isDraft
      ? `Draft answer for review: ${subject}`
      : `Escalated: ${subject}`;
  const signals = decision?.understanding?.urgencySignals ?? [];
  const fields = [
    { label: 'Customer', value: customer?.name ?? ticket.requester.name ?? 'Unidentified' },
    { label: 'Plan', value: customer?.plan ?? 'unknown' },
    {
      label: 'Urgency',
      value: signals.length ? `${ticket.urgency} (${signals.join('; ')})` : ticket.urgency,
    },
    { label: 'Sentiment', value: ticket.sentiment ?? decision?.understanding?.sentiment ?? 'unknown' },
  ];
  if (decision) {
    fields.push({
      label: 'Confidence',
      value: `${decision.confidence.toFixed(2)} (threshold ${decision.threshold.toFixed(2)})`,
    });
  }
  const reason = ticket.escalation?.reason ?? decision?.reason;
  if (reason) fields.push({ label: 'Why', value: quote(reason) });
  fields.push({ label: 'Status', value: ticket.status });
  const sla = viewSla(ticket.sla, input.now ?? new Date());
  if (sla) fields.push({ label: 'SLA', value: sla.text });
  const waiting = input.waiting ?? [];
  if (waiting.length) {
    fields.push({
      label: 'Waiting for approval',
      value: waiting
        .map(
          (r) =>
            `${actionNoun(r.action)} of ${formatMoney(r.amountMinor, r.currency)} for order ${r.orderId}`,
        )
        .join('; '),
    });
  }

  const lastCustomer = [...messages].reverse().find((m) => m.role === 'customer' && !m.deleted);
  const actions: StaffCard['actions'] = [];
  if (!resolved) {
    if (ticket.draft) {
      actions.push({
        label: 'Send draft',
        style: 'primary',
        data: { v: 1, action: 'ticket.send_draft', ticketId: ticket.ticketId },
        confirm: 'Send this answer to the customer as the bot?',
      });
    }
    if (ticket.status !== 'human') {
      actions.push({
        label: 'Take over',
        data: { v: 1, action: 'ticket.takeover', ticketId: ticket.ticketId },
      });
    }
    if (ticket.status !== 'open') {
      actions.push({
        label: 'Let the bot answer',
        data: { v: 1, action: 'ticket.handback', ticketId: ticket.ticketId },
      });
    }
    actions.push({ label: 'Resolve', data: { v: 1, action: 'ticket.resolve', ticketId: ticket.ticketId } });
    // A person answered what the bot could not: their reply can become an article (reviewed first).
    const personReplied = messages.some(
      (m) => !m.deleted && (m.role === 'staff' || (m.role === 'bot' && m.author.kind === 'staff')),
    );
    if ((ticket.escalation || ticket.assignee) && personReplied) {
      actions.push({
        label: 'Draft KB article',
        data: { v: 1, action: 'kb.draft_from_reply', ticketId: ticket.ticketId },
      });
    }
  }
  const card: StaffCard = {
    kind: isDraft ? 'draft' : 'escalation',
    title,
    ticketId: ticket.ticketId,
    fields,
    recentMessages: messages
      .filter((m) => !m.deleted)
      .slice(-RECENT_MESSAGES)
      .map((m) => ({ role: m.role, text: quote(m.text) })),
    articles: input.articles,
    statusLine: waiting.length
      ? `${ticketStatusLine(ticket)} · ${waiting.length === 1 ? 'a request waits' : `${waiting.length} requests wait`} for approval on its own card`
      : ticketStatusLine(ticket),
    actions,
    final: resolved,
    createdAt: ticket.escalation?.at ?? ticket.draft?.createdAt ?? ticket.createdAt,
  };
  if (ticket.escalation?.summary) card.summary = ticket.escalation.summary;
  if (lastCustomer) card.lastCustomerMessage = quote(lastCustomer.text);
  if (ticket.draft && !resolved) card.draft = ticket.draft.text;
  if (input.threadLink) card.threadLink = input.threadLink;
  return card;
}
