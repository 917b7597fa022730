import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { InboundMessage } from '../../conversation/ports.js';
import { acceptGateOf } from './accept-gate.js';
import { publishHome } from './interactions.js';
import { slackErrorCode } from './port.js';
import { actorFor, type SlackRuntime } from './runtime.js';
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

  app.event('message', async ({ body, event, context }) => {
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
      const self = await rt.identity();
      const c = classifyMessageEvent(envelope.data, parsed.data, self);
      if (!c.ok) {
        rt.logger.debug({ reason: c.reason, eventId: envelope.data.event_id }, 'slack message ignored');
        return;
      }
      const m = c.message;
      // The installing workspace (never the author's) decides the organization.
      const tenantId = await rt.engine.resolveOrg('slack', [m.homeTeamId, enterpriseOfBody(body)]);
      const person = await rt.directory.person(m.userId);
      if (person.isBot) return;
      // An event without a team: users.info's team decides; still unknown means external.
      const userTeam = m.userTeam ?? person.teamId;
      const isExternal = userTeam !== m.homeTeamId;
      const org = isExternal && userTeam ? await rt.directory.org(userTeam) : undefined;
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

  app.event('app_home_opened', async ({ body, event }) => {
    const ev = HomeOpenedSchema.safeParse(event);
    if (!ev.success || (ev.data.tab && ev.data.tab !== 'home')) return;
    try {
      const self = await rt.identity();
      const teamId = homeTeamOfBody(body, self.teamId);
      const orgId = await rt.engine.resolveOrg('slack', [teamId, enterpriseOfBody(body)]);
      const person = await rt.directory.person(ev.data.user);
      await publishHome(
        rt,
        actorFor({ id: ev.data.user, name: person.name }, { teamId, orgId }, person.teamId),
      );
    } catch (err) {
      rt.logger.error({ err, code: slackErrorCode(err) }, 'slack app home failed');
    }
  });

  app.event('member_joined_channel', async ({ body, event }) => {
    const ev = MemberJoinedSchema.safeParse(event);
    if (!ev.success) return;
    try {
      const self = await rt.identity();
      if (ev.data.user !== self.botUserId) return;
      let name: string | undefined;
      try {
        name = ConversationInfoSchema.parse(await rt.client.conversations.info({ channel: ev.data.channel }))
          .channel.name;
      } catch (err) {
        rt.logger.warn({ err, code: slackErrorCode(err) }, 'slack conversations.info failed');
      }
      await rt.engine.registerChannel({
        tenantId: await rt.engine.resolveOrg('slack', [
          homeTeamOfBody(body, self.teamId),
          enterpriseOfBody(body),
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
}
