import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DeliveryDeps } from '../../src/conversation/engine-deps.js';
import { attempt } from '../../src/conversation/outbox.js';
import type { OutboxEntry } from '../../src/conversation/outbox.schema.js';
import type { ChannelPort } from '../../src/conversation/ports.js';

/**
 * Issue 12, case 2, found by the kill drill: a poster slowed down past its outbox lease (a
 * loaded machine, a slow transcript write before the post) posted while the sweep, having taken
 * the entry over, posted the same reply: the customer saw the answer twice.
 */
describe('a poster whose outbox lease is running out', () => {
  const leaseMs = 60_000;
  const claimedAt = new Date('2026-11-25T10:00:00Z');
  const entry: OutboxEntry = {
    tenantId: 'T0DEMO0001',
    entryId: 'obx_late',
    key: 'reply:msg_late',
    kind: 'reply',
    platform: 'slack',
    ticketId: 'TKT-LATE01',
    payload: {
      kind: 'reply',
      thread: { platform: 'slack', channelId: 'C0456EFGH', threadId: '1730000000.000100' },
      message: { text: 'Standard shipping takes 3–5 business days.' },
    },
    status: 'pending',
    attempts: 0,
    nextAttemptAt: claimedAt,
    leaseUntil: new Date(claimedAt.getTime() + leaseMs),
    leaseToken: 'lease-1',
    createdAt: claimedAt,
    updatedAt: claimedAt,
  };

  function setup(nowMs: number) {
    const posts: string[] = [];
    const port = {
      replyInThread: (_t: string, _thread: unknown, message: { text: string }) => {
        posts.push(message.text);
        return Promise.resolve({ channelId: 'C0456EFGH', messageId: `1730000001.00010${posts.length}` });
      },
    } as unknown as ChannelPort;
    const marked: string[] = [];
    const deps = {
      logger: pino({ level: 'silent' }),
      clock: { now: () => new Date(claimedAt.getTime() + nowMs) },
      outboxPolicy: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 60_000, leaseMs },
      stores: {
        outbox: {
          markSent: (_t: string, entryId: string) => {
            marked.push(entryId);
            return Promise.resolve(true);
          },
          markFailed: () => Promise.resolve(true),
        },
      },
    } as unknown as DeliveryDeps;
    return { posts, marked, deps, port };
  }

  it('posts while more than half its lease is left', async () => {
    const { posts, deps, port } = setup(5_000);
    expect(await attempt(deps, entry, port)).toBeDefined();
    expect(posts).toHaveLength(1);
  });

  it('leaves the entry to the sweep, unposted, once less than half its lease is left', async () => {
    const { posts, marked, deps, port } = setup(leaseMs / 2 + 1_000);
    expect(await attempt(deps, entry, port)).toBeUndefined();
    expect(posts).toHaveLength(0);
    // Neither sent nor failed: still pending under a lease that runs out, so the sweep takes it.
    expect(marked).toHaveLength(0);
  });
});
