import { renderRatingCard } from './csat-card.js';
import { renderConfirmCard } from './confirm-card.js';
import type { CloudAdapter, ConversationReference } from 'botbuilder';
import type { Logger } from '../../logger.js';
import type { ChannelPort, OutboundMessage, StaffCard } from '../../conversation/ports.js';
import type { PostedRef, ThreadRef } from '../../domain/index.js';
import { UpstreamError } from '../../errors.js';
import { cardAttachment, renderStaffCard } from './cards.js';
import { replyChainId, splitConversationId } from './activity-mapping.js';
import type { ConversationReferences } from './conversation-references.js';
import type { MemberDirectory } from './member-directory.js';
import { statusOf, withRetry, type CallKind, type RetryOptions } from './retry.js';

export interface TeamsPortDeps {
  adapter: CloudAdapter;
  /** The bot's app id, or '' in local mode: proactive calls are made as this app. */
  appId: string;
  references: ConversationReferences;
  /** Maps approvers' AAD object ids to the Teams user ids a card's `refresh.userIds` needs. */
  members: MemberDirectory;
  logger: Logger;
  retry: RetryOptions;
}

type OutgoingActivity = Record<string, unknown> & { type: string };

/** Markdown text for a customer thread: staff replies are labelled, sources listed. */
export function renderOutbound(message: OutboundMessage): OutgoingActivity {
  let text = message.text;
  if (message.author?.kind === 'staff' && message.author.name) text = `**${message.author.name}:** ${text}`;
  const sources = (message.citations ?? []).map((c) => (c.url ? `[${c.title}](${c.url})` : c.title));
  if (sources.length > 0) text += `\n\nSources: ${sources.join(', ')}`;
  if (message.rating) {
    // The question is on the card; the text stays for notifications and screen readers.
    return {
      type: 'message',
      text,
      textFormat: 'markdown',
      attachments: [cardAttachment(renderRatingCard(message.text, message.rating))],
    };
  }
  if (message.confirm) {
    return {
      type: 'message',
      text,
      textFormat: 'markdown',
      attachments: [cardAttachment(renderConfirmCard(message.text, message.confirm))],
    };
  }
  return { type: 'message', text, textFormat: 'markdown' };
}

/**
 * The engine's ChannelPort for Teams. Everything is sent proactively through
 * `continueConversationAsync`, so nothing depends on an HTTP request still being open.
 */
