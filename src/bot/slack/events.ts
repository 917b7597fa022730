import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { InboundMessage } from '../../conversation/ports.js';
import { acceptGateOf } from './accept-gate.js';
import { publishHome } from './interactions.js';
import { slackErrorCode } from './port.js';
import { isHomeMember } from './directory.js';
import { actorFor, homeOf, selfOf, type SlackRuntime } from './runtime.js';
import {
  SlackEnvelopeSchema,
  SlackMessageEventSchema,
  classifyMessageEvent,
  enterpriseOfBody,
  homeTeamOfBody,
  tsToDate,
} from './translate.js';

const HomeOpenedSchema = z.object({ user: z.string().min(1), tab: z.string().optional() });
const MemberJoinedSchema = z.object({ user: z.string().min(1), channel: z.string().min(1) });
const ConversationInfoSchema = z.object({ channel: z.object({ name: z.string().optional() }) });

/**
 * Subscribed events: `message.channels`, `message.groups`, `app_home_opened`, `member_joined_channel`.
 * Over HTTP a message event is answered once stored (accept-gate.ts); the others once Bolt is done.
 * Failures are logged, never thrown back at Bolt.
 */
export function registerEventListeners(app: App, rt: SlackRuntime): void {
  // Redeliveries of an event this process already took in (a message: stored) do nothing more.
  app.use(async ({ body, context, next }) => {
    const eventId = (body as { event_id?: unknown }).event_id;
    if (typeof eventId === 'string') {
      if (rt.recent.has(eventId)) {
        rt.logger.debug({ eventId, retryNum: context.retryNum }, 'slack redelivery skipped');
        return;
      }
      // A message counts as taken in once stored (below): one that failed to store must run again.
      const type = (body as { event?: { type?: unknown } }).event?.type;
      if (type !== 'message') rt.recent.remember(eventId);
    }
    await next();
  });

  app.event('message', async ({ body, event, client, context }) => {
    const gate = acceptGateOf(context);
    const envelope = SlackEnvelopeSchema.safeParse(body);
    const parsed = SlackMessageEventSchema.safeParse(event);
    if (!envelope.success || !parsed.success) {
      rt.logger.warn(
        { issues: (envelope.error ?? parsed.error)?.issues.slice(0, 3) },
        'slack message event ignored: unexpected shape',
      );
      return;
    }
    try {
      const self = selfOf(context);
      const c = classifyMessageEvent(envelope.data, parsed.data, self);
      if (!c.ok) {
        rt.logger.debug({ reason: c.reason, eventId: envelope.data.event_id }, 'slack message ignored');
        return;
      }
      const m = c.message;
      // The installing workspace (never the author's) decides the organization; who is staff is
      // judged against the workspace and Grid org Bolt's authorize named, not the payload's.
      const home = { teamId: self.teamId || m.homeTeamId, enterpriseId: self.enterpriseId };
      const tenantId = await rt.engine.resolveOrg('slack', [
        home.teamId,
        self.enterpriseId ?? enterpriseOfBody(body),
      ]);
      await rt.workspaces.seen(m.channelId, home);
      const person = await rt.directory.person(client, home.teamId, m.userId);
      if (person.isBot) return;
      // Staff or customer is the directory's word (users.info), never the event's `user_team`:
      // a signed payload naming our workspace for a guest does not make the guest staff.
      const isExternal = !isHomeMember(person, home);
      // The customer's own workspace (their account) comes from the directory too.
      const userTeam = person.teamId;
      const org = isExternal && userTeam ? await rt.directory.org(client, userTeam) : undefined;
      const inbound: InboundMessage = {
        platform: 'slack',
        tenantId,
        eventId: m.eventId,
        kind: m.kind,
        channelId: m.channelId,
        messageId: m.messageId,
        threadId: m.threadId,
        author: {
          userId: m.userId,
          name: person.name,
          email: person.email,
          orgId: userTeam,
          // Named, the engine links the org to the account found (or opens one on first sight).
          orgName: org?.name,
          // team.info's `domain` is the Slack subdomain; the account's domain is an email domain.
          orgDomain: org?.emailDomain,
          isExternal,
        },
        text: m.text,
        receivedAt: tsToDate(m.messageId, rt.clock.now()),
      };
      // Accept means stored: Slack gets its 200 only now (see accept-gate.ts), then the work runs.
      const accepted = await rt.engine.acceptInbound(inbound);
      rt.recent.remember(m.eventId);
      gate?.accepted();
      const outcome = await accepted.process();
      rt.logger.debug(
        { eventId: m.eventId, status: outcome.status, ticketId: outcome.ticketId },
        'slack message handled',
      );
    } catch (err) {
      // Not stored yet: Slack is answered 503 and sends it again. Stored: the journal resumes it.
      gate?.failed();
      rt.logger.error(
        { err, code: slackErrorCode(err), eventId: envelope.data.event_id },
        'slack message failed',
      );
    }
  });

  app.event('app_home_opened', async ({ body, event, client, context }) => {
    const ev = HomeOpenedSchema.safeParse(event);
    if (!ev.success || (ev.data.tab && ev.data.tab !== 'home')) return;
    try {
      const self = selfOf(context);
      const home = await homeOf(rt, {
        teamId: self.teamId || homeTeamOfBody(body, self.teamId),
        enterpriseId: self.enterpriseId,
      });
      await publishHome(rt, client, await actorFor(rt, client, { id: ev.data.user }, home));
    } catch (err) {
      rt.logger.error({ err, code: slackErrorCode(err) }, 'slack app home failed');
    }
  });

  app.event('member_joined_channel', async ({ body, event, client, context }) => {
    const ev = MemberJoinedSchema.safeParse(event);
    if (!ev.success) return;
    try {
      const self = selfOf(context);
      if (ev.data.user !== self.botUserId) return;
      const homeTeam = homeTeamOfBody(body, self.teamId);
      await rt.workspaces.seen(ev.data.channel, { teamId: homeTeam, enterpriseId: self.enterpriseId });
      let name: string | undefined;
      try {
        name = ConversationInfoSchema.parse(await client.conversations.info({ channel: ev.data.channel }))
          .channel.name;
      } catch (err) {
        rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack conversations.info failed');
      }
      await rt.engine.registerChannel({
        tenantId: await rt.engine.resolveOrg('slack', [
          homeTeam,
          self.enterpriseId ?? enterpriseOfBody(body),
        ]),
        platform: 'slack',
        channelId: ev.data.channel,
        name,
        kind: ev.data.channel === rt.staffChannelId ? 'staff' : undefined,
      });
    } catch (err) {
      rt.logger.error({ err, code: slackErrorCode(err) }, 'slack channel registration failed');
    }
  });

  // Bolt skips authorize for these two (the token is already gone): the envelope names the install.
  app.event('app_uninstalled', async ({ body }) => {
    await disable(rt, body, 'app_uninstalled');
  });

  app.event('tokens_revoked', async ({ body, event }) => {
    const ev = TokensRevokedSchema.safeParse(event);
    // Only a revoked bot token stops the bot; revoked user tokens (none are asked for) change nothing.
    if (!ev.success || (ev.data.tokens.bot ?? []).length === 0) return;
    await disable(rt, body, 'tokens_revoked');
  });
}

const TokensRevokedSchema = z.object({
  tokens: z.object({ oauth: z.array(z.string()).optional(), bot: z.array(z.string()).optional() }),
});

const InstallEnvelopeSchema = z.object({
  team_id: z.string().min(1).optional(),
  enterprise_id: z.string().nullish(),
  authorizations: z
    .array(
      z.object({
        team_id: z.string().nullish(),
        enterprise_id: z.string().nullish(),
        is_enterprise_install: z.boolean().optional(),
      }),
    )
    .optional(),
});

async function disable(
  rt: SlackRuntime,
  body: unknown,
  reason: 'app_uninstalled' | 'tokens_revoked',
): Promise<void> {
  const env = InstallEnvelopeSchema.safeParse(body);
  if (!env.success) return;
  const auth = env.data.authorizations?.[0];
  try {
    await rt.workspaces.disable(
      {
        teamId: auth?.team_id ?? env.data.team_id,
        enterpriseId: auth?.enterprise_id ?? env.data.enterprise_id ?? undefined,
        isEnterpriseInstall: auth?.is_enterprise_install ?? false,
      },
      reason,
    );
  } catch (err) {
    rt.logger.error({ err, reason }, 'slack: could not disable the installation');
  }
}
