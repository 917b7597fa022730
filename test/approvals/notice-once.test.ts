import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import type { TestApp } from '../support/app-harness.js';
import { startTestApp } from '../support/app-harness.js';
import { fromMaya } from '../support/counted-app.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { actor } from '../conversation/engine-builders.js';

/**
 * The customer's notice of an executed refund is marked told with the outcome and the effects'
 * progress, one write after it is posted. A process killed between the post and that write leaves the notice due: the
 * sweep tells them again under the same id, through the real notifier and outbox, and the customer
 * sees it once.
 */
let env: TestApp;
let channel: TestChannel;
let ticketId = '';
let threadId = '';

class Killed extends Error {}

const APPROVER = actor('dana');

beforeAll(async () => {
  channel = createTestChannel();
  env = await startTestApp({ adapters: [testChannelAdapter(channel)] });
  const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
  await env.stores.orders.upsert({ ...template!, orderId: '81002', refunds: [] });
  const asked = fromMaya(env, 'The grinder from order 81002 arrived broken, I want a refund please.', 'once');
  const out = await env.engine.handleInbound(asked);
  expect(out.status).toBe('approval_requested');
  ticketId = out.ticketId!;
  threadId = asked.messageId;
}, 90_000);
afterAll(async () => {
  await env?.close();
});

describe('an Approve click killed after telling the customer, before recording it', () => {
  it('leaves the notice due; the sweep finishes it and the customer is told once', async () => {
    const [approval] = await env.stores.approvals.listByTicket(DEMO.tenantId, ticketId);
    const approvals = env.stores.approvals;
    const transition = approvals.transition.bind(approvals);
    // The process dies at the write that stores the outcome with the effects' progress, once: the
    // customer has been told by then.
    let dying = true;
    approvals.transition = async (...args) => {
      if (dying && args[3].status === 'executed') {
        dying = false;
        throw new Killed('killed before the outcome and its effects were recorded');
      }
      return transition(...args);
    };
    try {
      await env.engine
        .handleStaffAction(APPROVER, { v: 1, action: 'approval.approve', approvalId: approval!.approvalId })
        .catch((err: unknown) => {
          if (!(err instanceof Killed)) throw err;
        });
      const told = () => channel.thread(threadId).filter((t) => /has been issued/.test(t));
      expect(told()).toHaveLength(1);
      const left = await env.stores.approvals.get(DEMO.tenantId, approval!.approvalId);
      // The outcome is stored with the effects' progress: the sweep runs the request again.
      expect(left?.status).toBe('approved');
      expect(left?.customerNotifiedAt).toBeUndefined();

      // The restarted process's sweep, once the grace has passed.
      env.clock.advance(10 * 60_000);
      await env.app.approvals.sweep();
      await env.app.outbox.sweep();

      const done = await env.stores.approvals.get(DEMO.tenantId, approval!.approvalId);
      expect(done?.status).toBe('executed');
      expect(done?.effectsPending).toBeUndefined();
      expect(done?.customerNotifiedAt).toBeInstanceOf(Date);
      expect(told()).toHaveLength(1);
      const transcript = await env.stores.messages.listByTicket(DEMO.tenantId, ticketId, 50);
      expect(transcript.filter((m) => m.role === 'bot' && /has been issued/.test(m.text))).toHaveLength(1);
      expect((await env.stores.tickets.get(DEMO.tenantId, ticketId))?.status).toBe('resolved');
      expect((await env.stores.orders.get(DEMO.tenantId, '81002'))?.refunds).toHaveLength(1);
    } finally {
      approvals.transition = transition;
    }
  });
});

