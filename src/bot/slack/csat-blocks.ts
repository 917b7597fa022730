import type { App, types } from '@slack/bolt';
import { z } from 'zod';
import type { RatingPrompt } from '../../conversation/ports.js';
import { CsatButtonSchema, type CsatButton } from '../../domain/index.js';
import { isAppError } from '../../errors.js';
import { SLACK_LIMITS as L, cut, escapeMrkdwn } from './limits.js';
import { slackErrorCode } from './port.js';
import { actorFor, selfHome, type SlackRuntime } from './runtime.js';

/** Rating buttons route here, apart from staff card buttons (`sb.`): customers click these. */
export const CSAT_ACTION_PREFIX = 'csat.rate.';
export const CSAT_COMMENT_BLOCK = 'csat.comment';
export const CSAT_COMMENT_INPUT = 'comment';

type Block = types.KnownBlock;

/** The optional comment box and the rating buttons under the prompt's text. */
export function ratingBlocks(rating: RatingPrompt): Block[] {
  return [
    {
      type: 'input',
      block_id: CSAT_COMMENT_BLOCK,
      optional: true,
      label: { type: 'plain_text', text: cut(rating.commentLabel, 2000) },
      element: {
        type: 'plain_text_input',
        action_id: CSAT_COMMENT_INPUT,
        multiline: true,
        max_length: 1000,
      },
    },
    {
      type: 'actions',
      block_id: cut(`csat.${rating.ticketId}`, 255),
      elements: rating.options.map((o) => ({
        type: 'button' as const,
        text: { type: 'plain_text' as const, text: cut(o.label, L.buttonText) },
        action_id: `${CSAT_ACTION_PREFIX}${o.rating}`,
        value: JSON.stringify({ v: 1, action: 'csat.rate', ticketId: rating.ticketId, rating: o.rating }),
        ...(o.rating === 'great' ? { style: 'primary' as const } : {}),
      })),
    },
  ];
}

const RatingClickSchema = z.object({
  user: z.object({ id: z.string().min(1), team_id: z.string().optional() }),
  container: z.object({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  channel: z.object({ id: z.string() }).optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
  state: z
    .object({
      values: z.record(z.string(), z.record(z.string(), z.object({ value: z.string().nullish() }))),
    })
    .optional(),
});

function parseRating(value: string | undefined): CsatButton | null {
  try {
    const parsed = CsatButtonSchema.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A customer's click on a rating button: the rating and the comment typed above it go to the
 * engine; the prompt is then replaced by the thanks, so nobody clicks it twice.
 */
export function registerCsatListener(app: App, rt: SlackRuntime): void {
  app.action(new RegExp(`^${CSAT_ACTION_PREFIX.replace(/\./g, '\\.')}`), async ({ ack, body }) => {
    await ack();
    const parsed = RatingClickSchema.safeParse(body);
    const data = parsed.success ? parseRating(parsed.data.actions[0]?.value) : null;
    if (!parsed.success || !data) {
      rt.logger.warn(
        { actionId: parsed.data?.actions[0]?.action_id },
        'slack rating click ignored: unexpected shape',
      );
      return;
    }
    const b = parsed.data;
    const actor = actorFor(b.user, await selfHome(rt));
    const channel = b.container?.channel_id ?? b.channel?.id;
    const comment = b.state?.values[CSAT_COMMENT_BLOCK]?.[CSAT_COMMENT_INPUT]?.value ?? undefined;
    let message: string;
    let ok = false;
    try {
      const result = await rt.engine.rateTicket?.({
        tenantId: actor.tenantId,
        ticketId: data.ticketId,
        rating: data.rating,
        ...(comment ? { comment } : {}),
        actor: { platform: 'slack', userId: actor.userId, isExternal: actor.isExternal },
      });
      message = result?.message ?? 'Ratings are not available.';
      ok = result?.ok ?? false;
    } catch (err) {
      rt.logger.error({ err, code: isAppError(err) ? err.code : undefined }, 'slack rating failed');
      message = 'Something went wrong; please try again.';
    }
    if (!channel) return;
    try {
      if (ok && b.container?.message_ts) {
        await rt.client.chat.update({
          channel,
          ts: b.container.message_ts,
          text: message,
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(message) } }],
        });
      } else await rt.client.chat.postEphemeral({ channel, user: actor.userId, text: message });
    } catch (err) {
      rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack could not show the rating result');
    }
  });
}
