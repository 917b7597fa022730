import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createIdGenerator } from '../../../src/domain/index.js';
import { createSandboxPort } from '../../../src/bot/sandbox/port.js';
import type { SandboxPostEvent } from '../../../src/bot/sandbox/posts.js';
import { createSandboxPostStore, SANDBOX_POSTS_COLLECTION } from '../../../src/memory/sandbox-posts.js';
import type { StaffCard } from '../../../src/conversation/ports.js';
import { fixedClock } from '../../support/clock.js';
import { createTestDb, type TestDb } from '../../support/mongo.js';

const T = 'T0DEMO0001';
const thread = { platform: 'sandbox' as const, channelId: 'sandbox-customers', threadId: 'sbx_root' };

function approvalCard(statusLine?: string): StaffCard {
  return {
    kind: 'approval',
    title: 'Refund approval needed: $250.00',
    ticketId: 'TKT-ABCDEF',
    approvalId: 'apr_1',
    fields: [{ label: 'Order', value: '1043' }],
    statusLine,
    actions: statusLine
      ? []
      : [
          {
            label: 'Approve',
            style: 'primary',
            data: { v: 1, action: 'approval.approve', approvalId: 'apr_1' },
          },
        ],
    final: Boolean(statusLine),
    createdAt: new Date('2026-11-20T10:00:00Z'),
  };
}

describe('sandbox port over the real MongoDB-wire server', () => {
  let testDb: TestDb;
  const clock = fixedClock();
  const events: SandboxPostEvent[] = [];
  let store: ReturnType<typeof createSandboxPostStore>;
  let port: ReturnType<typeof createSandboxPort>;

  beforeAll(async () => {
    testDb = await createTestDb('sandbox_port');
    store = createSandboxPostStore(testDb.db, pino({ level: 'silent' }));
    await store.ensureIndexes();
    port = createSandboxPort({
      posts: store,
      clock,
      ids: createIdGenerator(),
      onPost: (e) => events.push(e),
    });
  });
  afterAll(() => testDb.close());

  it('stores a threaded reply with its citations and announces it', async () => {
    const ref = await port.replyInThread(T, thread, {
      text: 'Order 1042 shipped with UPS.',
      citations: [{ articleId: 'kb-shipping', title: 'Shipping times' }],
    });
    const posts = await store.listChannel(T, 'sandbox-customers');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      postId: ref.messageId,
      threadId: 'sbx_root',
      author: { kind: 'bot' },
      text: 'Order 1042 shipped with UPS.',
    });
    expect(posts[0]!.citations).toEqual([{ articleId: 'kb-shipping', title: 'Shipping times' }]);
    expect(events.at(-1)).toMatchObject({ change: 'created', postId: ref.messageId, threadId: 'sbx_root' });
  });

  it('replaces the working placeholder in place with the answer', async () => {
    const working = await port.showWorking!(T, thread);
    clock.advance(1000);
    await port.updateMessage(T, working!, {
      text: 'Sam Okafor has joined.',
      author: { kind: 'staff', name: 'Sam Okafor' },
    });
    const stored = await store.get(T, 'sandbox-customers', working!.messageId);
    expect(stored).toMatchObject({
      kind: 'message',
      text: 'Sam Okafor has joined.',
      author: { kind: 'staff', name: 'Sam Okafor' },
    });
    expect(
      (await store.listChannel(T, 'sandbox-customers')).filter((p) => p.kind === 'working'),
    ).toHaveLength(0);
  });

  it('posts a card to the staff channel and updates that same post after a decision', async () => {
    const ref = await port.postStaffCard(T, 'sandbox-staff', approvalCard());
    await port.updateStaffCard(T, ref, approvalCard('Approved by Dana Whitfield'));
    const staff = await store.listChannel(T, 'sandbox-staff');
    expect(staff).toHaveLength(1);
    expect(staff[0]!.card).toMatchObject({
      statusLine: 'Approved by Dana Whitfield',
      final: true,
      actions: [],
    });
  });

  it('refuses a card whose button data is not a valid staff action', async () => {
    const bad = approvalCard();
    (bad.actions[0]!.data as unknown as Record<string, unknown>).action = 'approval.do_anything';
    await expect(port.postStaffCard(T, 'sandbox-staff', bad)).rejects.toThrow();
    expect(await store.listChannel(T, 'sandbox-staff')).toHaveLength(1);
  });

  it('keeps tenants apart and skips a hand-edited post that fails its schema', async () => {
    await port.replyInThread('T0OTHER', thread, { text: 'other tenant' });
    await testDb.db
      .collection(SANDBOX_POSTS_COLLECTION)
      .insertOne({ tenantId: T, channelId: 'sandbox-customers', postId: 'broken', kind: 'shout' });
    const posts = await store.listChannel(T, 'sandbox-customers');
    expect(posts.map((p) => p.text)).not.toContain('other tenant');
    expect(posts.map((p) => p.postId)).not.toContain('broken');
    expect(posts).toHaveLength(2);
  });

  it('gives a link to the thread on the sandbox page', async () => {
    expect(await port.threadLink!(T, thread)).toBe('/?thread=sbx_root#channels');
  });
});
