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
  it('a new answer is posted once: its outbox entry rides in its insert into messages, its mark in the write that ends the turn, and the sweep after the lease posts nothing', async () => {
    const { env, channel } = counted;
    const m = fromMaya('How long does standard shipping take?');
    const list = await counted.measured(async () => {
      expect((await env.engine.handleInbound(m)).status).toBe('answered');
    });
    expect(count(list, 'insert outbox')).toBe(0);
    expect(count(list, 'update outbox')).toBe(0);
    expect(channel.thread(m.messageId)).toHaveLength(1);
    // The answer carries its entry (found by the key its turn derives); the outbox has no copy.
    const answer = await env.db
      .collection('messages')
      .findOne({ 'thread.threadId': m.messageId, role: 'bot', delivery: { $exists: true } });
    expect(answer?.delivery).toMatchObject({ kind: 'reply', status: 'pending' });
    expect(await outbox().countDocuments({ 'payload.thread.threadId': m.messageId })).toBe(0);

    pastTheLease();
    expect(await env.app.outbox.sweep()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    // The recovery, past its grace, finds the answer queued: nothing escalated, nothing posted.
    env.clock.advance(11 * 60_000);
    expect(await env.engine.recoverUnanswered?.()).toMatchObject({ escalated: 0 });
    expect(await env.app.outbox.sweep()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(channel.thread(m.messageId)).toHaveLength(1);
  });

  it('the same message delivered again is answered once: the second delivery posts nothing', async () => {
    const { env, channel } = counted;
    const m = fromMaya('Do you ship to Canada?');
    expect((await env.engine.handleInbound(m)).status).toBe('answered');
    expect(channel.thread(m.messageId)).toHaveLength(1);
    for (const advance of [0, 6 * 60_000]) {
      env.clock.advance(advance);
      expect((await env.engine.handleInbound(m)).status).toBe('duplicate');
      await env.app.outbox.sweep();
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
    // The card's entry is the outbox's; the notice's rides in its insert into messages.
    expect(count(list, 'insert outbox')).toBe(1);
    expect(count(list, 'update outbox')).toBe(0);
    const entries = await outbox()
      .find({ tenantId: DEMO.tenantId, ticketId, createdAt: { $gte: since } })
      .toArray();
    expect(entries.map((e) => e.kind)).toEqual(['card_post']);
    // Still pending, naming the turn whose finishing write holds its mark.
    expect(entries.map((e) => e.status)).toEqual(['pending']);
    expect(entries[0]?.turn?.home).toBeTruthy();

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

describe('OUTBOX_IN_TURN=off (a rolling deploy from a version before it)', () => {
  it("inserts the answer's outbox entry as before, where an older process looks for it", async () => {
    const older = await startCountedApp({ env: { OUTBOX_IN_TURN: 'off' } });
    try {
      const m = mayaSays(older.env, 'How long does standard shipping take?', 'posts-off-1');
      const list = await older.measured(async () => {
        expect((await older.env.engine.handleInbound(m)).status).toBe('answered');
      });
      expect(count(list, 'insert outbox')).toBe(1);
      expect(older.channel.thread(m.messageId)).toHaveLength(1);
      const entry = await older.env.db
        .collection('outbox')
        .findOne({ 'payload.thread.threadId': m.messageId, kind: 'reply' });
      expect(entry?.status).toBe('pending');
      const answer = await older.env.db
        .collection('messages')
        .findOne({ 'thread.threadId': m.messageId, role: 'bot' });
      expect(answer?.delivery).toBeUndefined();
    } finally {
      await older.close();
    }
  });
});