export function createTeamsPort(deps: TeamsPortDeps): ChannelPort {
  const { adapter, appId, references, members, logger, retry } = deps;

  /** Runs `logic` in a proactive turn for `ref`, retrying throttled calls. */
  async function inConversation<T>(
    tenantId: string,
    ref: Partial<ConversationReference>,
    what: string,
    kind: CallKind,
    logic: (send: SendApi) => Promise<T>,
  ): Promise<T> {
    try {
      return await withRetry(
        kind,
        async () => {
          let result: T | undefined;
          // An error thrown inside a turn goes to the adapter's onTurnError, which logs and swallows
          // it: caught here instead, so a throttled or failed call reaches the retry and the engine.
          let failure: { err: unknown } | undefined;
          await adapter.continueConversationAsync(appId, ref, async (ctx) => {
            // The continuation turn has a made-up activity id that the library would use as
            // `replyToId`; a reply belongs to the thread's root post instead (or to nothing).
            ctx.onSendActivities(async (_ctx, activities, next) => {
              for (const activity of activities) {
                if (ref.activityId) activity.replyToId = ref.activityId;
                else delete activity.replyToId;
              }
              return next();
            });
            try {
              result = await logic({
                send: async (activity) => (await ctx.sendActivity(activity as never))?.id,
                update: async (activity) => {
                  await ctx.updateActivity(activity as never);
                },
                teamsUserIds: (ids) => members.teamsUserIds(ctx, tenantId, ids),
              });
            } catch (err) {
              failure = { err };
            }
          });
          if (failure) throw failure.err;
          return result as T;
        },
        retry,
        (attempt, err, delayMs) =>
          logger.warn({ attempt, status: statusOf(err), delayMs, what }, 'teams: throttled, retrying'),
      );
    } catch (err) {
      throw new UpstreamError(`Teams ${what} failed (status ${statusOf(err) ?? 'n/a'})`, { cause: err });
    }
  }

  async function threadReference(
    tenantId: string,
    thread: ThreadRef,
  ): Promise<Partial<ConversationReference>> {
    const { channelId } = splitConversationId(thread.channelId);
    const base = await references.find(tenantId, channelId);
    if (base.conversation?.conversationType !== 'channel') return base;
    // In a channel, answers belong in the post's reply chain.
    return {
      ...base,
      conversation: { ...base.conversation, id: replyChainId(channelId, thread.threadId) },
      activityId: thread.threadId,
    };
  }

  async function postedReference(tenantId: string, ref: PostedRef): Promise<Partial<ConversationReference>> {
    const { channelId } = splitConversationId(ref.channelId);
    const base = await references.find(tenantId, channelId);
    return { ...base, activityId: undefined, conversation: { ...base.conversation!, id: ref.channelId } };
  }

  return {
    platform: 'teams',

    async replyInThread(tenantId, thread, message) {
      const ref = await threadReference(tenantId, thread);
      const id = await inConversation(tenantId, ref, 'reply', 'post', (api) =>
        api.send(renderOutbound(message)),
      );
      if (!id) throw new UpstreamError('Teams reply returned no activity id');
      return { platform: 'teams', channelId: ref.conversation!.id, messageId: id };
    },

    // Typing fades after a few seconds: shown at once and repeated while the agent works.
    progress: 'indicator',
    async showWorking(tenantId, thread) {
      const ref = await threadReference(tenantId, thread);
      // Typing is a courtesy: a failure must not stop the answer.
      await inConversation(tenantId, ref, 'typing', 'post', (api) => api.send({ type: 'typing' })).catch(
        (err: unknown) => logger.debug({ err }, 'teams: typing indicator failed'),
      );
      return undefined;
    },

    async updateMessage(tenantId, ref, message) {
      const conv = await postedReference(tenantId, ref);
      await inConversation(tenantId, conv, 'update', 'update', (api) =>
        api.update({ ...renderOutbound(message), id: ref.messageId }),
      );
    },

    async postStaffCard(tenantId, staffChannelId, card: StaffCard) {
      const { channelId } = splitConversationId(staffChannelId);
      const ref = await references.find(tenantId, channelId);
      const id = await inConversation(tenantId, ref, 'staff card', 'post', async (api) =>
        api.send(await cardActivity(api, card)),
      );
      if (!id) throw new UpstreamError('Teams card post returned no activity id');
      return { platform: 'teams', channelId, messageId: id };
    },

    async updateStaffCard(tenantId, ref, card) {
      const conv = await postedReference(tenantId, ref);
      await inConversation(tenantId, conv, 'staff card update', 'update', async (api) =>
        api.update({ ...(await cardActivity(api, card)), id: ref.messageId }),
      );
    },

    async threadLink(tenantId, thread) {
      const { channelId } = splitConversationId(thread.channelId);
      // Only a channel post has a reply chain to link to; chats are told apart by Teams' type.
      if ((await references.conversationType(tenantId, channelId)) !== 'channel') return undefined;
      const q = new URLSearchParams({ tenantId, parentMessageId: thread.threadId });
      return `https://teams.microsoft.com/l/message/${encodeURIComponent(channelId)}/${thread.threadId}?${q.toString()}`;
    },
  };
}

interface SendApi {
  send(activity: OutgoingActivity): Promise<string | undefined>;
  update(activity: OutgoingActivity): Promise<void>;
  /** Teams user ids (MRIs) for AAD object ids, looked up in this conversation's roster if needed. */
  teamsUserIds(ids: readonly string[]): Promise<string[]>;
}

/** A staff card as a message activity, its refresh naming deciders as Teams knows them. */
async function cardActivity(api: SendApi, card: StaffCard): Promise<OutgoingActivity> {
  const refreshUserIds =
    !card.final && card.deciderIds?.length ? await api.teamsUserIds(card.deciderIds) : undefined;
  return {
    type: 'message',
    summary: card.title,
    attachments: [cardAttachment(renderStaffCard(card, refreshUserIds ? { refreshUserIds } : {}))],
  };
}
