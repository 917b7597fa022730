import type { App, types } from '@slack/bolt';
import { z } from 'zod';
import type { ConfirmPrompt } from '../../conversation/ports.js';
import { ConfirmButtonSchema, type ConfirmButton } from '../../domain/index.js';
import { isAppError } from '../../errors.js';
import { SLACK_LIMITS as L, cut, escapeMrkdwn } from './limits.js';
import { slackErrorCode } from './port.js';
import { actorFor, homeOf, selfOf, type SlackRuntime } from './runtime.js';

/** Yes / No under a refund question route here, apart from staff card buttons (`sb.`): customers click these. */
export const CONFIRM_ACTION_PREFIX = 'refund.confirm.';

type Block = types.KnownBlock;

/** The Yes / No buttons under "Refund $X on order N?". Yes is primary; neither asks "are you sure". */
export function confirmBlocks(prompt: ConfirmPrompt): Block[] {
  const button = (answer: ConfirmButton['answer'], label: string): types.Button => ({
    type: 'button',
    text: { type: 'plain_text', text: cut(label, L.buttonText), emoji: true },
    action_id: `${CONFIRM_ACTION_PREFIX}${answer}`,
    value: JSON.stringify({
      v: 1,
      action: 'refund.confirm',
      ticketId: prompt.ticketId,
      confirmationId: prompt.confirmationId,
      answer,
    } satisfies ConfirmButton),
    ...(answer === 'yes' ? { style: 'primary' as const } : {}),
  });
  return [
    {
      type: 'actions',
      block_id: cut(`refund.confirm.${prompt.confirmationId}`, 255),
      elements: [button('yes', prompt.yesLabel), button('no', prompt.noLabel)],
    },
  ];
}

const ConfirmClickSchema = z.object({
  user: z.object({ id: z.string().min(1), team_id: z.string().optional() }),
  container: z.object({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  channel: z.object({ id: z.string() }).optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
});

function parseConfirm(value: string | undefined): ConfirmButton | null {
  try {
    const parsed = ConfirmButtonSchema.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A click on Yes or No under a refund question. The engine decides (only the customer who asked,
 * only while the question is open, the refund once); the clicker hears the outcome in an
 * ephemeral message, and once the question is over its buttons are replaced by the answer.
 */
export function registerConfirmListener(app: App, rt: SlackRuntime): void {
  app.action(
    new RegExp(`^${CONFIRM_ACTION_PREFIX.replace(/\./g, '\\.')}`),
    async ({ ack, body, client, context }) => {
      await ack();
      const parsed = ConfirmClickSchema.safeParse(body);
      const data = parsed.success ? parseConfirm(parsed.data.actions[0]?.value) : null;
      if (!parsed.success || !data) {
        rt.logger.warn(
          { actionId: parsed.data?.actions[0]?.action_id },
          'slack confirmation click ignored: unexpected shape',
        );
        return;
      }
      const b = parsed.data;
      // Who clicked is the directory's word (users.info), like every other click.
      const actor = await actorFor(rt, client, b.user, await homeOf(rt, selfOf(context)));
      const channel = b.container?.channel_id ?? b.channel?.id;
      let message: string;
      let prompt: string | undefined;
      try {
        const result = await rt.engine.answerConfirmation?.({
          tenantId: actor.tenantId,
          ticketId: data.ticketId,
          confirmationId: data.confirmationId,
          answer: data.answer,
          actor: { platform: 'slack', userId: actor.userId, ...(actor.name ? { name: actor.name } : {}) },
        });
        message = result?.message ?? 'Confirmations are not available.';
        prompt = result?.prompt;
      } catch (err) {
        rt.logger.error(
          { err, code: isAppError(err) ? err.code : undefined, ticketId: data.ticketId },
          'slack confirmation failed',
        );
        message = 'Something went wrong; please try again.';
      }
      if (!channel) return;
      try {
        if (prompt && b.container?.message_ts) {
          await client.chat.update({
            channel,
            ts: b.container.message_ts,
            text: cut(escapeMrkdwn(prompt), L.messageText),
            blocks: [
              { type: 'section', text: { type: 'mrkdwn', text: cut(escapeMrkdwn(prompt), L.sectionText) } },
            ],
          });
        }
        await client.chat.postEphemeral({ channel, user: actor.userId, text: message });
      } catch (err) {
        rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack could not show the confirmation result');
      }
    },
  );
}
