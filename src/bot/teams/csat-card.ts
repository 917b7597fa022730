import type { AdaptiveCardInvokeResponse, AdaptiveCardInvokeValue } from 'botbuilder';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import type { RatingPrompt } from '../../conversation/ports.js';
import { CsatButtonSchema } from '../../domain/index.js';
import { isAppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  ADAPTIVE_CARD_VERSION,
  SCHEMA_URL,
  literal,
  renderNoticeCard,
  type AdaptiveCard,
} from './cards.js';

/** The verb of the rating buttons (`Action.Execute`), apart from the staff cards' verbs. */
export const CSAT_VERB = 'csat.rate';
/** The comment box's id: Teams merges its value into the clicked button's data. */
export const CSAT_COMMENT_ID = 'comment';

/** The satisfaction prompt as an Adaptive Card: the question, an optional comment, one button per rating. */
export function renderRatingCard(question: string, rating: RatingPrompt): AdaptiveCard {
  return {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body: [
      { type: 'TextBlock', text: literal(question), wrap: true },
      {
        type: 'Input.Text',
        id: CSAT_COMMENT_ID,
        isMultiline: true,
        maxLength: 1000,
        placeholder: rating.commentLabel,
        label: rating.commentLabel,
      },
    ],
    actions: rating.options.map((o) => ({
      type: 'Action.Execute',
      title: o.label,
      verb: CSAT_VERB,
      data: { v: 1, action: 'csat.rate', ticketId: rating.ticketId, rating: o.rating },
      ...(o.rating === 'great' ? { style: 'positive' } : {}),
    })),
  };
}

const RatingDataSchema = CsatButtonSchema.extend({ comment: z.string().max(4000).optional() });

function answer(card: AdaptiveCard): AdaptiveCardInvokeResponse {
  return {
    statusCode: 200,
    type: ADAPTIVE_CARD_CONTENT_TYPE,
    value: card as unknown as Record<string, unknown>,
  } as AdaptiveCardInvokeResponse;
}

/** A click on a rating button: stored through the engine; the card becomes the thanks. */
export async function answerRating(
  engine: Engine,
  actor: { tenantId: string; userId: string; isExternal: boolean },
  value: AdaptiveCardInvokeValue,
  logger: Logger,
): Promise<AdaptiveCardInvokeResponse> {
  const parsed = RatingDataSchema.safeParse(value.action?.data);
  if (!parsed.success) {
    logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'teams: rating data rejected');
    return answer(renderNoticeCard('This rating is out of date.'));
  }
  const { ticketId, rating, comment } = parsed.data;
  try {
    const result = await engine.rateTicket?.({
      tenantId: actor.tenantId,
      ticketId,
      rating,
      ...(comment?.trim() ? { comment } : {}),
      actor: { platform: 'teams', userId: actor.userId, isExternal: actor.isExternal },
    });
    return answer(renderNoticeCard(result?.message ?? 'Ratings are not available.', ''));
  } catch (err) {
    logger.error({ err, code: isAppError(err) ? err.code : undefined }, 'teams: rating failed');
    return answer(renderNoticeCard('Something went wrong; please try again.'));
  }
}
