import type { App, webApi } from '@slack/bolt';
import { z } from 'zod';
import {
  StaffActionSchema,
  type StaffAction,
  type StaffActionResult,
  type StaffActor,
} from '../../conversation/ports.js';
import { isAppError } from '../../errors.js';
import {
  ACTION_PREFIX,
  OPEN_THREAD_ACTION,
  REJECT_MODAL_CALLBACK,
  REJECT_REASON_BLOCK,
  REJECT_REASON_INPUT,
  REJECT_REASON_MAX,
  rejectReasonModal,
  renderHome,
} from './blocks.js';
import { slackErrorCode } from './port.js';
import { actorFor, homeOf, selfOf, type SlackRuntime } from './runtime.js';

const UserSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  username: z.string().optional(),
  team_id: z.string().optional(),
});

const BlockActionBodySchema = z.object({
  user: UserSchema,
  trigger_id: z.string().optional(),
  container: z
    .object({ type: z.string(), message_ts: z.string().optional(), channel_id: z.string().optional() })
    .optional(),
  channel: z.object({ id: z.string() }).optional(),
  actions: z
    .array(z.object({ action_id: z.string(), type: z.string(), value: z.string().optional() }))
    .min(1),
});

const ViewSubmissionSchema = z.object({
  user: UserSchema,
  view: z.object({
    private_metadata: z.string(),
    state: z.object({
      values: z.record(z.string(), z.record(z.string(), z.object({ value: z.string().nullish() }))),
    }),
  }),
});

/** The modal's private_metadata: only the approval id (`apr_…`); everything else is read from MongoDB. */
const RejectMetaSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

// The input's max_length: Slack's client enforces it, a forged payload may not.
const RejectReasonSchema = z
  .string()
  .trim()
  .min(1, 'Please say why, so the requester knows.')
  .max(REJECT_REASON_MAX, `Please keep the reason under ${REJECT_REASON_MAX} characters.`);

const STALE_BUTTON = 'This button is out of date. Open the ticket again to act on it.';

