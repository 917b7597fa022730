import type { RespondArguments, types } from '@slack/bolt';
import type { StaffActor } from '../../conversation/ports.js';
import { parseSettingsCommand, settingsHelp } from '../../conversation/settings-command.js';
import type { SettingsResult, SettingsView, StaffEntry } from '../../conversation/settings-service.js';
import { SLACK_LIMITS as L, cut, safeText } from './limits.js';
import type { SlackRuntime } from './runtime.js';

type Block = types.KnownBlock;

/**
 * `/switchboard settings …`: the grammar is the engine's (parseSettingsCommand); this file turns a
 * person's mention into a Slack user id and the engine's view into Block Kit.
 */
export async function answerSettings(
  rt: SlackRuntime,
  actor: StaffActor,
  args: string,
): Promise<RespondArguments> {
  const command = parseSettingsCommand(args);
  switch (command.kind) {
    case 'help':
      return ephemeral(
        command.problem
          ? `${command.problem}\n${settingsHelp('/switchboard')}`
          : settingsHelp('/switchboard'),
      );
    case 'view':
      return render(await rt.engine.viewSettings(actor));
    case 'change':
      return render(await rt.engine.changeSettings(actor, command.change));
    case 'staff': {
      const userId = slackUserId(command.person);
      if (!userId)
        return ephemeral(
          `Mention the person (\`@name\`) or give their member id (U…); "${command.person.slice(0, 40)}" is neither.`,
        );
      return render(
        await rt.engine.changeSettings(actor, {
          op: 'staff',
          role: command.role,
          action: command.action,
          userId,
        }),
      );
    }
  }
}

/** `<@U0123|dana>` (the command escapes mentions, see manifest/slack.yaml), `<@U0123>` or `U0123`. */
export function slackUserId(person: string): string | undefined {
  const p = person.trim();
  const mention = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(p);
  if (mention) return mention[1];
  return /^[UW][A-Z0-9]{2,30}$/.test(p) ? p : undefined;
}

function ephemeral(text: string): RespondArguments {
  return { response_type: 'ephemeral', text };
}

function render(result: SettingsResult): RespondArguments {
  if (!result.view) return ephemeral(result.message);
  return {
    response_type: 'ephemeral',
    text: result.message,
    blocks: renderSettings(result.view, result.message),
  };
}

/** The settings as Block Kit: one field per setting (value and where it comes from), then the staff lists. */
export function renderSettings(view: SettingsView, message?: string): Block[] {
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(`Settings · ${view.orgName}`, L.header) } },
  ];
  if (message) blocks.push(section(safeText(message, L.sectionText)));
  const fields = view.entries.map((e) => ({
    type: 'mrkdwn' as const,
    text: cut(
      `*${safeText(e.label, 200)}*\n${safeText(e.value, 300)}  _${
        e.source === 'organization' ? 'set here' : e.env ? `default (${e.env})` : 'default'
      }_\n\`${e.key}\``,
      L.fieldText,
    ),
  }));
  for (let i = 0; i < fields.length; i += L.fields)
    blocks.push({ type: 'section', fields: fields.slice(i, i + L.fields) });
  blocks.push({ type: 'divider' });
  blocks.push(
    section(`*Approvers:* ${people(view.staff.approvers)}\n*Supervisors:* ${people(view.staff.supervisors)}`),
  );
  blocks.push({
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: view.canChange
          ? 'Change with `/switchboard settings set <key> <value>`, `reset <key>`, `approvers add|remove @person`; `/switchboard settings help` lists the keys.'
          : 'Only supervisors can change settings.',
      },
    ],
  });
  return blocks;
}

function people(entries: StaffEntry[]): string {
  if (entries.length === 0) return '_nobody_';
  return cut(
    entries
      .map((e) => {
        const who =
          e.platform === 'slack'
            ? `<@${e.userId}>`
            : `\`${safeText(e.userId, 80)}\` (${e.platform ?? 'other'})`;
        return e.env ? `${who} _(${e.env})_` : who;
      })
      .join(', '),
    L.sectionText - 40,
  );
}

function section(text: string): Block {
  return { type: 'section', text: { type: 'mrkdwn', text: cut(text, L.sectionText) || ' ' } };
}
