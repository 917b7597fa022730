import { effectiveSettings, type Platform, type Tenant, type TenantSettings } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';
import type { StaffActor } from './ports.js';
import {
  findSetting,
  parseSettingValue,
  SETTINGS,
  settingsProblems,
  STAFF_ROLES,
  type SettingDefinition,
  type StaffRole,
} from './settings-registry.js';

/** A change a supervisor asks for; `value` is what they typed, validated here. */
export type SettingsChange =
  | { op: 'set'; key: string; value: string }
  | { op: 'reset'; key: string }
  | { op: 'staff'; role: StaffRole; action: 'add' | 'remove'; userId: string };

/** One setting as a person reads it, in registry order. */
export interface SettingsEntry {
  key: string;
  label: string;
  help: string;
  value: string;
  /** `organization`: set with the settings command; `default`: the environment's (env) or built in. */
  source: 'organization' | 'default';
  env?: string;
}

export interface StaffEntry {
  userId: string;
  platform?: Platform;
  /** The environment variable that lists this id; such ids are changed there, not here. */
  env?: string;
}

/** Everything the settings surfaces (Slack Block Kit, Teams card, sandbox panel) render. */
export interface SettingsView {
  orgId: string;
  orgName: string;
  entries: SettingsEntry[];
  staff: Record<StaffRole, StaffEntry[]>;
  /** Whether this person may change anything (supervisors). */
  canChange: boolean;
}

export interface SettingsResult {
  ok: boolean;
  /** One sentence for the person: what changed, or why nothing did. */
  message: string;
  view?: SettingsView;
}

const NOT_STAFF = 'Only members of this organization can see its settings.';
const NOT_SUPERVISOR = 'Only a supervisor can change settings.';
const NO_ORG = 'This organization has no settings yet; try again in a moment.';

/** Platform user ids look like this; anything else is refused before it reaches a staff list. */
const USER_ID: Record<Platform, RegExp> = {
  slack: /^[UW][A-Z0-9]{2,30}$/,
  teams: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  sandbox: /^[a-z0-9][a-z0-9._-]{0,63}$/,
};

function platformOf(userId: string): Platform | undefined {
  return (Object.keys(USER_ID) as Platform[]).find((p) => USER_ID[p].test(userId));
}

export async function viewSettings(deps: EngineDeps, actor: StaffActor): Promise<SettingsResult> {
  if (actor.isExternal) return { ok: false, message: NOT_STAFF };
  const tenant = await deps.stores.tenants.get(actor.tenantId);
  if (!tenant) return { ok: false, message: NO_ORG };
  return { ok: true, message: `Settings of ${orgName(tenant)}.`, view: toView(tenant, actor) };
}

/** Validates, authorizes (supervisors only), stores, audits (who, before, after) and answers with the new view. */
export async function changeSettings(
  deps: EngineDeps,
  actor: StaffActor,
  change: SettingsChange,
): Promise<SettingsResult> {
  if (actor.isExternal) return { ok: false, message: NOT_SUPERVISOR };
  const tenant = await deps.stores.tenants.get(actor.tenantId);
  if (!tenant) return { ok: false, message: NO_ORG };
  if (!tenant.supervisorIds.includes(actor.userId)) return { ok: false, message: NOT_SUPERVISOR };
  const outcome =
    change.op === 'staff'
      ? await changeStaff(deps, tenant, actor, change)
      : await changeValue(deps, tenant, actor, change);
  if (!outcome.ok || !outcome.tenant) return { ok: outcome.ok, message: outcome.message };
  return { ok: true, message: outcome.message, view: toView(outcome.tenant, actor) };
}

type Outcome = { ok: boolean; message: string; tenant?: Tenant };

async function changeValue(
  deps: EngineDeps,
  tenant: Tenant,
  actor: StaffActor,
  change: Extract<SettingsChange, { op: 'set' | 'reset' }>,
): Promise<Outcome> {
  const definition = findSetting(change.key);
  if (!definition)
    return {
      ok: false,
      message: `There is no setting "${change.key.slice(0, 40)}"; the settings are ${SETTINGS.map((s) => s.key).join(', ')}.`,
    };
  const field = definition.field;
  const before = tenant.settings[field];
  let after: unknown;
  if (change.op === 'set') {
    const parsed = parseSettingValue(definition, change.value, tenant.settings);
    if (!parsed.ok) return { ok: false, message: parsed.message };
    after = parsed.value;
  }
  // A reset's result is what applies without the override: checked against the rules like a value.
  const candidate =
    change.op === 'set'
      ? ({ ...tenant.settings, [field]: after } as TenantSettings)
      : withoutOverride(deps, tenant, field);
  if (change.op === 'reset') after = candidate[field];
  const problem = settingsProblems(candidate).find((p) => p.fields.includes(field));
  if (problem) return { ok: false, message: problem.message };
  const updated =
    change.op === 'set'
      ? await deps.stores.tenants.updateSettings(tenant.tenantId, { set: { [field]: after } })
      : await deps.stores.tenants.updateSettings(tenant.tenantId, { unset: [field] });
  if (!updated) return { ok: false, message: NO_ORG };
  await audit(deps, actor, change.op === 'set' ? 'settings.changed' : 'settings.reset', {
    before: { [definition.key]: before },
    after: { [definition.key]: updated.settings[field] },
  });
  deps.logger.info(
    { tenantId: tenant.tenantId, setting: definition.key, by: actor.userId, op: change.op },
    'organization setting changed',
  );
  const shown = show(definition, updated.settings);
  return {
    ok: true,
    message:
      change.op === 'set'
        ? `${definition.label} is now ${shown}.`
        : `${definition.label} is back to the default: ${shown}.`,
    tenant: updated,
  };
}

