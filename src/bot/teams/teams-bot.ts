import { answerRating, CSAT_VERB } from './csat-card.js';
import { answerConfirmSubmit, parseConfirmSubmit } from './confirm-card.js';
import { z } from 'zod';
import {
  TeamsActivityHandler,
  TurnContext,
  type AdaptiveCardInvokeResponse,
  type AdaptiveCardInvokeValue,
} from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import {
  homeTenantOf,
  mentionsBot,
  parseCommand,
  readChannelData,
  senderTenantOf,
  splitConversationId,
  stripBotMention,
  type TeamsCommand,
} from './activity-mapping.js';
import { answerCardAction } from './card-actions.js';
import { answerKbDraftCommand } from '../../knowledge/kb-draft-command.js';
import { renderKbStatus } from './kb-command.js';
import { answerSettings } from './settings-command.js';
import { storeTeamChannels } from './team-channels.js';
import { toInboundMessage, type InboundKind, type Sender } from './inbound-message.js';
import type { ConversationReferences } from './conversation-references.js';
import type { MemberDirectory, TeamsMember } from './member-directory.js';

export interface TeamsBotDeps {
  /** Set by `mount`; activities arriving before it are refused with a log line. */
  engine: () => Engine | undefined;
  /** The configured home tenant (MicrosoftAppTenantId), if any. */
  appTenantId?: string;
  /**
   * Makes sure the organization of a Teams tenant exists, seeding the home tenant's staff settings
   * the first time it is seen.
   */
  ensureHomeTenant: (orgId: string, teamsTenantId: string, name?: string) => Promise<void>;
  references: ConversationReferences;
  members: MemberDirectory;
  logger: Logger;
  clock: Clock;
  /** Runs engine work after the HTTP request has been answered. */
  background: (what: string, work: Promise<unknown>) => void;
}

const EmailSchema = z.email();

/** Where an activity belongs once prepared: the organization and the Teams tenant behind it. */
interface Prepared {
  engine: Engine;
  /** The organization (engine tenantId). */
  tenantId: string;
  /** The Teams (AAD) tenant the bot serves in this conversation; staff are its members. */
  teamsTenantId: string;
  channelId: string;
  rootId?: string;
}

/**
 * Translates Teams activities into engine calls. No business rule lives here: the engine
 * decides, this class only maps fields and answers Teams in the shape it expects.
 */
export class TeamsBot extends TeamsActivityHandler {
  constructor(private readonly deps: TeamsBotDeps) {
    super();
    this.onMessage(async (ctx, next) => {
      await this.handleMessage(ctx);
      await next();
    });
    // Teams says "edited" / "deleted" with channelData.eventType; the engine records both on the
    // ticket and never answers them (an edit is not a new question).
    this.onTeamsMessageEditEvent(async (ctx, next) => {
      await this.handleRevision(ctx, 'edit');
      await next();
    });
    this.onTeamsMessageSoftDeleteEvent(async (ctx, next) => {
      await this.handleRevision(ctx, 'delete');
      await next();
    });
    this.onMembersAdded(async (ctx, next) => {
      if ((ctx.activity.membersAdded ?? []).some((m) => m.id === ctx.activity.recipient?.id))
        await this.handleInstalled(ctx);
      await next();
    });
    // Teams also says `installationUpdate` (action "add") when the app is installed in a team,
    // group chat or personal scope; storing the references twice is harmless.
    this.onInstallationUpdateAdd(async (ctx, next) => {
      await this.handleInstalled(ctx);
      await next();
    });
  }

