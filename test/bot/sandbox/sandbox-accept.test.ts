import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxAdapter } from '../../../src/bot/sandbox/index.js';
import type { SandboxPost } from '../../../src/bot/sandbox/posts.js';
import { startTestApp, type TestApp } from '../../support/app-harness.js';
import { journalRecords } from '../../support/journal.js';
import { startMongoProxy, type MongoProxy } from '../../support/mongo-proxy.js';

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };

let t: TestApp | undefined;
let proxy: MongoProxy | undefined;
afterEach(async () => {
  await proxy?.up();
  await t?.close();
  await proxy?.close();
  t = undefined;
  proxy = undefined;
});

async function start(): Promise<TestApp> {
  proxy = await startMongoProxy();
  const p = proxy;
  return startTestApp({
    connect: async (name) => (await p.connect(name)).db,
    adapters: (ctx) => [
      createSandboxAdapter({
        db: ctx.db,
        logger: ctx.logger,
        clock: ctx.clock,
        ids: ctx.ids,
        tenantId: ctx.tenantId,
      }),
    ],
  });
}

async function post(app: TestApp, body: unknown, key?: string) {
  const res = await fetch(`${app.baseUrl}/sandbox/api/customer-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { post?: SandboxPost; outcome?: { status: string }; error?: string },
  };
}

async function botReplies(app: TestApp, threadId: string): Promise<number> {
  return app.db
    .collection('sandbox_posts')
    .countDocuments({ threadId, 'author.kind': 'bot', kind: 'message' });
}

describe('issue 12 case 1: sandbox posts are stored before they are accepted', () => {
  it('a retried POST with the same Idempotency-Key is one message, answered once', async () => {
    t = await start();
    const body = { ...MAYA, text: 'Hi, where is my order 1042?' };
    const first = await post(t, body, 'retry-me-1');
    expect(first.status).toBe(201);
    const again = await post(t, body, 'retry-me-1');
    expect(again.status).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.body.post?.postId).toBe(first.body.post?.postId);
    expect(again.body.outcome?.status).toBe('duplicate');
    expect(await t.db.collection('messages').countDocuments({ text: body.text })).toBe(1);
    expect(await botReplies(t, first.body.post!.postId)).toBe(1);
    // Without a key (or with another one) the same words are a new message.
    expect((await post(t, body, 'retry-me-2')).status).toBe(201);
    expect(await t.db.collection('messages').countDocuments({ text: body.text })).toBe(2);
  });

  it('answers 503 with one sentence while the database is down; the retry is processed once', async () => {
    t = await start();
    const body = { ...MAYA, text: 'Where is my order 1043?' };
    proxy!.down();
    const during = await post(t, body, 'outage-1');
    expect(during.status).toBe(503);
    expect(during.retryAfter).toBe('5');
    // One sentence for a person; the driver's error stays in the log.
    expect(Object.keys(during.body)).toEqual(['error']);
    expect(during.body.error).toMatch(/^Switchboard cannot .* right now; please try again in a moment\.$/);
    await proxy!.up();
    const retry = await post(t, body, 'outage-1');
    expect(retry.status).toBe(201);
    expect(retry.body.outcome?.status).toBe('answered');
    expect(await t.db.collection('messages').countDocuments({ text: body.text })).toBe(1);
    expect(await botReplies(t, retry.body.post!.postId)).toBe(1);
  });

  it('refuses a malformed Idempotency-Key with 400 and stores nothing', async () => {
    t = await start();
    const res = await post(t, { ...MAYA, text: 'Hello there, order 1042?' }, 'x'.repeat(201));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(await journalRecords(t.db)).toHaveLength(0);
  });
});
