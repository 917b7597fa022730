import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { fromMaya, startCountedApp, type CountedApp } from '../support/counted-app.js';

/**
 * The ticket detail staff read (the sandbox's ticket view, `/switchboard ticket`) shows a refund
 * request as staff know it, not the delivery machinery stored with it: a request whose card was not
 * posted yet carries its card's pending outbox entry (with its lease token) until the post.
 */
let counted: CountedApp;
let ticketId = '';

beforeAll(async () => {
  counted = await startCountedApp();
  const { env } = counted;
  const template = await env.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
  await env.stores.orders.upsert({ ...template!, orderId: '81021', refunds: [] });
  const out = await env.engine.handleInbound(
    fromMaya(env, 'The grinder from order 81021 arrived broken, I want a refund please.', 'detail'),
  );
  expect(out.status).toBe('approval_requested');
  ticketId = out.ticketId!;
});
afterAll(async () => {
  await counted?.close();
});

it("leaves out a request's pending card entry", async () => {
  const { env } = counted;
  // As a request stored by a run that died before its card's post.
  await env.db
    .collection('approvals')
    .updateMany(
      { tenantId: DEMO.tenantId, ticketId },
      { $set: { cardEntry: { entryId: 'e1', key: 'card:x', leaseToken: 'secret-token' } } },
    );
  const detail = await env.engine.ticketDetail(DEMO.tenantId, ticketId);
  expect(detail?.approvals).toHaveLength(1);
  expect(detail?.approvals[0]?.orderId).toBe('81021');
  expect(detail?.approvals[0]).not.toHaveProperty('cardEntry');
  expect(JSON.stringify(detail)).not.toContain('secret-token');
});