  /** `where.tenantId` is the organization; `where.teamsTenantId` the Teams tenant the bot serves here. */
  private async sender(ctx: TurnContext, where: Prepared): Promise<Sender> {
    const a = ctx.activity;
    const member: TeamsMember | undefined = await this.deps.members.lookup(ctx, where.tenantId);
    const orgId = senderTenantOf(a, member?.tenantId);
    // Staff is the roster's word: the member's own tenant against the tenant hosting this
    // conversation (configured, else the conversation's), never `channelData.tenant`, which in a
    // shared channel names the host for everyone. Not on the roster, or no answer: external.
    const hostTenantId = this.deps.appTenantId ?? a.conversation?.tenantId;
    const onRoster = member?.tenantId !== undefined && member.tenantId === hostTenantId;
    const emailCandidate = member?.email ?? member?.userPrincipalName;
    const email = EmailSchema.safeParse(emailCandidate).success ? emailCandidate : undefined;
    // Guests invited into the home tenant are outsiders too, whatever tenant the activity names.
    const guest = member?.userRole === 'guest' || member?.userRole === 'anonymous';
    return {
      tenantId: where.tenantId,
      userId: (a.from.aadObjectId ?? member?.aadObjectId)?.toLowerCase() ?? a.from.id,
      name: member?.name ?? a.from.name,
      email,
      orgId,
      // Fail closed: a sender whose tenant is unknown gets no staff powers (approve, take over).
      isExternal: guest || !onRoster,
    };
  }

  /**
   * Remembers how to reach this conversation and makes sure its organization exists. The Teams
   * tenant the bot serves here (never the sender's) decides the organization.
   */
  private async prepare(ctx: TurnContext): Promise<Prepared | undefined> {
    const a = ctx.activity;
    const engine = this.deps.engine();
    const teamsTenantId = homeTenantOf(a, this.deps.appTenantId);
    if (!engine || !teamsTenantId || !a.conversation?.id) {
      this.deps.logger.warn(
        { type: a.type, hasEngine: Boolean(engine), tenantId: teamsTenantId },
        'teams: activity ignored (no engine or tenant)',
      );
      return undefined;
    }
    const tenantId = await engine.resolveOrg('teams', teamsTenantId);
    const { channelId, rootId } = splitConversationId(a.conversation.id);
    const reference = TurnContext.getConversationReference(a);
    this.deps.references.remember(tenantId, channelId, reference);
    await this.deps.ensureHomeTenant(tenantId, teamsTenantId, readChannelData(a).team?.name);
    await this.deps.references.persist(tenantId, channelId, reference);
    return { engine, tenantId, teamsTenantId, channelId, rootId };
  }

  private async handleMessage(ctx: TurnContext): Promise<void> {
    const a = ctx.activity;
    if (a.from?.role === 'bot' || a.from?.id === a.recipient?.id) return;
    const where = await this.prepare(ctx);
    if (!where) return;
    const text = stripBotMention(a);
    const group = a.conversation.conversationType !== 'personal';
    const command = group && mentionsBot(a) ? parseCommand(text) : undefined;
    const sender = await this.sender(ctx, where);
    // Yes / No under a refund question (Action.Submit): the button's data, no text.
    const confirm = parseConfirmSubmit(a.value);
    if (confirm) {
      await answerConfirmSubmit(ctx, where.engine, sender, confirm, this.deps.logger);
      return;
    }
    if (command) {
      await this.runCommand(ctx, where.engine, where.channelId, sender, command);
      return;
    }
    if (!a.id || text === '') return;
    await this.submit(
      where.engine,
      toInboundMessage({
        activity: a,
        where,
        sender,
        kind: 'message',
        text,
        receivedAt: this.deps.clock.now(),
      }),
    );
  }

  /** A customer (or staff member) edited or deleted a message the engine may have recorded. */
  private async handleRevision(ctx: TurnContext, kind: Exclude<InboundKind, 'message'>): Promise<void> {
    const a = ctx.activity;
    if (a.from?.role === 'bot' || a.from?.id === a.recipient?.id || !a.id) return;
    const where = await this.prepare(ctx);
    if (!where) return;
    const text = kind === 'edit' ? stripBotMention(a) : '';
    // An edit that empties the text is how some clients delete; the engine wants it as one.
    const effective = kind === 'edit' && text === '' ? 'delete' : kind;
    const sender = await this.sender(ctx, where);
    await this.submit(
      where.engine,
      toInboundMessage({
        activity: a,
        where,
        sender,
        kind: effective,
        text,
        receivedAt: this.deps.clock.now(),
      }),
    );
  }

  /**
   * Teams redelivers anything not answered within 15 s: the activity is stored (accept means
   * stored; a failure throws, and the request is answered 503 so the Bot Connector retries),
   * then answered, and the work runs afterwards.
   */
  private async submit(engine: Engine, inbound: ReturnType<typeof toInboundMessage>): Promise<void> {
    const accepted = await engine.acceptInbound(inbound);
    this.deps.background(
      inbound.kind ?? 'message',
      accepted
        .process()
        .then((outcome) =>
          this.deps.logger.debug(
            { eventId: inbound.eventId, kind: inbound.kind, ...outcome },
            'teams: inbound handled',
          ),
        ),
    );
  }

