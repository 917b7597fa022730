import type { Ticket } from '../domain/index.js';
import type { SlaAlert } from '../sla/sla-ports.js';
import { METRIC_LABELS } from '../sla/sla-view.js';
import type { DeliveryDeps } from './engine-deps.js';
import { staffChannelFor } from './staff-cards.js';
import { deliver } from './outbox.js';
import type { StaffCard } from './ports.js';

function utc(d: Date): string {
  const day = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${d.toISOString().slice(11, 16)} UTC`;
}

/** The alert card: which clock, the ticket, customer, plan, urgency and who holds it. */
export function buildSlaAlertCard(ticket: Ticket, alert: SlaAlert, customerName?: string): StaffCard {
  const { clock } = alert;
  const metric = METRIC_LABELS[clock.metric];
  const subject = ticket.subject || ticket.ticketId;
  const title =
    alert.kind === 'breach'
      ? `SLA breached: ${metric.toLowerCase()} overdue on ${ticket.ticketId} — ${subject}`
      : `SLA warning: ${metric.toLowerCase()} at 75% on ${ticket.ticketId} — ${subject}`;
  const holder =
    ticket.status === 'human'
      ? (ticket.assignee?.name ?? ticket.assignee?.userId ?? 'a staff member')
      : ticket.status === 'escalated' || ticket.status === 'pending_approval'
        ? 'nobody yet (waiting for staff)'
        : 'the bot';
  const fields = [
    { label: 'Ticket', value: ticket.ticketId },
    { label: 'Customer', value: customerName ?? ticket.requester.name ?? 'Unidentified' },
    { label: 'Plan', value: ticket.sla?.plan ?? 'free' },
    { label: 'Urgency', value: ticket.urgency },
    { label: 'Held by', value: holder },
    { label: 'Target', value: `${metric}: ${clock.targetMinutes} business minutes` },
  ];
  if (clock.dueAt)
    fields.push({ label: alert.kind === 'breach' ? 'Was due' : 'Due', value: utc(clock.dueAt) });
  const actions: StaffCard['actions'] =
    ticket.status === 'human' || ticket.status === 'resolved'
      ? []
      : [{ label: 'Take over', data: { v: 1, action: 'ticket.takeover', ticketId: ticket.ticketId } }];
  return {
    kind: 'sla',
    title,
    ticketId: ticket.ticketId,
    fields,
    actions,
    final: false,
    createdAt: alert.clock.breachedAt ?? alert.clock.warnedAt ?? clock.startedAt,
  };
}

/**
 * Posts an SLA alert to the staff channel of the ticket's platform through the outbox, under a key
 * unique per clock run: posted once, whichever process or retry asks.
 */
export async function postSlaAlert(
  deps: DeliveryDeps,
  ticket: Ticket,
  alert: SlaAlert,
  key: string,
): Promise<void> {
  const platform = ticket.thread.platform;
  const channelId = await staffChannelFor(deps, ticket.tenantId, platform);
  if (!channelId) {
    deps.logger.warn(
      { ticketId: ticket.ticketId, platform },
      'no staff channel configured: SLA alert not posted',
    );
    return;
  }
  const customer = ticket.customerId
    ? await deps.stores.customers.get(ticket.tenantId, ticket.customerId)
    : null;
  await deliver(deps, {
    tenantId: ticket.tenantId,
    key,
    platform,
    ticketId: ticket.ticketId,
    payload: {
      kind: 'card_post',
      staffChannelId: channelId,
      card: buildSlaAlertCard(ticket, alert, customer?.name),
    },
  });
}
