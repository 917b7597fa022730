import type { TakeoverService } from '../approvals/api.js';
import type { DecisionRecord, Platform, PostedRef, Ticket } from '../domain/index.js';
import type { DeliveryDeps } from './engine-deps.js';
import { deliver, type Delivery } from './outbox.js';
import type { StaffCard } from './ports.js';

/** The staff channel configured for a platform, if any. */
export async function staffChannelFor(
  deps: DeliveryDeps,
  tenantId: string,
  platform: Platform,
): Promise<string | undefined> {
  const tenant = await deps.stores.tenants.get(tenantId);
  return tenant?.staffChannels.find((c) => c.platform === platform)?.channelId;
}

/**
 * Posts a card to the staff channel of a platform through the outbox: one card per approval or
 * ticket, however often it is asked for. Undefined when none is configured or it is not posted yet
 * (the outbox sweep posts it later and links it to its ticket or approval).
 */
export async function postStaffCard(
  deps: DeliveryDeps,
  tenantId: string,
  platform: Platform,
  card: StaffCard,
): Promise<PostedRef | undefined> {
  const channelId = await staffChannelFor(deps, tenantId, platform);
  if (!channelId) {
    deps.logger.warn(
      { tenantId, platform, ticketId: card.ticketId },
      'no staff channel configured: card not posted',
    );
    return undefined;
  }
  const { ref } = await deliver(deps, {
    tenantId,
    key: card.approvalId ? `card:approval:${card.approvalId}` : `card:ticket:${card.ticketId}`,
    platform,
    ticketId: card.ticketId,
    approvalId: card.approvalId,
    payload: { kind: 'card_post', staffChannelId: channelId, card },
  });
  return ref;
}

export async function updateStaffCard(
  deps: DeliveryDeps,
  tenantId: string,
  ref: PostedRef,
  card: StaffCard,
): Promise<void> {
  await deliver(deps, cardUpdate(deps, tenantId, ref, card));
}

/** A staff card's update, as a delivery. */
export function cardUpdate(deps: DeliveryDeps, tenantId: string, ref: PostedRef, card: StaffCard): Delivery {
  // Every update is its own delivery; a retry renders the card afresh, so a late one is never stale.
  return {
    tenantId,
    key: `card_update:${deps.ids.id('upd')}`,
    platform: ref.platform,
    ticketId: card.ticketId,
    approvalId: card.approvalId,
    payload: { kind: 'card_update', ref, card },
  };
}

/** Posts the ticket's escalation/draft card, or updates the one already posted. */
export async function showTicketCard(
  deps: DeliveryDeps,
  takeover: TakeoverService,
  ticket: Ticket,
  kind?: StaffCard['kind'],
  /** The ticket's latest decision, as the turn showing the card just recorded it. */
  decision?: DecisionRecord,
): Promise<void> {
  const built = await takeover.escalationCard(ticket.tenantId, ticket.ticketId, decision ? { decision } : {});
  if (!built) return;
  const card = kind ? { ...built, kind } : built;
  // The ticket as handed in, unless this process changed it since (a card may have been linked):
  // a card posted twice is still one post (the outbox key is the ticket's).
  const written = deps.stores.tickets.recent?.(ticket.tenantId, ticket.ticketId);
  const current =
    written && written.ticket.version <= ticket.version
      ? ticket
      : await deps.stores.tickets.get(ticket.tenantId, ticket.ticketId);
  if (current?.staffCard) {
    await updateStaffCard(deps, ticket.tenantId, current.staffCard, card);
    return;
  }
  const ref = await postStaffCard(deps, ticket.tenantId, ticket.thread.platform, card);
  if (ref)
    await deps.stores.tickets.update(ticket.tenantId, ticket.ticketId, {
      staffCard: ref,
      updatedAt: deps.clock.now(),
    });
}
