import { SETTINGS, STAFF_ROLES, type StaffRole } from './settings-registry.js';
import type { SettingsChange } from './settings-service.js';

/**
 * The grammar after `settings`, one for Slack (`/switchboard settings …`), Teams
 * (`@Switchboard settings …`) and anything else that takes text:
 *
 *   settings                                  view
 *   settings help                             the keys and what they take
 *   settings set <key> <value>                change a value (supervisors)
 *   settings reset <key>                      back to the default (supervisors)
 *   settings approvers|supervisors add|remove <person>
 *
 * `<person>` is left as typed (a Slack `<@U…>`, a Teams mention, an id): each adapter turns it into
 * its platform's user id.
 */
export type SettingsCommand =
  | { kind: 'view' }
  | { kind: 'help'; problem?: string }
  | { kind: 'change'; change: Exclude<SettingsChange, { op: 'staff' }> }
  | { kind: 'staff'; role: StaffRole; action: 'add' | 'remove'; person: string };

export function parseSettingsCommand(args: string): SettingsCommand {
  const text = args.trim();
  if (text === '') return { kind: 'view' };
  const [verb = '', ...rest] = text.split(/\s+/);
  const v = verb.toLowerCase();
  if (v === 'help' || v === '?') return { kind: 'help' };
  if (v === 'set') {
    const [key = '', ...value] = rest;
    if (!key || value.length === 0)
      return {
        kind: 'help',
        problem: 'Say which setting and the new value, e.g. `settings set auto-refund-max 150`.',
      };
    return { kind: 'change', change: { op: 'set', key: key.toLowerCase(), value: value.join(' ') } };
  }
  if (v === 'reset') {
    const [key = ''] = rest;
    if (!key) return { kind: 'help', problem: 'Say which setting to reset, e.g. `settings reset tone`.' };
    return { kind: 'change', change: { op: 'reset', key: key.toLowerCase() } };
  }
  const role = v === 'approver' ? 'approvers' : v === 'supervisor' ? 'supervisors' : v;
  if (role === 'approvers' || role === 'supervisors') {
    const [action = '', ...person] = rest;
    const a = action.toLowerCase();
    if ((a !== 'add' && a !== 'remove') || person.length === 0)
      return {
        kind: 'help',
        problem: `Say add or remove and the person, e.g. \`settings ${role} add @dana\`.`,
      };
    return { kind: 'staff', role, action: a, person: person.join(' ') };
  }
  return { kind: 'help', problem: `I don't know "settings ${verb.slice(0, 40)}".` };
}

/** The help text, derived from the registry (a new setting appears here by itself). */
export function settingsHelp(prefix: string): string {
  const keys = SETTINGS.map((s) => `• \`${s.key}\` — ${s.help}`).join('\n');
  const roles = (Object.keys(STAFF_ROLES) as StaffRole[]).join('|');
  return [
    `\`${prefix} settings\` — this organization’s settings`,
    `\`${prefix} settings set <key> <value>\` — change one (supervisors)`,
    `\`${prefix} settings reset <key>\` — back to the default (supervisors)`,
    `\`${prefix} settings ${roles} add|remove <person>\` — who may approve or supervise (supervisors)`,
    'Keys:',
    keys,
  ].join('\n');
}