/** What applies once the organization's own value of `field` is dropped. */
function withoutOverride(deps: EngineDeps, tenant: Tenant, field: keyof TenantSettings): TenantSettings {
  const overrides = { ...tenant.settingsOverrides };
  delete overrides[field];
  return effectiveSettings(deps.settingsDefaults?.(tenant.tenantId) ?? {}, overrides, tenant.name);
}

async function changeStaff(
  deps: EngineDeps,
  tenant: Tenant,
  actor: StaffActor,
  change: Extract<SettingsChange, { op: 'staff' }>,
): Promise<Outcome> {
  const role = STAFF_ROLES[change.role];
  const userId = actor.platform === 'teams' ? change.userId.toLowerCase() : change.userId;
  if (!USER_ID[actor.platform].test(userId))
    return {
      ok: false,
      message: `"${userId.slice(0, 40)}" is not a ${actor.platform} user; mention the person.`,
    };
  const list = tenant[role.field];
  const name = change.role === 'approvers' ? 'an approver' : 'a supervisor';
  if (change.action === 'add' && list.includes(userId))
    return { ok: true, message: `${userId} is already ${name}.`, tenant };
  if (change.action === 'remove') {
    if (!list.includes(userId)) return { ok: true, message: `${userId} is not ${name}.`, tenant };
    const env = envListing(tenant, change.role, userId);
    if (env) return { ok: false, message: `${userId} is listed in ${env}; remove it there and restart.` };
    if (change.role === 'supervisors' && userId === actor.userId)
      return { ok: false, message: 'You cannot remove yourself as a supervisor; ask another supervisor.' };
  }
  const updated = await deps.stores.tenants.updateStaff(tenant.tenantId, role.field, change.action, userId);
  if (!updated) return { ok: false, message: NO_ORG };
  await audit(deps, actor, change.action === 'add' ? 'staff.added' : 'staff.removed', {
    before: { [change.role]: list },
    after: { [change.role]: updated[role.field] },
  });
  deps.logger.info(
    { tenantId: tenant.tenantId, role: change.role, action: change.action, by: actor.userId },
    'organization staff changed',
  );
  return {
    ok: true,
    message: change.action === 'add' ? `${userId} is now ${name}.` : `${userId} is no longer ${name}.`,
    tenant: updated,
  };
}

function envListing(tenant: Tenant, role: StaffRole, userId: string): string | undefined {
  for (const seeded of tenant.seededStaff) {
    const ids = role === 'approvers' ? seeded.approverIds : seeded.supervisorIds;
    if (ids.includes(userId) && seeded.platform !== 'sandbox') return STAFF_ROLES[role].env[seeded.platform];
  }
  return undefined;
}

async function audit(
  deps: EngineDeps,
  actor: StaffActor,
  action: string,
  change: { before: unknown; after: unknown },
): Promise<void> {
  await deps.stores.audit.record({
    tenantId: actor.tenantId,
    auditId: deps.ids.id('aud'),
    actor: { kind: 'staff', platform: actor.platform, userId: actor.userId, name: actor.name },
    action,
    before: change.before,
    after: change.after,
    at: deps.clock.now(),
  });
}

function show(definition: SettingDefinition, settings: TenantSettings): string {
  return (definition.format as (v: unknown, s: TenantSettings) => string)(
    settings[definition.field],
    settings,
  );
}

function orgName(tenant: Tenant): string {
  return tenant.settings.businessName ?? tenant.name;
}

function toView(tenant: Tenant, actor: StaffActor): SettingsView {
  const entries = (SETTINGS as readonly SettingDefinition[]).map((d) => ({
    key: d.key,
    label: d.label,
    help: d.help,
    value: show(d, tenant.settings),
    source: d.field in tenant.settingsOverrides ? ('organization' as const) : ('default' as const),
    env: d.env,
  }));
  const staff = (role: StaffRole): StaffEntry[] =>
    tenant[STAFF_ROLES[role].field].map((userId) => ({
      userId,
      platform: platformOf(userId),
      env: envListing(tenant, role, userId),
    }));
  return {
    orgId: tenant.tenantId,
    orgName: orgName(tenant),
    entries,
    staff: { approvers: staff('approvers'), supervisors: staff('supervisors') },
    canChange: !actor.isExternal && tenant.supervisorIds.includes(actor.userId),
  };
}
