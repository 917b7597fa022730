import type { ChannelAdapter } from '../../src/conversation/engine-api.js';
import type { ChannelPort, OutboundMessage, StaffCard } from '../../src/conversation/ports.js';
import type { Platform, PostedRef, ThreadRef } from '../../src/domain/index.js';

/** A message as the customer channel shows it now (after any in-place update). */
export interface ShownMessage {
  tenantId: string;
  channelId: string;
  threadId: string;
  messageId: string;
  text: string;
  citations: NonNullable<OutboundMessage['citations']>;
  author?: OutboundMessage['author'];
  /** True while it is a "working…" placeholder nobody replaced yet. */
  placeholder: boolean;
  /** The outbox entry's id the post was tagged with (as Slack keeps it in message metadata). */
  deliveryId?: string;
}

/** A card as the staff channel shows it now, with every version it went through. */
export interface ShownCard {
  tenantId: string;
  channelId: string;
  messageId: string;
  card: StaffCard;
  versions: StaffCard[];
}

export interface TestChannel extends ChannelPort {
  /** Every customer-thread message, in posting order. */
  readonly messages: ShownMessage[];
  readonly cards: ShownCard[];
  /** Texts shown in one thread, oldest first. */
  thread(threadId: string): string[];
  /** Makes the next `count` calls of a method throw, like a platform outage. */
  failNext(
    method: 'replyInThread' | 'postStaffCard' | 'updateMessage' | 'updateStaffCard',
    count?: number,
  ): void;
  /** The next replyInThread calls wait these many ms first (a slow platform), to expose ordering bugs. */
  delayReplies(...ms: number[]): void;
}

/**
 * The test channel: a real in-memory ChannelPort that records what the customer and the staff
 * channel would show. Ours to implement, so no fake of anyone else's code.
 */
export function createTestChannel(
  options: {
    platform?: Platform;
    withWorking?: boolean;
    /** Answers `findDelivery` from the delivery ids its posts were tagged with, as Slack does. */
    findsDeliveries?: boolean;
  } = {},
): TestChannel {
  const platform = options.platform ?? 'sandbox';
  const messages: ShownMessage[] = [];
  const cards: ShownCard[] = [];
  const failures = new Map<string, number>();
  const delays: number[] = [];
  let seq = 0;
  const nextId = () => `tm-${++seq}`;
  const maybeFail = (method: string) => {
    const left = failures.get(method) ?? 0;
    if (left > 0) {
      failures.set(method, left - 1);
      throw new Error(`test channel: ${method} failed (simulated outage)`);
    }
  };
  const channel: TestChannel = {
    platform,
    messages,
    cards,
    delayReplies(...ms: number[]) {
      delays.push(...ms);
    },
    async replyInThread(
      tenantId: string,
      thread: ThreadRef,
      message: OutboundMessage,
      posting?: { deliveryId?: string },
    ): Promise<PostedRef> {
      const delay = delays.shift() ?? 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      maybeFail('replyInThread');
      const messageId = nextId();
      messages.push({
        tenantId,
        channelId: thread.channelId,
        threadId: thread.threadId,
        messageId,
        text: message.text,
        citations: message.citations ?? [],
        author: message.author,
        placeholder: false,
        ...(posting?.deliveryId ? { deliveryId: posting.deliveryId } : {}),
      });
      return { platform, channelId: thread.channelId, messageId };
    },
    async updateMessage(_tenantId: string, ref: PostedRef, message: OutboundMessage): Promise<void> {
      maybeFail('updateMessage');
      const shown = messages.find((m) => m.messageId === ref.messageId);
      if (!shown) throw new Error(`test channel: no message ${ref.messageId} to update`);
      Object.assign(shown, {
        text: message.text,
        citations: message.citations ?? [],
        author: message.author,
        placeholder: false,
      });
    },
    async postStaffCard(tenantId: string, staffChannelId: string, card: StaffCard): Promise<PostedRef> {
      maybeFail('postStaffCard');
      const messageId = nextId();
      cards.push({ tenantId, channelId: staffChannelId, messageId, card, versions: [card] });
      return { platform, channelId: staffChannelId, messageId };
    },
    async updateStaffCard(_tenantId: string, ref: PostedRef, card: StaffCard): Promise<void> {
      maybeFail('updateStaffCard');
      const shown = cards.find((c) => c.messageId === ref.messageId);
      if (!shown) throw new Error(`test channel: no card ${ref.messageId} to update`);
      shown.card = card;
      shown.versions.push(card);
    },
    async threadLink(_tenantId: string, thread: ThreadRef) {
      return `https://test-channel.invalid/${thread.channelId}/${thread.threadId}`;
    },
    thread(threadId: string) {
      return messages.filter((m) => m.threadId === threadId).map((m) => m.text);
    },
    failNext(method, count = 1) {
      failures.set(method, (failures.get(method) ?? 0) + count);
    },
  };
  if (options.findsDeliveries) {
    channel.findDelivery = async (_tenantId, thread, deliveryId) => {
      const found = messages.find((m) => m.threadId === thread.threadId && m.deliveryId === deliveryId);
      return found ? { platform, channelId: found.channelId, messageId: found.messageId } : null;
    };
  }
  if (options.withWorking) {
    channel.showWorking = async (tenantId, thread) => {
      const messageId = nextId();
      messages.push({
        tenantId,
        channelId: thread.channelId,
        threadId: thread.threadId,
        messageId,
        text: 'Looking into this…',
        citations: [],
        placeholder: true,
      });
      return { platform, channelId: thread.channelId, messageId };
    };
    // Like chat.delete: the placeholder is gone from the thread.
    channel.deleteMessage = async (_tenantId, ref) => {
      const at = messages.findIndex((m) => m.messageId === ref.messageId);
      if (at >= 0) messages.splice(at, 1);
    };
  }
  return channel;
}

/** Wires a test channel into createApp as an adapter with no HTTP routes. */
export function testChannelAdapter(port: TestChannel): ChannelAdapter {
  return { platform: port.platform, port, mount: () => undefined };
}
