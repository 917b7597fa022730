import type { TurnContext } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { ConfirmPrompt } from '../../conversation/ports.js';
import { ConfirmButtonSchema, type ConfirmButton } from '../../domain/index.js';
import { isAppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { ADAPTIVE_CARD_VERSION, SCHEMA_URL, cardAttachment, literal, type AdaptiveCard } from './cards.js';
import type { Sender } from './inbound-message.js';

/**
 * The refund question as an Adaptive Card with Yes / No `Action.Submit` buttons. Teams sends a
 * click back as a message activity whose `value` is the button's data (no text).
 */
export function renderConfirmCard(question: string, prompt: ConfirmPrompt): AdaptiveCard {
  const data = (answer: ConfirmButton['answer']): ConfirmButton => ({
    v: 1,
    action: 'refund.confirm',
    ticketId: prompt.ticketId,
    confirmationId: prompt.confirmationId,
    answer,
  });
  return {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body: [{ type: 'TextBlock', text: literal(question), wrap: true }],
    actions: [
      { type: 'Action.Submit', title: prompt.yesLabel, data: data('yes'), style: 'positive' },
      { type: 'Action.Submit', title: prompt.noLabel, data: data('no') },
    ],
  };
}

/** The question once it can no longer be answered: its text and the answer, no buttons. */
function answeredCard(text: string): AdaptiveCard {
  return {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body: [{ type: 'TextBlock', text: literal(text), wrap: true }],
  };
}

/** The button data of an `Action.Submit` click, or null when the activity is not one of ours. */
export function parseConfirmSubmit(value: unknown): ConfirmButton | null {
  const parsed = ConfirmButtonSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A Yes or No click: the engine decides (only the customer who asked, only while the question is
 * open, the refund once). Teams has no message only the clicker sees in a channel, so the sentence
 * is a reply in the thread; once the question is over, its card loses the buttons.
 */
export async function answerConfirmSubmit(
  ctx: TurnContext,
  engine: Engine,
  sender: Sender,
  data: ConfirmButton,
  logger: Logger,
): Promise<void> {
  let message: string;
  let prompt: string | undefined;
  try {
    const result = await engine.answerConfirmation?.({
      tenantId: sender.tenantId,
      ticketId: data.ticketId,
      confirmationId: data.confirmationId,
      answer: data.answer,
      actor: { platform: 'teams', userId: sender.userId, ...(sender.name ? { name: sender.name } : {}) },
    });
    message = result?.message ?? 'Confirmations are not available.';
    prompt = result?.prompt;
  } catch (err) {
    logger.error(
      { err, code: isAppError(err) ? err.code : undefined, ticketId: data.ticketId },
      'teams: confirmation failed',
    );
    message = 'Something went wrong; please try again.';
  }
  const cardId = ctx.activity.replyToId;
  if (prompt && cardId) {
    try {
      await ctx.updateActivity({
        id: cardId,
        type: 'message',
        attachments: [cardAttachment(answeredCard(prompt))],
      });
    } catch (err) {
      logger.warn({ err }, 'teams: the answered question could not be updated');
    }
  }
  await ctx.sendActivity(message);
}
