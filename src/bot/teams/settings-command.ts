import type { Activity, TurnContext } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import { parseSettingsCommand, settingsHelp } from '../../conversation/settings-command.js';
import type { SettingsResult, SettingsView, StaffEntry } from '../../conversation/settings-service.js';
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  ADAPTIVE_CARD_VERSION,
  SCHEMA_URL,
  type AdaptiveCard,
  type AdaptiveElement,
} from './cards.js';
import type { MemberDirectory } from './member-directory.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `@Switchboard settings …`: the grammar is the engine's (parseSettingsCommand); this file turns a
 * mentioned person into their AAD object id (how Teams staff are listed) and the view into a card.
 */
export async function answerSettings(input: {
  ctx: TurnContext;
  engine: Engine;
  actor: StaffActor;
  members: MemberDirectory;
  args: string;
}): Promise<Partial<Activity>> {
  const { ctx, engine, actor } = input;
  const command = parseSettingsCommand(input.args);
  switch (command.kind) {
    case 'help':
      return text(
        command.problem
          ? `${command.problem}\n\n${settingsHelp('@Switchboard')}`
          : settingsHelp('@Switchboard'),
      );
    case 'view':
      return render(await engine.viewSettings(actor));
    case 'change':
      return render(await engine.changeSettings(actor, command.change));
    case 'staff': {
      const userId = await aadObjectIdOf(ctx, input.members, actor.tenantId, command.person);
      if (!userId)
        return text(
          `Mention the person (@name) or give their Microsoft Entra object id; "${command.person.slice(0, 40)}" is neither.`,
        );
      return render(
        await engine.changeSettings(actor, {
          op: 'staff',
          role: command.role,
          action: command.action,
          userId,
        }),
      );
    }
  }
}

/** A `<at>Name</at>` mention (its entity names the person's Teams id; the roster gives the AAD id) or a GUID. */
async function aadObjectIdOf(
  ctx: TurnContext,
  members: MemberDirectory,
  tenantId: string,
  person: string,
): Promise<string | undefined> {
  const p = person.trim();
  if (GUID.test(p)) return p.toLowerCase();
  if (!/^<at>[^<]*<\/at>$/.test(p)) return undefined;
  const entity = (ctx.activity.entities ?? []).find((e) => {
    const m = e as { type?: string; text?: string; mentioned?: { id?: string } };
    return m.type === 'mention' && m.text === p && m.mentioned?.id !== ctx.activity.recipient?.id;
  }) as { mentioned?: { id?: string; aadObjectId?: string } } | undefined;
  const mentioned = entity?.mentioned;
  if (!mentioned?.id) return undefined;
  if (mentioned.aadObjectId && GUID.test(mentioned.aadObjectId)) return mentioned.aadObjectId.toLowerCase();
  if (GUID.test(mentioned.id)) return mentioned.id.toLowerCase();
  const member = await members.member(ctx, tenantId, mentioned.id);
  return member?.aadObjectId && GUID.test(member.aadObjectId) ? member.aadObjectId.toLowerCase() : undefined;
}

function text(message: string): Partial<Activity> {
  return { type: 'message', text: message, textFormat: 'markdown' };
}

function render(result: SettingsResult): Partial<Activity> {
  if (!result.view) return text(result.message);
  return {
    type: 'message',
    attachments: [
      { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: settingsCard(result.view, result.message) },
    ],
  };
}

/** The settings as an Adaptive Card: a fact per setting (value, where it comes from, its key), then staff. */
export function settingsCard(view: SettingsView, message?: string): AdaptiveCard {
  const body: AdaptiveElement[] = [
    { type: 'TextBlock', text: `Settings · ${view.orgName}`, weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (message) body.push({ type: 'TextBlock', text: message, wrap: true });
  body.push({
    type: 'FactSet',
    facts: view.entries.map((e) => ({
      title: e.label,
      value: `${e.value} (${e.source === 'organization' ? 'set here' : e.env ? `default, ${e.env}` : 'default'}) · ${e.key}`,
    })),
  });
  body.push({
    type: 'FactSet',
    separator: true,
    facts: [
      { title: 'Approvers', value: people(view.staff.approvers) },
      { title: 'Supervisors', value: people(view.staff.supervisors) },
    ],
  });
  body.push({
    type: 'TextBlock',
    isSubtle: true,
    wrap: true,
    text: view.canChange
      ? 'Change with @Switchboard settings set <key> <value>, reset <key>, approvers add|remove @person; settings help lists the keys.'
      : 'Only supervisors can change settings.',
  });
  return {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body,
  };
}

function people(entries: StaffEntry[]): string {
  if (entries.length === 0) return 'nobody';
  return entries.map((e) => (e.env ? `${e.userId} (${e.env})` : e.userId)).join(', ');
}
