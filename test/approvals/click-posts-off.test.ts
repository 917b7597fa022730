import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { countOf as count, fromMaya, startCountedApp, type CountedApp } from '../support/counted-app.js';
import { actor } from '../conversation/engine-builders.js';

/**
 * `OUTBOX_IN_TURN=off` (a rolling deploy from a version before issue 13's folds): an Approve
 * click's posts are marked sent by the outbox's own write, as processes of that version expect
 * (their outbox sweep knows nothing of marks kept on the request and would post again).
 */
let counted: CountedApp;
let click: string[] = [];
let request: string[] = [];
let approvalId = '';
let threadId = '';

const APPROVER = actor('dana');

beforeAll(async () => {
  counted = await startCountedApp({ env: { OUTBOX_IN_TURN: 'off' } });
  const { env } = counted;
  const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
  await env.stores.orders.upsert({ ...template!, orderId: '81011', refunds: [] });
  const asked = fromMaya(env, 'The grinder from order 81011 arrived broken, I want a refund please.', 'off');
  threadId = asked.messageId;
  let out: Awaited<ReturnType<typeof env.engine.handleInbound>> | undefined;
  request = await counted.measured(async () => {
    out = await env.engine.handleInbound(asked);
  });
  if (!out) throw new Error('no outcome');
  expect(out.status).toBe('approval_requested');
  const [approval] = await env.stores.approvals.listByTicket(DEMO.tenantId, out.ticketId!);
  approvalId = approval!.approvalId;
  click = await counted.measured(async () => {
    const clicked = await env.engine.handleStaffAction(APPROVER, {
      v: 1,
      action: 'approval.approve',
      approvalId,
    });
    expect(clicked.ok).toBe(true);
  });
}, 90_000);
afterAll(async () => {
  await counted?.close();
});

describe('a refund request with OUTBOX_IN_TURN=off', () => {
  it("records its card's post in the outbox, as older processes expect, and not in the request", async () => {
    // The card's and the answer's: neither rides with the setting off.
    expect(count(request, 'insert outbox')).toBe(2);
    const stored = await counted.env.db
      .collection('approvals')
      .findOne({ _id: `${DEMO.tenantId}:${approvalId}` as never });
    expect(stored?.cardEntry).toBeUndefined();
    const [entry] = await counted.env.db
      .collection('outbox')
      .find({ tenantId: DEMO.tenantId, key: `card:approval:${approvalId}` })
      .toArray();
    // Its sent mark waits in the turn's record, as every post of a turn (pending here till a sweep).
    expect(entry?.kind).toBe('card_post');
    expect(stored?.card).toBeDefined();
  });
});

describe('an Approve click with OUTBOX_IN_TURN=off', () => {
  it("marks its card's update and its notice sent in the outbox, unstamped, and tells the customer once", async () => {
    expect(count(click, 'update outbox')).toBe(1);
    const entries = await counted.env.db
      .collection('outbox')
      .find({
        tenantId: DEMO.tenantId,
        kind: { $in: ['reply', 'card_update'] },
        approvalRun: { $exists: true },
      })
      .toArray();
    expect(entries).toEqual([]);
    const said = counted.channel.thread(threadId).filter((t) => /has been issued/.test(t));
    expect(said).toHaveLength(1);
    const request = await counted.env.db
      .collection('approvals')
      .findOne({ _id: `${DEMO.tenantId}:${approvalId}` as never });
    expect(request?.status).toBe('executed');
    expect(request?.posted).toBeUndefined();
  });
});
