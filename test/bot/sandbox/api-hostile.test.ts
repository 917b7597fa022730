import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../../src/bot/sandbox/posts.js';
import type { TestApp } from '../../support/app-harness.js';
import { readEvents } from './read-events.js';
import { apiClient, startSandboxApp, type ApiClient } from './sandbox-app.js';

interface Posts {
  posts: SandboxPost[];
}

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };

/** Careless and hostile callers of /sandbox/api: each gets one sentence, the server stays up. */
describe('sandbox API against careless and hostile requests', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  const postCount = async () => (await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.length;

  async function raw(path: string, body: string, contentType: string) {
    const res = await fetch(`${t.baseUrl}/sandbox/api${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  }

  it('answers bodies that are not a JSON object, or not JSON at all, with one sentence', async () => {
    const before = await postCount();
    for (const body of ['null', '"hello"', '42', '{"text":']) {
      const res = await raw('/customer-messages', body, 'application/json');
      expect(res, body).toEqual({
        status: 400,
        body: { error: 'The request body is not a valid JSON object.' },
      });
    }
    const form = await raw(
      '/customer-messages',
      'customerId=cus_bluebird&text=hi',
      'application/x-www-form-urlencoded',
    );
    expect(form).toEqual({
      status: 415,
      body: { error: 'Send the request body as JSON (Content-Type: application/json).' },
    });
    const wrongTypes = await api.post<{ error: string }>('/customer-messages', { ...MAYA, text: ['hi'] });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.error).toMatch(/^The request is not valid: text — .+\.$/);
    expect(await postCount()).toBe(before);
  });

  it('refuses a body over the limit with 413 and keeps serving', async () => {
    const res = await raw(
      '/customer-messages',
      JSON.stringify({ ...MAYA, text: 'a'.repeat(400_000) }),
      'application/json',
    );
    expect(res).toEqual({ status: 413, body: { error: 'The request body is too large.' } });
    expect((await api.get('/session')).status).toBe(200);
  });

  it('takes a 10,000-character message in Japanese, as Slack would, and the engine answers it', async () => {
    const text = `注文1043が壊れて届きました。${'とても困っています。'.repeat(1000)}`.slice(0, 10_000);
    const res = await api.post<{ post: SandboxPost; outcome: { ticketId?: string } }>('/customer-messages', {
      ...MAYA,
      text,
    });
    expect(res.status).toBe(201);
    expect(res.body.post.text).toBe(text);
    const ticket = await t.stores.tickets.get(t.tenantId, res.body.outcome.ticketId!);
    expect(ticket).not.toBeNull();
    const { body } = await api.get<Posts>('/channels/sandbox-customers/posts');
    expect(body.posts.some((p) => p.threadId === res.body.post.postId && p.author.kind === 'bot')).toBe(true);

    const tooLong = await api.post<{ error: string }>('/customer-messages', {
      ...MAYA,
      text: 'a'.repeat(40_001),
    });
    expect(tooLong).toEqual({
      status: 400,
      body: { error: 'The request is not valid: text — keep a message under 40,000 characters.' },
    });
  });

  it('stores markup, mentions and links exactly as written (the page renders them as text)', async () => {
    const text =
      '<img src=x onerror=alert(1)> <script>alert(2)</script> [click](javascript:alert(3)) <!channel> @here <@U123>';
    const res = await api.post<{ post: SandboxPost }>('/customer-messages', {
      ...MAYA,
      text,
      evil: { $gt: '' },
    });
    expect(res.status).toBe(201);
    const stored = (await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.find(
      (p) => p.postId === res.body.post.postId,
    );
    expect(stored?.text).toBe(text);
  });

  it('refuses a customer writing into another customer’s thread', async () => {
    const acme = await api.post<{ post: SandboxPost }>('/customer-messages', {
      customerId: 'cus_acme',
      contactEmail: 'jordan@acme-robotics.example',
      text: 'Where is order 1047?',
    });
    const before = await postCount();
    const res = await api.post<{ error: string }>('/customer-messages', {
      ...MAYA,
      text: 'me too',
      threadId: acme.body.post.postId,
    });
    expect(res).toEqual({
      status: 403,
      body: { error: 'That thread belongs to another customer; write as them or start a new thread.' },
    });
    expect(await postCount()).toBe(before);
  });

  it('answers an undecodable address with 400, not a server error', async () => {
    const res = await fetch(`${t.baseUrl}/sandbox/api/tickets/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The request address is not valid.' });
  });

  it('reads a repeated status filter as a list', async () => {
    const res = await api.get<{ tickets: Array<{ status: string }> }>(
      '/tickets?status=escalated&status=resolved',
    );
    expect(res.status).toBe(200);
    expect(res.body.tickets.length).toBeGreaterThan(0);
    for (const ticket of res.body.tickets) expect(['escalated', 'resolved']).toContain(ticket.status);
  });

  it('tells every open page when a supervisor switches the channel mode, and only then', async () => {
    const stream = readEvents(`${t.baseUrl}/sandbox/api/events`, (events) =>
      events.some((e) => e.event === 'mode'),
    );
    await stream.opened;
    const refused = await api.post<{ ok: boolean }>('/channel-mode', {
      actorId: 'sandbox-riley',
      mode: 'off',
    });
    expect(refused.body.ok).toBe(false);
    const switched = await api.post<{ ok: boolean }>('/channel-mode', {
      actorId: 'sandbox-sam',
      mode: 'draft',
    });
    expect(switched.body.ok).toBe(true);
    const { events } = await stream;
    expect(events.filter((e) => e.event === 'mode').map((e) => e.data)).toEqual([
      { channelId: 'sandbox-customers', mode: 'draft' },
    ]);
    await api.post('/channel-mode', { actorId: 'sandbox-sam', mode: 'auto' });
  });
});