/** Staff card buttons, the Reject modal, App Home buttons. Clicks are acknowledged first, then handled. */
export function registerInteractionListeners(app: App, rt: SlackRuntime): void {
  async function tell(
    client: webApi.WebClient,
    actor: StaffActor,
    channelId: string | undefined,
    text: string,
  ): Promise<void> {
    try {
      // In a channel only the clicker sees it; from App Home there is no channel, so the app's DM.
      if (channelId) await client.chat.postEphemeral({ channel: channelId, user: actor.userId, text });
      else await client.chat.postMessage({ channel: actor.userId, text });
    } catch (err) {
      rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack could not tell the actor');
    }
  }

  async function act(actor: StaffActor, data: StaffAction): Promise<StaffActionResult> {
    try {
      return await rt.engine.handleStaffAction(actor, data);
    } catch (err) {
      rt.logger.error(
        { err, code: isAppError(err) ? err.code : undefined, action: data.action },
        'slack staff action failed',
      );
      return {
        ok: false,
        message: isAppError(err) ? err.publicMessage : 'Something went wrong; the team has been notified.',
      };
    }
  }

  app.action(new RegExp(`^${ACTION_PREFIX.replace('.', '\\.')}`), async ({ ack, body, client, context }) => {
    // Slack hears "received" once the click is decided (or after 2.5 s, inside its 3 s): a process
    // killed between an early acknowledgement and the decision lost the click while the approver
    // saw it accepted; unacknowledged, Slack tells them it failed and they click again.
    let acked = false;
    const ackOnce = async () => {
      if (acked) return;
      acked = true;
      await ack();
    };
    const deadline = setTimeout(() => void ackOnce().catch(() => undefined), 2500);
    try {
      await onBlockAction(body, client, context, ackOnce);
    } finally {
      clearTimeout(deadline);
      await ackOnce();
    }
  });

  async function onBlockAction(
    body: unknown,
    client: Parameters<typeof tell>[0],
    context: Parameters<typeof selfOf>[0],
    ackOnce: () => Promise<void>,
  ): Promise<void> {
    const parsed = BlockActionBodySchema.safeParse(body);
    if (!parsed.success) {
      rt.logger.warn(
        { issues: parsed.error.issues.slice(0, 3) },
        'slack block action ignored: unexpected shape',
      );
      return;
    }
    const b = parsed.data;
    const clicked = b.actions[0];
    if (!clicked || clicked.action_id === OPEN_THREAD_ACTION) return;
    // The clicker's `team_id` in the payload is not trusted: users.info decides who is staff.
    const home = await homeOf(rt, selfOf(context));
    const actor = await actorFor(rt, client, b.user, home);
    const channelId = b.container?.channel_id ?? b.channel?.id;
    if (channelId) await rt.workspaces.seen(channelId, home);
    const data = parseButton(clicked.value);
    if (!data) {
      rt.logger.warn({ actionId: clicked.action_id }, 'slack button value rejected');
      await tell(client, actor, channelId, STALE_BUTTON);
      return;
    }
    // Reject asks for a reason first. Guests are refused by the engine without a modal in between.
    if (data.action === 'approval.reject' && !data.reason && !actor.isExternal && b.trigger_id) {
      try {
        await client.views.open({
          trigger_id: b.trigger_id,
          view: rejectReasonModal(data.approvalId),
        });
        return;
      } catch (err) {
        rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack reject modal not opened');
        await tell(client, actor, channelId, 'Could not open the reason dialog; please try again.');
        return;
      }
    }
    const result = await act(actor, data);
    await ackOnce();
    if (!result.ok) {
      await tell(client, actor, channelId, result.message);
      return;
    }
    // The engine replaces the card itself (port.updateStaffCard) in order with execution; a
    // second update from here could land after it and show a stale state. App Home is per person.
    if (b.container?.type === 'view') await publishHome(rt, client, actor);
  }

  app.view(REJECT_MODAL_CALLBACK, async ({ ack, body, client, context }) => {
    const parsed = ViewSubmissionSchema.safeParse(body);
    if (!parsed.success) {
      rt.logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'slack view submission: unexpected shape');
      await ack();
      return;
    }
    const { user, view } = parsed.data;
    const reason = RejectReasonSchema.safeParse(
      view.state.values[REJECT_REASON_BLOCK]?.[REJECT_REASON_INPUT]?.value ?? '',
    );
    // The modal stays open with the message under the field; nothing is decided.
    if (!reason.success) {
      await ack({
        response_action: 'errors',
        errors: { [REJECT_REASON_BLOCK]: reason.error.issues[0]?.message ?? 'Please say why.' },
      });
      return;
    }
    await ack();
    const actor = await actorFor(rt, client, user, await homeOf(rt, selfOf(context)));
    const approvalId = RejectMetaSchema.safeParse(view.private_metadata);
    // The modal is closed by now: problems go to the person's DM with the app.
    if (!approvalId.success) {
      rt.logger.warn('slack reject modal: private_metadata is not an approval id');
      await tell(client, actor, undefined, STALE_BUTTON);
      return;
    }
    const result = await act(actor, {
      v: 1,
      action: 'approval.reject',
      approvalId: approvalId.data,
      reason: reason.data,
    });
    if (!result.ok) await tell(client, actor, undefined, result.message);
  });
}

/** Button values are small versioned JSON; anything else is stale or forged. */
export function parseButton(value: string | undefined): StaffAction | undefined {
  const parsed = StaffActionSchema.safeParse(safeJson(value ?? ''));
  return parsed.success ? parsed.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function publishHome(
  rt: SlackRuntime,
  client: webApi.WebClient,
  actor: StaffActor,
): Promise<void> {
  try {
    const view = await rt.engine.staffHome(actor);
    await client.views.publish({ user_id: actor.userId, view: renderHome(view) });
  } catch (err) {
    rt.logger.error({ err, code: slackErrorCode(err) }, 'slack app home failed');
  }
}
