import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/conversation/outbox.schema.js';
import { DEMO } from '../../src/memory/demo-data.js';
import {
  countOf as count,
  fromMaya as mayaSays,
  startCountedApp,
  type CountedApp,
} from '../support/counted-app.js';

/**
 * Issue 13: a post made inside a thread's turn is marked sent by the write that ends the turn (the
 * turn's journal record keeps the mark), not by a write of the outbox of its own. The outbox entry,
 * written before the post, stays the promise to post; whoever asks about it afterwards (the sweep
 * once its poster's lease ran out, the same key delivered again) learns from the turn that it was
 * posted, and nothing reaches the customer or the staff channel twice.
 */
let counted: CountedApp;

beforeAll(async () => {
  counted = await startCountedApp();
  await counted.env.engine.handleInbound(fromMaya('What is your return policy?'));
}, 60_000);
afterAll(async () => {
  await counted?.close();
});

let seq = 0;
function fromMaya(text: string, threadId?: string) {
  seq += 1;
  return mayaSays(counted.env, text, `posts-${seq}`, threadId);
}

const outbox = () => counted.env.db.collection<OutboxEntry & { _id: string }>('outbox');
/** Past every poster's outbox lease (5 minutes by default). */
const pastTheLease = () => counted.env.clock.advance(6 * 60_000);

describe('posts made inside a thread turn', () => {
  it('a new answer is posted once and marked sent by the turn: the sweep after the lease copies the mark and posts nothing', async () => {
    const { env, channel } = counted;
    const m = fromMaya('How long does standard shipping take?');
    const list = await counted.measured(async () => {
      expect((await env.engine.handleInbound(m)).status).toBe('answered');
    });
    expect(count(list, 'insert outbox')).toBe(1);
    expect(count(list, 'update outbox')).toBe(0);
    expect(channel.thread(m.messageId)).toHaveLength(1);
    const posted = channel.messages.find((s) => s.threadId === m.messageId)!;

    // Until the sweep copies it, the entry says which turn holds its mark.
    const entry = await outbox().findOne({ 'payload.thread.threadId': m.messageId, kind: 'reply' });
    expect(entry?.status).toBe('pending');
    expect(entry?.turn?.home).toBeTruthy();

    pastTheLease();
    const swept = await env.app.outbox.sweep();
    expect(swept).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(channel.thread(m.messageId)).toHaveLength(1);
    const after = await outbox().findOne({ _id: entry!._id });
    expect(after?.status).toBe('sent');
    expect(after?.result?.messageId).toBe(posted.messageId);
    expect(after?.leaseToken).toBeUndefined();
    // Settled: the next sweep finds nothing of it.
    expect(await env.app.outbox.sweep()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
  });

  it('the same key asked again, before the sweep came, learns where it was posted and is not posted again', async () => {
    const { env, channel } = counted;
    const m = fromMaya('Do you ship to Canada?');
    expect((await env.engine.handleInbound(m)).status).toBe('answered');
    const entry = await outbox().findOne({ 'payload.thread.threadId': m.messageId, kind: 'reply' });
    expect(entry?.status).toBe('pending');
    const { _id: _ignored, ...stored } = entry!;
    // A second caller of the key, while the poster's lease still holds, and again after it ran out.
    for (const advance of [0, 6 * 60_000]) {
      env.clock.advance(advance);
      const now = env.clock.now();
      const again = await env.stores.outbox.open({
        ...stored,
        entryId: `obx_again_${advance}`,
        leaseUntil: new Date(now.getTime() + 60_000),
        leaseToken: undefined,
        turn: undefined,
        createdAt: now,
        updatedAt: now,
      });
      expect(again.claimed).toBe(false);
      expect(again.entry.status).toBe('sent');
      expect(again.entry.result?.messageId).toBe(
        channel.messages.find((s) => s.threadId === m.messageId)?.messageId,
      );
    }
    expect(channel.thread(m.messageId)).toHaveLength(1);
  });

  it('an escalation posts its staff card and its notice, both marked by the one write that ends the turn', async () => {
    const { env, channel } = counted;
    const first = fromMaya('Where is order 1043?');
    await env.engine.handleInbound(first);
    const cardsBefore = channel.cards.length;
    env.clock.advance(1_000);
    const since = env.clock.now();
    let ticketId = '';
    const list = await counted.measured(async () => {
      const out = await env.engine.handleInbound(
        fromMaya(
          'Our whole warehouse system is down, this is an outage! I need a human now.',
          first.messageId,
        ),
      );
      expect(out.status).toBe('escalated');
      ticketId = out.ticketId!;
    });
    expect(count(list, 'insert outbox')).toBe(2);
    expect(count(list, 'update outbox')).toBe(0);
    const entries = await outbox()
      .find({ tenantId: DEMO.tenantId, ticketId, createdAt: { $gte: since } })
      .toArray();
    expect(entries.map((e) => e.kind).sort()).toEqual(['card_post', 'reply']);
    // Both still pending, both naming the one turn whose finishing write holds their marks.
    expect(entries.map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(new Set(entries.map((e) => JSON.stringify(e.turn))).size).toBe(1);

    pastTheLease();
    await env.app.outbox.sweep();
    const settled = await outbox()
      .find({ _id: { $in: entries.map((e) => e._id) } })
      .toArray();
    expect(settled.map((e) => e.status)).toEqual(settled.map(() => 'sent'));
    // One card for staff, the customer told once.
    expect(channel.cards.length).toBe(cardsBefore + 1);
    const notices = channel.thread(first.messageId).filter((t) => t.includes(ticketId));
    expect(notices).toHaveLength(1);
  });

  it('a post outside a turn (a sweep, an Approve click, an SLA alert) is marked sent by its own write, as before', async () => {
    const { env, channel } = counted;
    // Past the join window: a ticket (and a thread) of its own.
    env.clock.advance(60 * 60_000);
    const m = fromMaya('Is there a warranty on the espresso grinder?');
    // The platform refuses the first attempt: the sweep posts it later, outside any turn.
    channel.failNext('replyInThread', 1);
    await env.engine.handleInbound(m);
    expect(channel.thread(m.messageId)).toHaveLength(0);
    env.clock.advance(60 * 60_000);
    const list = await counted.measured(async () => {
      expect((await env.app.outbox.sweep()).sent).toBeGreaterThanOrEqual(1);
    });
    expect(count(list, 'update outbox')).toBeGreaterThanOrEqual(1);
    expect(channel.thread(m.messageId)).toHaveLength(1);
    const entry = await outbox().findOne({ 'payload.thread.threadId': m.messageId, kind: 'reply' });
    expect(entry?.status).toBe('sent');
  });
});
