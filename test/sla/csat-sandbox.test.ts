import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const SAM = 'sandbox-sam'; // the demo supervisor

interface Posts {
  posts: Array<SandboxPost & { createdAt: string }>;
}

/** CSAT and business hours through the sandbox's HTTP API, as a supervisor and a customer use them. */
describe('satisfaction prompt and business hours (sandbox)', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
  });
  afterAll(() => t.close());

  const thread = async (threadId: string) =>
    (await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.filter(
      (p) => p.postId === threadId || p.threadId === threadId,
    );
  const ask = async (text: string) =>
    (await api.post<{ post: SandboxPost }>('/customer-messages', { ...MAYA, text })).body.post.postId;
  const set = (key: string, value: string) =>
    api.post<{ ok: boolean; message: string }>('/settings', {
      actorId: SAM,
      change: { op: 'set', key, value },
    });

  it('asks for no rating while the organization has it off (the default)', async () => {
    const root = await ask('Where is my order 1042?');
    expect((await thread(root)).some((p) => p.rating)).toBe(false);
  });

  it('posts one rating prompt after the bot resolves a question, and “Not good” reopens it to a person', async () => {
    expect((await set('csat', 'on')).body.ok).toBe(true);
    const root = await ask('Where is my order 1042? Thanks');
    const prompts = (await thread(root)).filter((p) => p.rating);
    expect(prompts).toHaveLength(1);
    const prompt = prompts[0]!;
    expect(prompt.text).toBe('How did we do with this request?');
    expect(prompt.rating!.options.map((o) => o.label)).toEqual(['Great', 'OK', 'Not good']);
    const ticketId = prompt.rating!.ticketId;

    const rated = await api.post<{ ok: boolean; message: string }>('/ratings', {
      ...MAYA,
      ticketId,
      rating: 'not_good',
      comment: 'The tracking link does not work',
    });
    expect(rated.body).toEqual({ ok: true, message: 'Thank you for your feedback!' });
    const ticket = await t.stores.tickets.get(t.tenantId, ticketId);
    expect(ticket?.status).toBe('escalated');
    expect(ticket?.escalation?.reason).toBe('csat');
    expect(ticket?.escalation?.summary).toContain('The tracking link does not work');
    const csat = await t.db.collection('csat').findOne({ _id: ticketId as never });
    expect(csat).toMatchObject({
      rating: 'not_good',
      resolvedBy: 'bot',
      comment: 'The tracking link does not work',
    });

    // A second click changes nothing: one rating per ticket, one escalation.
    await api.post('/ratings', { ...MAYA, ticketId, rating: 'great' });
    expect((await t.db.collection('csat').findOne({ _id: ticketId as never }))?.rating).toBe('not_good');
    const staffCards = (await api.get<Posts>('/channels/sandbox-staff/posts')).body.posts.filter(
      (p) => p.card?.ticketId === ticketId,
    );
    expect(staffCards).toHaveLength(1);
    expect(
      (await thread(root)).filter((p) => /passed the conversation to a person/.test(p.text)),
    ).toHaveLength(1);

    // Resolved again by a person: still never a second prompt.
    const done = await api.post<{ ok: boolean }>('/staff-actions', {
      actorId: SAM,
      data: { v: 1, action: 'ticket.resolve', ticketId },
    });
    expect(done.body.ok).toBe(true);
    expect((await thread(root)).filter((p) => p.rating)).toHaveLength(1);
  });

  it('tells a customer whose question goes to a person when the team is back, outside business hours', async () => {
    const bad = await set('business-hours', 'Mars/Olympus mon-fri 09:00-17:00');
    expect(bad.body).toMatchObject({ ok: false });
    expect(bad.body.message).toMatch(/IANA/);
    // Friday 20 Nov 2026, 10:00 UTC is 19:00 in Tokyo: closed until Monday 09:00.
    expect((await set('business-hours', 'Asia/Tokyo mon-fri 09:00-17:00 holidays 2026-11-23')).body.ok).toBe(
      true,
    );
    const root = await ask('I want to speak to a human about my account please.');
    const said = (await thread(root)).filter((p) => p.author.kind === 'bot').map((p) => p.text);
    // Monday 23 November is a holiday: back Tuesday.
    expect(said.join('\n')).toMatch(/back Tuesday at 9:00\s?AM \(Asia\/Tokyo\)/);
  });
});
