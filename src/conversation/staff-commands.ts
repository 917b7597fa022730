import type { Platform, Tenant } from '../domain/index.js';
import { isAppError } from '../errors.js';
import type { EngineDeps } from './engine-deps.js';
import type { ChannelModeChange, StaffAction, StaffActionResult, StaffActor } from './ports.js';

/** Dispatches a card button to approvals or takeover; failures become one sentence for the actor. */
function runStaffAction(
  deps: EngineDeps,
  actor: StaffActor,
  action: StaffAction,
): Promise<StaffActionResult> {
  const t = actor.tenantId;
  switch (action.action) {
    case 'approval.approve':
      return deps.approvals.decide({
        tenantId: t,
        approvalId: action.approvalId,
        decision: 'approve',
        actor,
      });
    case 'approval.reject':
      return deps.approvals.decide({
        tenantId: t,
        approvalId: action.approvalId,
        decision: 'reject',
        reason: action.reason,
        actor,
      });
    case 'ticket.takeover':
      return deps.takeover.takeover(t, action.ticketId, actor);
    case 'ticket.handback':
      return deps.takeover.handback(t, action.ticketId, actor);
    case 'ticket.resolve':
      return deps.takeover.resolve(t, action.ticketId, actor);
    case 'ticket.send_draft':
      return deps.takeover.sendDraft(t, action.ticketId, actor, action.text);
    case 'kb.draft_from_reply':
      return draftFromReply(deps, actor, action.ticketId);
  }
}

/**
 * "Draft KB article": the draft is saved apart from the ticket, so the ticket's card stays as it
 * was; it comes back with the sentence, for a platform that answers the click by redrawing it.
 */
async function draftFromReply(
  deps: EngineDeps,
  actor: StaffActor,
  ticketId: string,
): Promise<StaffActionResult> {
  if (!deps.articleDrafts) return { ok: false, message: 'Article drafts are not available here.' };
  const { ok, message } = await deps.articleDrafts.draftFromTicket(actor.tenantId, ticketId, actor);
  if (actor.isExternal) return { ok, message };
  const card = await deps.takeover.escalationCard(actor.tenantId, ticketId);
  return card ? { ok, message, card, cardUnchanged: true } : { ok, message };
}

/**
 * Tells watchers (the sandbox's live pane, the report's rollups) what a staff click changed:
 * the takeover service and approval decisions change tickets without passing through the
 * inbound path that publishes otherwise. A failed read only costs the notice.
 */
async function publishChange(
  deps: EngineDeps,
  tenantId: string,
  action: StaffAction,
  result: StaffActionResult,
): Promise<void> {
  try {
    if ('approvalId' in action) {
      // The decision answers with the request as it left it; read only when it did not.
      const approval =
        result.approval?.approvalId === action.approvalId
          ? result.approval
          : await deps.stores.approvals.get(tenantId, action.approvalId);
      if (approval)
        deps.events.publish({
          type: 'approval',
          tenantId,
          approvalId: approval.approvalId,
          ticketId: approval.ticketId,
          status: approval.status,
          approval,
          at: deps.clock.now(),
        });
      return;
    }
    const ticket = await deps.stores.tickets.get(tenantId, action.ticketId);
    if (ticket)
      deps.events.publish({
        type: 'ticket',
        tenantId,
        ticketId: ticket.ticketId,
        status: ticket.status,
        at: deps.clock.now(),
      });
  } catch (err) {
    deps.logger.warn({ err, action: action.action }, 'publishing a staff change failed');
  }
}

export async function handleStaffAction(
  deps: EngineDeps,
  actor: StaffActor,
  action: StaffAction,
): Promise<StaffActionResult> {
  try {
    const result = await runStaffAction(deps, actor, action);
    if (result.ok) await publishChange(deps, actor.tenantId, action, result);
    return result;
  } catch (err) {
    deps.logger.error(
      { err, code: isAppError(err) ? err.code : 'unexpected', action: action.action },
      'staff action failed',
    );
    return {
      ok: false,
      message: isAppError(err) ? err.publicMessage : 'That did not work; the team has been notified.',
    };
  }
}

function isSupervisor(tenant: Tenant | null, actor: StaffActor): boolean {
  return Boolean(tenant && !actor.isExternal && tenant.supervisorIds.includes(actor.userId));
}

const NOT_SUPERVISOR = 'Only a supervisor of this workspace can change that.';

export async function setChannelMode(
  deps: EngineDeps,
  change: ChannelModeChange,
): Promise<StaffActionResult> {
  const tenant = await deps.stores.tenants.get(change.tenantId);
  if (!isSupervisor(tenant, change.actor)) return { ok: false, message: NOT_SUPERVISOR };
  const existing = await deps.stores.channels.get(change.tenantId, change.platform, change.channelId);
  if (existing?.kind === 'staff')
    return { ok: false, message: 'This is the staff channel; modes apply to customer channels.' };
  if (!existing) {
    await deps.stores.channels.upsert({
      tenantId: change.tenantId,
      platform: change.platform,
      channelId: change.channelId,
      kind: 'customer',
      mode: change.mode,
      updatedAt: deps.clock.now(),
      updatedBy: change.actor.userId,
    });
  } else {
    await deps.stores.channels.setMode(
      change.tenantId,
      change.platform,
      change.channelId,
      change.mode,
      change.actor.userId,
    );
  }
  // Whichever surface made the change, every open view (the sandbox page) hears of it from here.
  deps.events.publish({
    type: 'mode',
    tenantId: change.tenantId,
    platform: change.platform,
    channelId: change.channelId,
    mode: change.mode,
    at: deps.clock.now(),
  });
  const what = {
    auto: 'the bot answers customers',
    draft: 'the bot drafts answers for staff to send',
    off: 'the bot only tracks tickets',
  }[change.mode];
  return { ok: true, message: `Channel mode set to ${change.mode}: ${what}.` };
}

