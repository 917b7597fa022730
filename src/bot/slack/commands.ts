import type { App, RespondArguments, webApi } from '@slack/bolt';
import { z } from 'zod';
import { ChannelModeSchema, TICKET_ID_PATTERN, type ChannelMode } from '../../domain/index.js';
import { isAppError } from '../../errors.js';
import { renderStatus, renderTicketDetail } from './blocks.js';
import { answerKbDraftCommand, KB_DRAFT_USAGE } from '../../knowledge/kb-draft-command.js';
import { renderKbStatus } from './kb-command.js';
import { slackErrorCode } from './port.js';
import { answerSettings } from './settings-command.js';
import { actorFor, homeOf, selfOf, type SlackRuntime, type SlackSelf } from './runtime.js';

export const SLASH_COMMAND = '/switchboard';

export const USAGE = [
  '`/switchboard status` — open, waiting and escalated tickets',
  '`/switchboard ticket TKT-XXXXXX` — a ticket’s summary and decision record',
  '`/switchboard mode auto|draft|off` — how the bot answers in this channel (supervisors)',
  '`/switchboard staff-channel` — make this channel the staff channel (supervisors)',
  '`/switchboard settings` — this organization’s policy, tone and staff (`settings help` to change them)',
  '`/switchboard kb` — knowledge-base articles and the last import',
  ...KB_DRAFT_USAGE.map((line) => line.replace('`kb', '`/switchboard kb')),
].join('\n');

export type ParsedCommand =
  | { name: 'status' }
  | { name: 'ticket'; ticketId: string }
  | { name: 'mode'; mode: ChannelMode }
  | { name: 'staff-channel' }
  | { name: 'settings'; args: string }
  | { name: 'kb'; args: string }
  | { name: 'help'; problem?: string };

/** The text after `/switchboard`, case-insensitive, extra spaces ignored. */
export function parseCommand(text: string): ParsedCommand {
  const [verb = '', arg = ''] = text.trim().split(/\s+/);
  switch (verb.toLowerCase()) {
    case 'status':
      return { name: 'status' };
    case 'ticket': {
      const id = arg.toUpperCase();
      return TICKET_ID_PATTERN.test(id)
        ? { name: 'ticket', ticketId: id }
        : { name: 'help', problem: 'Give a ticket id like TKT-8F3K2Q.' };
    }
    case 'mode': {
      const mode = ChannelModeSchema.safeParse(arg.toLowerCase());
      return mode.success
        ? { name: 'mode', mode: mode.data }
        : { name: 'help', problem: 'The mode is one of auto, draft or off.' };
    }
    case 'staff-channel':
      return { name: 'staff-channel' };
    case 'settings':
      // Everything after the verb, as typed: the settings grammar has its own parser.
      return { name: 'settings', args: text.trim().slice(verb.length) };
    case 'kb':
      return { name: 'kb', args: text.trim().slice(verb.length).trim() };
    default:
      return { name: 'help', problem: verb ? `I don't know "${verb.slice(0, 40)}".` : undefined };
  }
}

const CommandSchema = z.object({
  user_id: z.string().min(1),
  user_name: z.string().optional(),
  channel_id: z.string().min(1),
  text: z.string().default(''),
});

/** Slack waits 3 s for the ack; an answer not ready by then follows through response_url. */
const ACK_BUDGET_MS = 2000;

export function registerCommands(app: App, rt: SlackRuntime): void {
  app.command(SLASH_COMMAND, async ({ ack, command, respond, client, context }) => {
    const parsed = CommandSchema.safeParse(command);
    if (!parsed.success) {
      await ack({ response_type: 'ephemeral', text: USAGE });
      return;
    }
    const work = answer(rt, client, selfOf(context), parsed.data).catch((err: unknown): RespondArguments => {
      rt.logger.error(
        { err, code: isAppError(err) ? err.code : slackErrorCode(err) },
        'slack command failed',
      );
      return {
        response_type: 'ephemeral',
        text: isAppError(err) ? err.publicMessage : 'Something went wrong; the team has been notified.',
      };
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ACK_BUDGET_MS);
    });
    const first = await Promise.race([work, late]);
    clearTimeout(timer);
    if (first !== 'late') {
      await ack(first);
      return;
    }
    await ack({ response_type: 'ephemeral', text: 'Working on it…' });
    try {
      await respond({ ...(await work), replace_original: true });
    } catch (err) {
      rt.logger.warn({ err }, 'slack command late response failed');
    }
  });
}

async function answer(
  rt: SlackRuntime,
  client: webApi.WebClient,
  self: SlackSelf,
  cmd: z.infer<typeof CommandSchema>,
): Promise<RespondArguments> {
  const home = await homeOf(rt, self);
  await rt.workspaces.seen(cmd.channel_id, home);
  const actor = await actorFor(rt, client, { id: cmd.user_id, name: cmd.user_name }, home);
  const parsed = parseCommand(cmd.text);
  const say = (text: string): RespondArguments => ({ response_type: 'ephemeral', text });
  // Guests in a shared channel never see other customers' tickets or change settings.
  if (actor.isExternal && parsed.name !== 'help')
    return say('Only members of this workspace can use /switchboard.');
  switch (parsed.name) {
    case 'status':
      return say(renderStatus(await rt.engine.status(home.orgId)));
    case 'ticket': {
      const detail = await rt.engine.ticketDetail(home.orgId, parsed.ticketId);
      if (!detail) return say(`No ticket ${parsed.ticketId} here.`);
      return { response_type: 'ephemeral', ...renderTicketDetail(detail) };
    }
    case 'mode':
      return say(
        (
          await rt.engine.setChannelMode({
            tenantId: home.orgId,
            platform: 'slack',
            channelId: cmd.channel_id,
            mode: parsed.mode,
            actor,
          })
        ).message,
      );
    case 'staff-channel':
      return say((await rt.engine.setStaffChannel(actor, cmd.channel_id)).message);
    case 'settings':
      return answerSettings(rt, actor, parsed.args);
    case 'kb':
      return say(
        (await answerKbDraftCommand(rt.engine.articleDrafts, home.orgId, actor, parsed.args)) ??
          renderKbStatus(await rt.engine.kbStatus(home.orgId)),
      );
    case 'help':
      return say(parsed.problem ? `${parsed.problem}\n${USAGE}` : USAGE);
  }
}
