import type { AdaptiveCardInvokeResponse, AdaptiveCardInvokeValue } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import { StaffActionSchema, type StaffActor, type StaffCard } from '../../conversation/ports.js';
import { isAppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  REFRESH_VERB,
  RefreshDataSchema,
  VERB_BY_ACTION,
  renderNoticeCard,
  renderStaffCard,
  type AdaptiveCard,
} from './cards.js';

const OUT_OF_DATE = 'This card is out of date. Open the latest card in the staff channel.';
const NO_LONGER_PENDING =
  'Nothing is waiting for you on this card any more; the channel shows the latest status.';

function ok(card: AdaptiveCard): AdaptiveCardInvokeResponse {
  // Status 200 with a card replaces the card for the person who clicked.
  return {
    statusCode: 200,
    type: ADAPTIVE_CARD_CONTENT_TYPE,
    value: card as unknown as Record<string, unknown>,
  } as AdaptiveCardInvokeResponse;
}

function findCard(cards: StaffCard[], ticketId: string, approvalId?: string): StaffCard | undefined {
  return cards.find((c) =>
    approvalId ? c.approvalId === approvalId : c.ticketId === ticketId && !c.approvalId,
  );
}

/**
 * Answers an `adaptiveCard/action` invoke: the card's data is parsed (never trusted raw), the
 * engine decides and authorizes, and the answer is the card as it should now look.
 */
export async function answerCardAction(
  engine: Engine,
  actor: StaffActor,
  value: AdaptiveCardInvokeValue,
  logger: Logger,
  /** Maps deciders' AAD object ids to Teams user ids for the refreshed card's `refresh.userIds`. */
  teamsUserIds: (ids: readonly string[]) => Promise<string[]> = async (ids) => [...ids],
): Promise<AdaptiveCardInvokeResponse> {
  const verb = value.action?.verb;
  const render = async (card: StaffCard, notice?: string, noticeTone?: 'refusal' | 'done') => {
    const refreshUserIds =
      !card.final && card.deciderIds?.length ? await teamsUserIds(card.deciderIds) : undefined;
    return renderStaffCard(card, {
      ...(notice ? { notice, ...(noticeTone ? { noticeTone } : {}) } : {}),
      ...(refreshUserIds ? { refreshUserIds } : {}),
    });
  };
  const data: unknown = value.action?.data;
  try {
    if (verb === REFRESH_VERB) {
      const refresh = RefreshDataSchema.safeParse(data);
      if (!refresh.success) return ok(renderNoticeCard(OUT_OF_DATE));
      const home = await engine.staffHome(actor);
      const cards = [...home.pendingApprovals, ...home.escalated, ...home.mine];
      const card = findCard(cards, refresh.data.ticketId, refresh.data.approvalId);
      return ok(card ? await render(card) : renderNoticeCard(NO_LONGER_PENDING));
    }
    const parsed = StaffActionSchema.safeParse(data);
    if (!parsed.success || VERB_BY_ACTION[parsed.data.action] !== verb) {
      logger.warn(
        { verb, issues: parsed.success ? 'verb mismatch' : parsed.error.issues },
        'teams: card action data rejected',
      );
      return ok(renderNoticeCard(OUT_OF_DATE));
    }
    const action = parsed.data;
    // An empty reason box arrives as ''; the engine wants none rather than blank.
    if (action.action === 'approval.reject' && action.reason?.trim() === '') delete action.reason;
    const result = await engine.handleStaffAction(actor, action);
    if (result.card) {
      // The card shows what changed; the sentence goes on it only for a refusal, or when the card
      // itself could not show the outcome (nothing on it changed).
      if (!result.ok) return ok(await render(result.card, result.message));
      return ok(await render(result.card, result.cardUnchanged ? result.message : undefined, 'done'));
    }
    return ok(renderNoticeCard(result.message));
  } catch (err) {
    logger.error({ err, code: isAppError(err) ? err.code : undefined, verb }, 'teams: card action failed');
    return ok(
      renderNoticeCard(
        isAppError(err) ? err.publicMessage : 'Something went wrong; the team has been notified.',
      ),
    );
  }
}

answerCardAction.unavailable = (): AdaptiveCardInvokeResponse =>
  ok(renderNoticeCard('Switchboard is starting up; try again in a moment.'));
