import type { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { ChannelPort, OutboundMessage, StaffCard } from '../../conversation/ports.js';
import type { PostedRef, ThreadRef } from '../../domain/index.js';
import { UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { renderReply, renderStaffCard, renderWorking, type SlackMessageContent } from './blocks.js';

const PostedSchema = z.object({ channel: z.string().min(1), ts: z.string().min(1) });
const PermalinkSchema = z.object({ permalink: z.string().url() });
/** The metadata event type of every reply Switchboard posts (`event_payload.delivery_id`). */
export const DELIVERY_EVENT = 'switchboard_delivery';
const RepliesSchema = z.object({
  messages: z.array(
    z.object({
      ts: z.string(),
      metadata: z
        .object({
          event_type: z.string(),
          event_payload: z.object({ delivery_id: z.string().optional() }).passthrough().optional(),
        })
        .optional(),
    }),
  ),
  has_more: z.boolean().optional(),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

/** The Slack error code of a failed Web API call (`channel_not_found`, `ratelimited`…), for logs. */
export function slackErrorCode(err: unknown): string | undefined {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; data?: { error?: unknown } };
    if (typeof e.data?.error === 'string') return e.data.error;
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** The metadata a post carries so that it is found again after a crash (`findPosted`). */
function deliveryMetadata(deliveryId: string | undefined) {
  return deliveryId
    ? { metadata: { event_type: DELIVERY_EVENT, event_payload: { delivery_id: deliveryId } } }
    : {};
}

/** The post carrying `deliveryId` in its metadata among a listing's pages (10 of 200 at most). */
async function findPosted(
  channelId: string,
  deliveryId: string,
  method: string,
  page: (cursor: string | undefined) => Promise<unknown>,
): Promise<PostedRef | null> {
  let cursor: string | undefined;
  try {
    for (let i = 0; i < 10; i++) {
      const res = RepliesSchema.parse(await page(cursor));
      const hit = res.messages.find(
        (m) =>
          m.metadata?.event_type === DELIVERY_EVENT && m.metadata.event_payload?.delivery_id === deliveryId,
      );
      if (hit) return { platform: 'slack', channelId, messageId: hit.ts };
      cursor = res.response_metadata?.next_cursor || undefined;
      if (!res.has_more || !cursor) return null;
    }
    return null;
  } catch (err) {
    throw upstream(method, err);
  }
}

function upstream(method: string, err: unknown): UpstreamError {
  const code = slackErrorCode(err) ?? 'unknown';
  return new UpstreamError(`Slack ${method} failed: ${code}`, {
    cause: err,
    publicMessage: 'Slack did not accept the message; it will be retried.',
  });
}

/**
 * The engine's ChannelPort over the Slack Web API. A call that still fails after the WebClient's
 * retries throws an UpstreamError; the engine's outbox and the approval sweep post it later.
 */
export function createSlackPort(deps: {
  /** The client with the token of the install that serves this organization's channel. */
  clientFor(tenantId: string, channelId: string): Promise<webApi.WebClient>;
  logger: Logger;
}): ChannelPort {
  async function post(
    tenantId: string,
    method: string,
    args: { channel: string; thread_ts?: string } & SlackMessageContent,
  ): Promise<PostedRef> {
    try {
      const client = await deps.clientFor(tenantId, args.channel);
      const res = PostedSchema.parse(
        await client.chat.postMessage({ ...args, unfurl_links: false, unfurl_media: false }),
      );
      return { platform: 'slack', channelId: res.channel, messageId: res.ts };
    } catch (err) {
      throw upstream(method, err);
    }
  }

  async function update(tenantId: string, ref: PostedRef, content: SlackMessageContent): Promise<void> {
    try {
      const client = await deps.clientFor(tenantId, ref.channelId);
      await client.chat.update({ channel: ref.channelId, ts: ref.messageId, ...content });
    } catch (err) {
      throw upstream('chat.update', err);
    }
  }

  return {
    platform: 'slack',
    replyInThread(tenantId: string, thread: ThreadRef, message: OutboundMessage, options = {}) {
      return post(tenantId, 'chat.postMessage', {
        channel: thread.channelId,
        thread_ts: thread.threadId,
        ...renderReply(message),
        // Slack keeps message metadata with the message: after a crash, findDelivery looks for it.
        ...deliveryMetadata(options.deliveryId),
      });
    },
    async findDelivery(tenantId: string, thread: ThreadRef, deliveryId: string) {
      // A top-level post has no thread to read: nothing posted there is found again (null).
      if (!thread.threadId) return null;
      const client = await deps.clientFor(tenantId, thread.channelId);
      const ts = thread.threadId;
      return findPosted(thread.channelId, deliveryId, 'conversations.replies', (cursor) =>
        client.conversations.replies({
          channel: thread.channelId,
          ts,
          include_all_metadata: true,
          limit: 200,
          ...(cursor ? { cursor } : {}),
        }),
      );
    },
    async findStaffCard(tenantId: string, staffChannelId: string, deliveryId: string) {
      // Newest first: a card looked for is one its poster made minutes ago.
      const client = await deps.clientFor(tenantId, staffChannelId);
      return findPosted(staffChannelId, deliveryId, 'conversations.history', (cursor) =>
        client.conversations.history({
          channel: staffChannelId,
          include_all_metadata: true,
          limit: 200,
          ...(cursor ? { cursor } : {}),
        }),
      );
    },
    async showWorking(tenantId: string, thread: ThreadRef) {
      try {
        return await post(tenantId, 'chat.postMessage', {
          channel: thread.channelId,
          thread_ts: thread.threadId,
          ...renderWorking(),
        });
      } catch (err) {
        // Progress is a courtesy: the answer still goes out as a fresh reply.
        deps.logger.warn({ err, channelId: thread.channelId }, 'slack placeholder not posted');
        return undefined;
      }
    },
    progress: 'placeholder',
    async deleteMessage(tenantId: string, ref: PostedRef) {
      try {
        const client = await deps.clientFor(tenantId, ref.channelId);
        await client.chat.delete({ channel: ref.channelId, ts: ref.messageId });
      } catch (err) {
        throw upstream('chat.delete', err);
      }
    },
    updateMessage(tenantId: string, ref: PostedRef, message: OutboundMessage) {
      return update(tenantId, ref, renderReply(message));
    },
    postStaffCard(tenantId: string, staffChannelId: string, card: StaffCard, options = {}) {
      return post(tenantId, 'chat.postMessage', {
        channel: staffChannelId,
        ...renderStaffCard(card),
        ...deliveryMetadata(options.deliveryId),
      });
    },
    updateStaffCard(tenantId: string, ref: PostedRef, card: StaffCard) {
      return update(tenantId, ref, renderStaffCard(card));
    },
    async threadLink(tenantId: string, thread: ThreadRef) {
      try {
        const client = await deps.clientFor(tenantId, thread.channelId);
        const res = PermalinkSchema.parse(
          await client.chat.getPermalink({ channel: thread.channelId, message_ts: thread.threadId }),
        );
        return res.permalink;
      } catch (err) {
        deps.logger.warn(
          { err, code: slackErrorCode(err), channelId: thread.channelId },
          'slack permalink unavailable',
        );
        return undefined;
      }
    },
  };
}
