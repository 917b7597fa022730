import { guardMoneyClaims } from '../agent/guardrails/money-claims.js';
import type { Actor, ChannelMode, ThreadRef, Ticket } from '../domain/index.js';
import type { DeliveryDeps } from './engine-deps.js';

/** Why the bot must not speak in a thread right now, for the internal note and the log. */
export interface BotSilenced {
  reason: string;
  /** The person who holds the thread, when it is taken over. */
  assignee?: Actor;
  /** The channel's mode, when that is why (a supervisor left auto mode meanwhile). */
  mode?: Exclude<ChannelMode, 'auto'>;
}

/**
 * Checks, right before delivery, whether the bot may still speak in a ticket's thread. The turn
 * checked once before the agent ran, but a person may have clicked Take over (or a supervisor
 * switched the channel to draft/off) while the agent was thinking or while a reply waited in the
 * outbox; the ticket is read afresh here so the bot never talks over a person.
 * `written`: the ticket as the caller's own write returned it a moment ago (a new ticket's insert,
 * or a write conditional on a status a takeover changes): that answer is as fresh as a read, so
 * none is made. Null when the bot may post.
 */
export async function botSilenced(
  deps: DeliveryDeps,
  target: { tenantId: string; ticketId?: string; thread: ThreadRef },
  written?: Ticket,
): Promise<BotSilenced | null> {
  if (!target.ticketId) return null;
  const ticket =
    written?.tenantId === target.tenantId && written.ticketId === target.ticketId
      ? written
      : await deps.stores.tickets.get(target.tenantId, target.ticketId);
  if (ticket?.status === 'human') {
    const name = ticket.assignee?.name ?? 'a staff member';
    return { reason: `${name} has taken over this thread`, assignee: ticket.assignee };
  }
  const mode = (await channelMode(deps, target.tenantId, target.thread)) ?? 'auto';
  if (mode !== 'auto') return { reason: `the channel is in ${mode} mode`, mode };
  return null;
}

/**
 * The mode of a thread's channel: its own, else the organization's default (undefined when neither
 * is stored). Settings are read through the short-lived cache: a switch made in this process drops
 * it at once.
 */
export async function channelMode(
  deps: Pick<DeliveryDeps, 'stores'>,
  tenantId: string,
  thread: ThreadRef,
): Promise<ChannelMode | undefined> {
  const channel = await deps.stores.channels.get(tenantId, thread.platform, thread.channelId);
  return channel?.mode ?? (await deps.stores.tenants.get(tenantId))?.settings.defaultChannelMode;
}

/** Keeps what the bot would have said as an internal note on the ticket (never posted). */
export function silencedNote(silenced: BotSilenced, text: string): string {
  return `Not sent to the customer (${silenced.reason}). The assistant would have said: ${text}`;
}

/**
 * The last net under every text in the bot's voice: sentences claiming money moved without the
 * order system's reference (`moneyReference`) are removed; `note` tells staff what was removed.
 * The text is empty when nothing is left to send.
 */
export function withoutUnbackedClaims(
  deps: Pick<DeliveryDeps, 'logger'>,
  target: { ticketId?: string },
  text: string,
  options: { moneyReference?: string },
): { text: string; note?: string } {
  const checked = guardMoneyClaims(text, options.moneyReference);
  if (!checked.removed.length) return { text };
  deps.logger.warn(
    { ticketId: target.ticketId, removed: checked.removed.length },
    'removed a claim that money moved, not backed by the order system',
  );
  return {
    text: checked.text,
    note: `Removed before sending (no refund or cancellation was made): ${checked.removed.join(' ')}`,
  };
}