describe("an Approve click killed right after resolving the ticket, before the customer's notice is queued", () => {
  it('leaves the notice due with the ticket resolved; the sweep tells the customer once', async () => {
    const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
    await env.stores.orders.upsert({ ...template!, orderId: '81004', refunds: [] });
    env.clock.advance(2 * 3_600_000); // past the join window: a ticket of its own
    const asked = fromMaya(
      env,
      'The scale from order 81004 arrived broken, I want a refund please.',
      'resolved-kill',
    );
    const out = await env.engine.handleInbound(asked);
    expect(out.status).toBe('approval_requested');
    const [approval] = await env.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId!);
    const tickets = env.stores.tickets;
    const update = tickets.update.bind(tickets);
    // The resolving write lands (the notice kept on the transcript with it), then the process dies.
    let dying = true;
    tickets.update = async (...args) => {
      const after = await update(...args);
      if (dying && after?.status === 'resolved') {
        dying = false;
        throw new Killed('killed after resolving, before telling the customer');
      }
      return after;
    };
    const told = () => channel.thread(asked.messageId).filter((t) => /has been issued/.test(t));
    try {
      await env.engine
        .handleStaffAction(APPROVER, { v: 1, action: 'approval.approve', approvalId: approval!.approvalId })
        .catch((err: unknown) => {
          if (!(err instanceof Killed)) throw err;
        });
    } finally {
      tickets.update = update;
    }
    expect(dying).toBe(false);
    expect(told()).toHaveLength(0);
    expect((await env.stores.tickets.get(DEMO.tenantId, out.ticketId!))?.status).toBe('resolved');
    const left = await env.stores.approvals.get(DEMO.tenantId, approval!.approvalId);
    expect(left?.status).toBe('approved');

    env.clock.advance(10 * 60_000);
    await env.app.approvals.sweep();
    await env.app.outbox.sweep();

    expect(told()).toHaveLength(1);
    const done = await env.stores.approvals.get(DEMO.tenantId, approval!.approvalId);
    expect(done?.status).toBe('executed');
    expect(done?.effectsPending).toBeUndefined();
    expect(done?.customerNotifiedAt).toBeInstanceOf(Date);
    const transcript = await env.stores.messages.listByTicket(DEMO.tenantId, out.ticketId!, 50);
    expect(transcript.filter((m) => m.role === 'bot' && /has been issued/.test(m.text))).toHaveLength(1);
    expect((await env.stores.tickets.get(DEMO.tenantId, out.ticketId!))?.status).toBe('resolved');
    expect((await env.stores.orders.get(DEMO.tenantId, '81004'))?.refunds).toHaveLength(1);
  });
});

describe("an Approve click whose card update fails on the platform, beside the customer's notice", () => {
  it('still tells the customer once; the card is updated by the outbox sweep, once', async () => {
    const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
    await env.stores.orders.upsert({ ...template!, orderId: '81003', refunds: [] });
    env.clock.advance(2 * 3_600_000); // past the join window: a ticket of its own
    const asked = fromMaya(
      env,
      'The kettle from order 81003 arrived broken, I want a refund please.',
      'card-down',
    );
    const out = await env.engine.handleInbound(asked);
    expect(out.status).toBe('approval_requested');
    const [approval] = await env.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId!);
    const card = () => channel.cards.find((c) => c.card.approvalId === approval!.approvalId);
    const versions = card()?.versions.length ?? 0;
    channel.failNext('updateStaffCard');
    const clicked = await env.engine.handleStaffAction(APPROVER, {
      v: 1,
      action: 'approval.approve',
      approvalId: approval!.approvalId,
    });
    expect(clicked).toMatchObject({ ok: true });
    const told = () => channel.thread(asked.messageId).filter((t) => /has been issued/.test(t));
    expect(told()).toHaveLength(1);
    expect(card()?.versions.length).toBe(versions);

    env.clock.advance(10 * 60_000);
    await env.app.outbox.sweep();
    expect(card()?.versions.length).toBe(versions + 1);
    expect(card()?.card.actions).toEqual([]);
    await env.app.outbox.sweep();
    expect(card()?.versions.length).toBe(versions + 1);
    expect(told()).toHaveLength(1);
  });
});

describe("an Approve click whose write of the outcome loses to the sweep's, after its posts", () => {
  it("has the outbox mark its posts sent instead: the request's write that would carry the marks did not happen", async () => {
    const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
    await env.stores.orders.upsert({ ...template!, orderId: '81005', refunds: [] });
    env.clock.advance(25 * 3_600_000); // a ticket of its own, and a day's refund limit of its own
    const asked = fromMaya(env, 'The mill from order 81005 arrived broken, I want a refund please.', 'lost');
    const out = await env.engine.handleInbound(asked);
    expect(out.status).toBe('approval_requested');
    const [approval] = await env.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId!);
    const approvals = env.stores.approvals;
    const transition = approvals.transition.bind(approvals);
    // Another runner (a sweep that took the stalled click for dead) stores the outcome first.
    approvals.transition = async (tenantId, approvalId, from, patch, options) => {
      if (patch.status === 'executed' && options?.posted) {
        await transition(tenantId, approvalId, from, { status: 'executed', updatedAt: patch.updatedAt });
      }
      return transition(tenantId, approvalId, from, patch, options);
    };
    try {
      const clicked = await env.engine.handleStaffAction(APPROVER, {
        v: 1,
        action: 'approval.approve',
        approvalId: approval!.approvalId,
      });
      expect(clicked.ok).toBe(true);
    } finally {
      approvals.transition = transition;
    }
    const told = () => channel.thread(asked.messageId).filter((t) => /has been issued/.test(t));
    expect(told()).toHaveLength(1);
    const entries = await env.db
      .collection('outbox')
      .find({ tenantId: DEMO.tenantId, 'approvalRun.approvalId': approval!.approvalId })
      .toArray();
    expect(entries.map((e) => e.status)).toEqual(['sent', 'sent']);
    env.clock.advance(10 * 60_000);
    await env.app.outbox.sweep();
    expect(told()).toHaveLength(1);
  });
});
