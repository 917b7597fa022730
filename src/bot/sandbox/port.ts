import type { Clock, IdGenerator, PostedRef, ThreadRef } from '../../domain/index.js';
import type { ChannelPort, OutboundMessage, StaffCard } from '../../conversation/ports.js';
import { NotFoundError } from '../../errors.js';
import {
  StaffCardSchema,
  type SandboxPost,
  type SandboxPostEvent,
  type SandboxPostPatch,
  type SandboxPostStore,
} from './posts.js';

export interface SandboxPortOptions {
  posts: SandboxPostStore;
  clock: Clock;
  ids: IdGenerator;
  /** Called after every stored change so open pages refresh without reloading. */
  onPost?(event: SandboxPostEvent): void;
}

function authorOf(message: OutboundMessage): SandboxPost['author'] {
  if (message.author?.kind === 'staff') return { kind: 'staff', name: message.author.name };
  return { kind: 'bot', name: 'Switchboard' };
}

export interface PostWriter {
  /** Stores a new post; its id is made here unless given (a message whose id the engine already has). */
  insert(
    post: Omit<SandboxPost, 'postId' | 'createdAt' | 'updatedAt'> & { postId?: string },
  ): Promise<SandboxPost>;
  update(tenantId: string, ref: PostedRef, patch: SandboxPostPatch): Promise<SandboxPost>;
}

/** Stores posts and announces each change; shared by the port and the page's own writes. */
export function createPostWriter(options: SandboxPortOptions): PostWriter {
  const { posts, clock, ids } = options;

  async function insert(
    post: Omit<SandboxPost, 'postId' | 'createdAt' | 'updatedAt'> & { postId?: string },
  ): Promise<SandboxPost> {
    const now = clock.now();
    const stored: SandboxPost = {
      ...post,
      postId: post.postId ?? ids.id('sbx'),
      createdAt: now,
      updatedAt: now,
    };
    await posts.insert(stored);
    options.onPost?.({
      type: 'post',
      change: 'created',
      channelId: stored.channelId,
      postId: stored.postId,
      threadId: stored.threadId,
      at: now,
    });
    return stored;
  }

  async function update(tenantId: string, ref: PostedRef, patch: SandboxPostPatch): Promise<SandboxPost> {
    const now = clock.now();
    const updated = await posts.update(tenantId, ref.channelId, ref.messageId, patch, now);
    if (!updated) throw new NotFoundError(`sandbox post ${ref.channelId}/${ref.messageId} not found`);
    options.onPost?.({
      type: 'post',
      change: 'updated',
      channelId: updated.channelId,
      postId: updated.postId,
      threadId: updated.threadId,
      at: now,
    });
    return updated;
  }

  return { insert, update };
}

/**
 * The sandbox's ChannelPort: stores what Slack or Teams would show in the customer and staff
 * channels. Nothing here decides anything; the engine calls it exactly as it calls the others.
 */
export function createSandboxPort(options: SandboxPortOptions): ChannelPort {
  const { insert, update } = createPostWriter(options);
  const ref = (post: SandboxPost): PostedRef => ({
    platform: 'sandbox',
    channelId: post.channelId,
    messageId: post.postId,
  });

  return {
    platform: 'sandbox',
    async replyInThread(tenantId: string, thread: ThreadRef, message: OutboundMessage) {
      const post = await insert({
        tenantId,
        channelId: thread.channelId,
        threadId: thread.threadId,
        kind: 'message',
        author: authorOf(message),
        text: message.text,
        citations: message.citations ?? [],
        ...(message.rating ? { rating: message.rating } : {}),
        ...(message.confirm ? { confirm: message.confirm } : {}),
      });
      return ref(post);
    },
    async showWorking(tenantId: string, thread: ThreadRef) {
      const post = await insert({
        tenantId,
        channelId: thread.channelId,
        threadId: thread.threadId,
        kind: 'working',
        author: { kind: 'bot', name: 'Switchboard' },
        text: 'Looking into it…',
        citations: [],
      });
      return ref(post);
    },
    async updateMessage(tenantId: string, posted: PostedRef, message: OutboundMessage) {
      await update(tenantId, posted, {
        kind: 'message',
        author: authorOf(message),
        text: message.text,
        citations: message.citations ?? [],
        // A placeholder replaced by the refund question gets its buttons.
        ...(message.confirm ? { confirm: message.confirm } : {}),
      });
    },
    async postStaffCard(tenantId: string, staffChannelId: string, card: StaffCard) {
      const parsed = StaffCardSchema.parse(card);
      const post = await insert({
        tenantId,
        channelId: staffChannelId,
        kind: 'card',
        author: { kind: 'bot', name: 'Switchboard' },
        text: parsed.title,
        citations: [],
        card: parsed,
      });
      return ref(post);
    },
    async updateStaffCard(tenantId: string, posted: PostedRef, card: StaffCard) {
      const parsed = StaffCardSchema.parse(card);
      await update(tenantId, posted, { text: parsed.title, card: parsed });
    },
    async threadLink(_tenantId: string, thread: ThreadRef) {
      // Relative, so it works behind whatever host serves the page.
      return `/?thread=${encodeURIComponent(thread.threadId)}#channels`;
    },
  };
}
