import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../../src/bot/sandbox/posts.js';
import type { TestApp } from '../../support/app-harness.js';
import { apiClient, startSandboxApp, type ApiClient } from './sandbox-app.js';

interface Posts {
  posts: Array<SandboxPost & { createdAt: string }>;
}

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };

describe('sandbox API on the whole app (seeded demo store, offline agent)', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  async function thread(threadId: string) {
    const { body } = await api.get<Posts>('/channels/sandbox-customers/posts');
    return body.posts.filter((p) => p.postId === threadId || p.threadId === threadId);
  }

  it('lists the demo customers with their contacts as the sandbox writes as them', async () => {
    const { status, body } = await api.get<{
      customers: Array<{
        customerId: string;
        name: string;
        plan: string;
        orgId: string;
        contacts: Array<{ name: string; userId: string }>;
      }>;
    }>('/customers');
    expect(status).toBe(200);
    const bluebird = body.customers.find((c) => c.customerId === 'cus_bluebird');
    expect(bluebird).toMatchObject({ name: 'Bluebird Cafe', plan: 'free', orgId: 'org-bluebird' });
    expect(bluebird!.contacts).toContainEqual(
      expect.objectContaining({ name: 'Maya Ortiz', userId: 'maya-bluebirdcafe-example' }),
    );
    expect(body.customers.find((c) => c.customerId === 'cus_acme')?.plan).toBe('enterprise');
  });

  it('answers “where is order 1042” in the customer thread with the real shipping status', async () => {
    const { status, body } = await api.post<{ post: SandboxPost }>('/customer-messages', {
      ...MAYA,
      text: 'Hi, where is my order 1042?',
    });
    expect(status).toBe(201);
    const posts = await thread(body.post.postId);
    expect(posts[0]).toMatchObject({
      author: { kind: 'customer', name: 'Maya Ortiz' },
      text: 'Hi, where is my order 1042?',
    });
    const reply = posts.find((p) => p.author.kind === 'bot' && p.kind === 'message');
    expect(reply?.text).toMatch(/shipped/i);
    expect(reply?.text).toContain('UPS');
  });

  it('turns a $250 refund into an approval card that only an approver can decide', async () => {
    const asked = await api.post<{ post: SandboxPost }>('/customer-messages', {
      ...MAYA,
      text: 'Order 1043 arrived broken, I want a refund of $250 please.',
    });
    expect(asked.status).toBe(201);
    const staff = (await api.get<Posts>('/channels/sandbox-staff/posts')).body.posts;
    const card = staff.find((p) => p.card?.kind === 'approval')?.card;
    expect(card?.title).toMatch(/250/);
    const approve = card!.actions.find((a) => a.data.action === 'approval.approve')!;

    const guest = await api.post<{ ok: boolean; message: string }>('/staff-actions', {
      actorId: 'sandbox-guest',
      data: approve.data,
    });
    expect(guest.body.ok).toBe(false);
    const riley = await api.post<{ ok: boolean }>('/staff-actions', {
      actorId: 'sandbox-riley',
      data: approve.data,
    });
    expect(riley.body.ok).toBe(false);
    const dana = await api.post<{ ok: boolean }>('/staff-actions', {
      actorId: 'sandbox-dana',
      data: approve.data,
    });
    expect(dana.body.ok).toBe(true);

    const updated = (await api.get<Posts>('/channels/sandbox-staff/posts')).body.posts.find(
      (p) => p.card?.approvalId === card!.approvalId,
    )!.card!;
    expect(updated.statusLine).toMatch(/Dana/);
    expect(updated.actions).toHaveLength(0);
    const customerThread = await thread(asked.body.post.postId);
    expect(customerThread.at(-1)?.text).toMatch(/refund/i);

    const detail = await api.get<{ audit: Array<{ action: string }>; approvals: Array<{ status: string }> }>(
      `/tickets/${card!.ticketId}`,
    );
    expect(detail.body.approvals[0]?.status).toBe('executed');
    const actions = detail.body.audit.map((a) => a.action);
    expect(actions.some((a) => /approv.*created|created/.test(a))).toBe(true);
    expect(actions.some((a) => /refused|denied/.test(a))).toBe(true);
    expect(actions.some((a) => /approved/.test(a))).toBe(true);
  });

  it('lists tickets by status and computes the overview from what happened', async () => {
    const all = await api.get<{ tickets: Array<{ status: string }> }>('/tickets');
    expect(all.body.tickets.length).toBeGreaterThanOrEqual(2);
    const resolved = await api.get<{ tickets: Array<{ status: string }> }>('/tickets?status=escalated,human');
    expect(resolved.body.tickets.every((x) => x.status === 'escalated' || x.status === 'human')).toBe(true);
    const overview = await api.get<{
      messagesPerHour: Array<{ customer: number; bot: number }>;
      outcomes: { bot: number };
      approvals: { decided: number; medianDecisionMs: number };
      intents: unknown[];
    }>('/overview');
    expect(overview.body.messagesPerHour.reduce((n, h) => n + h.customer, 0)).toBeGreaterThanOrEqual(2);
    expect(overview.body.outcomes.bot).toBeGreaterThanOrEqual(1);
    expect(overview.body.approvals.decided).toBe(1);
    expect(overview.body.intents.length).toBeGreaterThan(0);
  });

  it('answers bad input with 400 and one sentence, and changes nothing', async () => {
    const before = (await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.length;
    const empty = await api.post<{ error: string }>('/customer-messages', { ...MAYA, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^The request is not valid: text — write a message first\.$/);
    const notJson = await api.post<{ error: string }>('/customer-messages', '{not json', true);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe('The request body is not a valid JSON object.');
    const forged = await api.post<{ error: string }>('/staff-actions', {
      actorId: 'sandbox-dana',
      data: { v: 1, action: 'approval.approve_all' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("That button's data is not valid.");
    const stranger = await api.post<{ error: string }>('/staff-actions', {
      actorId: 'mallory',
      data: { v: 1, action: 'ticket.resolve', ticketId: 'TKT-AAAAAA' },
    });
    expect(stranger.status).toBe(400);
    const wrongCustomer = await api.post<{ error: string }>('/customer-messages', {
      customerId: 'cus_bluebird',
      contactEmail: 'jordan@acme-robotics.example',
      text: 'hi',
    });
    expect(wrongCustomer.status).toBe(404);
    expect((await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.length).toBe(before);
  });

  it('switches the customer channel mode for a supervisor only, and the page reads the stored mode', async () => {
    const riley = await api.post<{ ok: boolean }>('/channel-mode', { actorId: 'sandbox-riley', mode: 'off' });
    expect(riley.body.ok).toBe(false);
    expect((await api.get<{ channelMode: string }>('/session')).body.channelMode).toBe('auto');
    const sam = await api.post<{ ok: boolean; mode: string }>('/channel-mode', {
      actorId: 'sandbox-sam',
      mode: 'draft',
    });
    expect(sam.body).toMatchObject({ ok: true, mode: 'draft' });
    expect((await api.get<{ channelMode: string }>('/session')).body.channelMode).toBe('draft');
    const bad = await api.post<{ error: string }>('/channel-mode', { actorId: 'sandbox-sam', mode: 'loud' });
    expect(bad.status).toBe(400);
    await api.post('/channel-mode', { actorId: 'sandbox-sam', mode: 'auto' });
  });

  it('refuses an external guest writing as staff', async () => {
    const { body } = await api.get<Posts>('/channels/sandbox-customers/posts');
    const root = body.posts.find((p) => !p.threadId)!;
    const res = await api.post<{ error: string }>('/staff-messages', {
      actorId: 'sandbox-guest',
      threadId: root.postId,
      text: 'hello',
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/external guest/);
  });
});