export async function setStaffChannel(
  deps: EngineDeps,
  actor: StaffActor,
  channelId: string,
): Promise<StaffActionResult> {
  const tenant = await deps.stores.tenants.get(actor.tenantId);
  if (!tenant || !isSupervisor(tenant, actor)) return { ok: false, message: NOT_SUPERVISOR };
  const staffChannels = [
    ...tenant.staffChannels.filter((c) => c.platform !== actor.platform),
    { platform: actor.platform, channelId },
  ];
  await deps.stores.tenants.update(actor.tenantId, { staffChannels, updatedAt: deps.clock.now() });
  const existing = await deps.stores.channels.get(actor.tenantId, actor.platform, channelId);
  await deps.stores.channels.upsert({
    ...(existing ?? { mode: tenant.settings.defaultChannelMode }),
    tenantId: actor.tenantId,
    platform: actor.platform,
    channelId,
    kind: 'staff',
    updatedAt: deps.clock.now(),
    updatedBy: actor.userId,
  });
  return {
    ok: true,
    message: 'This channel is now the staff channel: approval and escalation cards will be posted here.',
  };
}

export async function registerChannel(
  deps: EngineDeps,
  input: {
    tenantId: string;
    platform: Platform;
    channelId: string;
    name?: string;
    kind?: 'customer' | 'staff';
    conversationReference?: Record<string, unknown>;
  },
): Promise<void> {
  const existing = await deps.stores.channels.get(input.tenantId, input.platform, input.channelId);
  const tenant = await deps.stores.tenants.get(input.tenantId);
  const staff = tenant?.staffChannels.some(
    (c) => c.platform === input.platform && c.channelId === input.channelId,
  );
  await deps.stores.channels.upsert({
    tenantId: input.tenantId,
    platform: input.platform,
    channelId: input.channelId,
    kind: input.kind ?? existing?.kind ?? (staff ? 'staff' : 'customer'),
    mode: existing?.mode ?? tenant?.settings.defaultChannelMode ?? 'auto',
    name: input.name ?? existing?.name,
    conversationReference: input.conversationReference ?? existing?.conversationReference,
    updatedAt: deps.clock.now(),
    updatedBy: existing?.updatedBy,
  });
}

/** Creates the tenant when missing and merges staff settings seeded from the environment. */
export async function ensureTenant(
  deps: EngineDeps,
  input: {
    tenantId: string;
    name: string;
    platform: Platform;
    staffChannelId?: string;
    approverIds?: string[];
    supervisorIds?: string[];
  },
): Promise<Tenant> {
  // Policy is not stored at creation: the environment's values apply until the organization sets its own.
  const tenant = await deps.stores.tenants.ensure({
    tenantId: input.tenantId,
    name: input.tenantId === deps.org.id ? (deps.org.name ?? input.name) : input.name,
    platform: input.platform,
  });
  const staffChannels = input.staffChannelId
    ? [
        ...tenant.staffChannels.filter((c) => c.platform !== input.platform),
        { platform: input.platform, channelId: input.staffChannelId },
      ]
    : tenant.staffChannels;
  // The environment is the source of truth for the ids it seeds: an id it seeded before and no
  // longer lists is revoked; ids granted otherwise (another platform, the demo seed) stay.
  const previous = tenant.seededStaff.find((s) => s.platform === input.platform);
  const approverIds = reseed(tenant.approverIds, previous?.approverIds, input.approverIds);
  const supervisorIds = reseed(tenant.supervisorIds, previous?.supervisorIds, input.supervisorIds);
  const seededStaff =
    input.approverIds === undefined && input.supervisorIds === undefined
      ? tenant.seededStaff
      : [
          ...tenant.seededStaff.filter((s) => s.platform !== input.platform),
          {
            platform: input.platform,
            approverIds: input.approverIds ?? previous?.approverIds ?? [],
            supervisorIds: input.supervisorIds ?? previous?.supervisorIds ?? [],
          },
        ];
  const changed =
    staffChannels !== tenant.staffChannels ||
    !sameSet(approverIds, tenant.approverIds) ||
    !sameSet(supervisorIds, tenant.supervisorIds) ||
    JSON.stringify(seededStaff) !== JSON.stringify(tenant.seededStaff);
  if (!changed) return tenant;
  const updated = await deps.stores.tenants.update(input.tenantId, {
    staffChannels,
    approverIds,
    supervisorIds,
    seededStaff,
    updatedAt: deps.clock.now(),
  });
  if (input.staffChannelId)
    await registerChannel(deps, {
      tenantId: input.tenantId,
      platform: input.platform,
      channelId: input.staffChannelId,
      kind: 'staff',
    });
  return updated ?? tenant;
}

function reseed(
  current: string[],
  previouslySeeded: string[] | undefined,
  seeded: string[] | undefined,
): string[] {
  if (seeded === undefined) return current;
  const revoked = new Set((previouslySeeded ?? []).filter((id) => !seeded.includes(id)));
  return [...new Set([...current.filter((id) => !revoked.has(id)), ...seeded])];
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
