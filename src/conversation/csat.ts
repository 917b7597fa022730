import type { CsatRating, Platform, ResolvedBy, Ticket } from '../domain/index.js';
import { CsatRatingSchema } from '../domain/index.js';
import type { DeliveryDeps, EngineDeps } from './engine-deps.js';
import { sendToCustomer } from './delivery.js';
import { escalateTicket } from './escalate-ticket.js';
import type { RatingPrompt } from './ports.js';
import type { CsatStore } from './stores.js';

/** A customer's click on a rating button (Slack, Teams or the sandbox), as the adapter read it. */
export interface CsatRatingInput {
  tenantId: string;
  ticketId: string;
  rating: CsatRating;
  comment?: string;
  actor: { platform: Platform; userId: string; isExternal: boolean };
}

export interface CsatRatingResult {
  ok: boolean;
  /** One sentence for the person who clicked, in the ticket's language. */
  message: string;
}

const LABELS: Record<CsatRating, 'csat_great' | 'csat_ok' | 'csat_not_good'> = {
  great: 'csat_great',
  ok: 'csat_ok',
  not_good: 'csat_not_good',
};

/**
 * A ticket's rating and who had resolved it when it was rated, for the report's recorder (null
 * while unrated). One `_id` read of the csat record.
 */
export function csatRatingOf(csat: Pick<CsatStore, 'get'>) {
  return async (tenantId: string, ticketId: string) => {
    const record = await csat.get(tenantId, ticketId);
    return record?.rating ? { rating: record.rating, resolvedBy: record.resolvedBy } : null;
  };
}

/**
 * After a resolution: one rating prompt in the thread. Never during a takeover (the ticket must be
 * resolved as it is now), never in a channel the bot is off in, never when the organization turned
 * it off, and never twice per ticket (the prompt's record is inserted under the ticket's id first).
 */
export async function promptCsat(deps: DeliveryDeps, ticket: Ticket, by: ResolvedBy): Promise<void> {
  const csat = deps.stores.csat;
  if (!csat) return;
  const tenant = await deps.stores.tenants.get(ticket.tenantId);
  if (!tenant?.settings.csatEnabled) return;
  const current = await deps.stores.tickets.get(ticket.tenantId, ticket.ticketId);
  if (current?.status !== 'resolved') return;
  const channel = await deps.stores.channels.get(
    current.tenantId,
    current.thread.platform,
    current.thread.channelId,
  );
  if ((channel?.mode ?? tenant.settings.defaultChannelMode) === 'off') return;
  const opened = await csat.open({
    tenantId: current.tenantId,
    ticketId: current.ticketId,
    platform: current.thread.platform,
    ...(current.customerId ? { customerId: current.customerId } : {}),
    intent: current.intent,
    resolvedBy: by,
    ...(by === 'person' && current.assignee ? { resolver: current.assignee } : {}),
    promptedAt: deps.clock.now(),
  });
  if (!opened) return;
  const lang = current.language;
  const rating: RatingPrompt = {
    ticketId: current.ticketId,
    options: CsatRatingSchema.options.map((r) => ({
      rating: r,
      label: deps.agent.phrase(LABELS[r], lang, {}),
    })),
    commentLabel: deps.agent.phrase('csat_comment', lang, {}),
  };
  // Said for the team, not an answer of the bot's: it goes out in draft mode too (a person resolved).
  await sendToCustomer(deps, current, deps.agent.phrase('csat_prompt', lang, {}), {
    language: lang,
    notice: true,
    rating,
  });
}

/**
 * Stores a customer's rating once. "Not good" on the bot's answer reopens the conversation to a
 * person with the rating (and comment) as the reason (escalation reason `csat`).
 */
export async function rateTicket(deps: EngineDeps, input: CsatRatingInput): Promise<CsatRatingResult> {
  const csat = deps.stores.csat;
  const ticket = await deps.stores.tickets.get(input.tenantId, input.ticketId);
  const record = csat && ticket ? await csat.get(input.tenantId, input.ticketId) : null;
  if (!csat || !ticket || !record) return { ok: false, message: 'This rating is no longer open.' };
  const thanks = deps.agent.phrase('csat_thanks', ticket.language, {});
  const isCustomer =
    input.actor.isExternal ||
    (input.actor.platform === ticket.requester.platform && input.actor.userId === ticket.requester.userId);
  if (!isCustomer) return { ok: false, message: 'Only the customer can rate this conversation.' };
  const comment = input.comment?.trim().slice(0, 1000);
  const rated = await csat.rate(input.tenantId, input.ticketId, {
    rating: input.rating,
    ratedAt: deps.clock.now(),
    ratedBy: input.actor.userId,
    ...(comment ? { comment } : {}),
  });
  if (!rated) return { ok: true, message: thanks };
  deps.logger.info(
    { ticketId: ticket.ticketId, rating: input.rating, resolvedBy: record.resolvedBy },
    'CSAT rating',
  );
  // The ticket's figures changed (the report recounts it from this event).
  deps.events.publish({
    type: 'ticket',
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
    status: ticket.status,
    at: deps.clock.now(),
    rated: true,
  });
  if (input.rating === 'not_good' && record.resolvedBy === 'bot') {
    await escalateTicket(deps, deps.takeover, ticket, {
      summary: `The customer rated the bot's answer "Not good"${comment ? `: "${comment}"` : '.'}`,
      reason: 'csat',
      customerMessage: deps.agent.phrase('csat_reopened', ticket.language, {}),
    });
  }
  return { ok: true, message: thanks };
}