  private async runCommand(
    ctx: TurnContext,
    engine: Engine,
    channelId: string,
    sender: Sender,
    command: TeamsCommand,
  ): Promise<void> {
    const actor: StaffActor = {
      platform: 'teams',
      tenantId: sender.tenantId,
      userId: sender.userId,
      name: sender.name,
      isExternal: sender.isExternal,
    };
    if (command.kind === 'kb') {
      const drafts = sender.isExternal
        ? undefined
        : await answerKbDraftCommand(engine.articleDrafts, sender.tenantId, actor, command.args);
      await ctx.sendActivity(drafts ?? (await kbStatusText(engine, sender)));
      return;
    }
    if (command.kind === 'settings') {
      const { members } = this.deps;
      await ctx.sendActivity(await answerSettings({ ctx, engine, actor, members, args: command.args }));
      return;
    }
    const result =
      command.kind === 'mode'
        ? await engine.setChannelMode({
            tenantId: sender.tenantId,
            platform: 'teams',
            channelId,
            mode: command.mode,
            actor,
          })
        : await engine.setStaffChannel(actor, channelId);
    if (result.ok && command.kind === 'set_staff_channel') {
      const conversationReference = TurnContext.getConversationReference(ctx.activity);
      await engine.registerChannel({
        tenantId: sender.tenantId,
        platform: 'teams',
        channelId,
        kind: 'staff',
        conversationReference: {
          ...conversationReference,
          activityId: undefined,
          conversation: { ...conversationReference.conversation, id: channelId },
        },
      });
    }
    await ctx.sendActivity(result.message);
  }

  /**
   * The app was installed here: store how to reach this conversation and, in a team, every
   * channel of it (the staff channel included), so cards and answers can be posted after a
   * restart before anyone has written there.
   */
  private async handleInstalled(ctx: TurnContext): Promise<void> {
    const a = ctx.activity;
    const where = await this.prepare(ctx);
    if (!where) return;
    const data = readChannelData(a);
    const ref = TurnContext.getConversationReference(a);
    await where.engine.registerChannel({
      tenantId: where.tenantId,
      platform: 'teams',
      channelId: where.channelId,
      name: data.channel?.name ?? a.conversation.name ?? data.team?.name,
      conversationReference: {
        ...ref,
        activityId: undefined,
        conversation: { ...ref.conversation, id: where.channelId },
      },
    });
    this.deps.logger.info(
      { tenantId: where.tenantId, channelId: where.channelId, type: a.conversation.conversationType },
      'teams: installed in a conversation',
    );
    if (data.team?.id)
      await storeTeamChannels(ctx, {
        engine: where.engine,
        tenantId: where.tenantId,
        teamId: data.team.id,
        references: this.deps.references,
        logger: this.deps.logger,
      });
  }

  protected override async onAdaptiveCardInvoke(
    ctx: TurnContext,
    value: AdaptiveCardInvokeValue,
  ): Promise<AdaptiveCardInvokeResponse> {
    const where = await this.prepare(ctx);
    if (!where) return answerCardAction.unavailable();
    const sender = await this.sender(ctx, where);
    // Rating buttons under a satisfaction prompt: a customer's click, not a staff action.
    if (value.action?.verb === CSAT_VERB) return answerRating(where.engine, sender, value, this.deps.logger);
    const actor: StaffActor = {
      platform: 'teams',
      tenantId: where.tenantId,
      userId: sender.userId,
      name: sender.name,
      isExternal: sender.isExternal,
    };
    return answerCardAction(where.engine, actor, value, this.deps.logger, (ids) =>
      this.deps.members.teamsUserIds(ctx, where.tenantId, ids),
    );
  }
}

/** Members of the organization see the knowledge base's state; guests in a shared chat do not. */
async function kbStatusText(engine: Engine, sender: Sender): Promise<string> {
  if (sender.isExternal) return 'Only members of this organization can see the knowledge base.';
  return renderKbStatus(await engine.kbStatus(sender.tenantId));
}
