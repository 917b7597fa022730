import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSchema, type Message } from '../../src/domain/index.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

const DAY = 86_400_000;
let env: SeededEnv;
let T: string;

beforeAll(async () => {
  env = await createSeededEnv();
  T = env.tenantId;
});
afterAll(async () => env?.close());

describe('tenant and channel stores', () => {
  it('ensure keeps an existing tenant as it is; update changes only what it is given', async () => {
    const again = await env.stores.tenants.ensure({ tenantId: T, name: 'Renamed?', platform: 'sandbox' });
    expect(again.name).toBe('Northwind Supply Co.');
    const updated = await env.stores.tenants.update(T, { approverIds: ['sandbox-dana', 'sandbox-riley'] });
    expect(updated?.approverIds).toEqual(['sandbox-dana', 'sandbox-riley']);
    expect(updated?.supervisorIds).toEqual(['sandbox-sam']);
    const [fresh, twin] = await Promise.all([
      env.stores.tenants.ensure({ tenantId: 'T_NEW', name: 'New Co', platform: 'slack' }),
      env.stores.tenants.ensure({ tenantId: 'T_NEW', name: 'New Co', platform: 'slack' }),
    ]);
    expect(fresh.settings.returnWindowDays).toBe(30);
    expect(twin.tenantId).toBe('T_NEW');
    expect(await env.db.collection('tenants').countDocuments({ tenantId: 'T_NEW' })).toBe(1);
  });

  it('sets a channel mode, creating the channel on first sight', async () => {
    const c = await env.stores.channels.setMode(T, 'slack', 'C_NEW', 'draft', 'U_STAFF');
    expect(c).toMatchObject({ mode: 'draft', kind: 'customer', updatedBy: 'U_STAFF' });
    await env.stores.channels.setMode(T, 'slack', 'C_NEW', 'off', 'U_STAFF');
    expect((await env.stores.channels.get(T, 'slack', 'C_NEW'))?.mode).toBe('off');
    expect((await env.stores.channels.list(T)).map((x) => x.channelId)).toContain('sandbox-staff');
  });
});

describe('customer store', () => {
  it('links a new external org and merges preferences field by field', async () => {
    await env.stores.customers.addExternalOrg(T, 'cus_cobalt', 'slack', 'E_COBALT');
    await env.stores.customers.addExternalOrg(T, 'cus_cobalt', 'slack', 'E_COBALT');
    expect((await env.stores.customers.findByOrg(T, 'slack', 'E_COBALT'))?.customerId).toBe('cus_cobalt');
    expect(
      (await env.stores.customers.get(T, 'cus_cobalt'))?.externalOrgs.filter((o) => o.orgId === 'E_COBALT'),
    ).toHaveLength(1);
    await env.stores.customers.updatePreferences(T, 'cus_cobalt', { language: 'de' });
    const c = await env.stores.customers.updatePreferences(T, 'cus_cobalt', { tone: 'formal' });
    expect(c?.preferences).toEqual({ language: 'de', tone: 'formal' });
    await expect(
      env.stores.customers.updatePreferences(T, 'cus_cobalt', { tone: 'rude' as never }),
    ).rejects.toThrow(/preferences/);
  });
});

describe('message store', () => {
  function msg(i: number, patch: Partial<Message> = {}): Message {
    return MessageSchema.parse({
      tenantId: T,
      messageId: `msg_${i}`,
      ticketId: 'TKT-MSGS22',
      thread: { platform: 'slack', channelId: 'C1', threadId: '9.9' },
      role: i % 2 ? 'bot' : 'customer',
      author: { kind: i % 2 ? 'bot' : 'customer' },
      text: `message ${i}`,
      platformMessageId: `9.${i}`,
      createdAt: new Date(env.clock.now().getTime() + i * 60_000),
      ...patch,
    });
  }

  it('returns the last messages of a ticket oldest first, and finds one by platform id', async () => {
    for (let i = 1; i <= 12; i++) await env.stores.messages.insert(msg(i));
    const last = await env.stores.messages.listByTicket(T, 'TKT-MSGS22', 10);
    expect(last.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, k) => `message ${k + 3}`));
    expect((await env.stores.messages.findByPlatformId(T, 'slack', '9.4'))?.messageId).toBe('msg_4');
    expect(await env.stores.messages.findByPlatformId(T, 'teams', '9.4')).toBeNull();
  });

  it('marks edits and deletions; a deleted message keeps no words', async () => {
    await env.stores.messages.markEdited(T, 'msg_2', 'message 2, corrected');
    await env.stores.messages.markDeleted(T, 'msg_4');
    const byId = new Map(
      (await env.stores.messages.listByTicket(T, 'TKT-MSGS22', 50)).map((m) => [m.messageId, m]),
    );
    expect(byId.get('msg_2')).toMatchObject({ text: 'message 2, corrected', edited: true });
    expect(byId.get('msg_4')).toMatchObject({ text: '', deleted: true });
  });

  it('counts messages per hour since a moment', async () => {
    const rows = await env.stores.messages.countSince(T, env.clock.now());
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(12);
    expect(rows[0]?.hour).toBe('2026-11-20T10:00:00.000Z');
  });
});

describe('processed events, interactions and decisions', () => {
  it('accepts an event id once, even when two deliveries race', async () => {
    const at = env.clock.now();
    const results = await Promise.all([
      env.stores.processedEvents.markProcessed(T, 'slack', 'Ev123', at),
      env.stores.processedEvents.markProcessed(T, 'slack', 'Ev123', at),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await env.stores.processedEvents.markProcessed(T, 'slack', 'Ev123', at)).toBe(false);
    expect(await env.stores.processedEvents.markProcessed(T, 'teams', 'Ev123', at)).toBe(true);
    expect(await env.stores.processedEvents.markProcessed('T_OTHER', 'slack', 'Ev123', at)).toBe(true);
  });

  it('lists a customer history newest first and hides expired entries', async () => {
    const now = env.clock.now().getTime();
    const entry = (id: string, daysAgo: number) => ({
      tenantId: T,
      interactionId: id,
      customerId: 'cus_acme',
      ticketId: 'TKT-HIST22',
      intent: 'refund' as const,
      outcome: 'resolved' as const,
      summary: `summary ${id}`,
      createdAt: new Date(now - daysAgo * DAY),
      expiresAt: new Date(now - daysAgo * DAY + 90 * DAY),
    });
    await env.stores.interactions.add(entry('old', 91));
    await env.stores.interactions.add(entry('mid', 10));
    await env.stores.interactions.add(entry('new', 1));
    expect(
      (await env.stores.interactions.listForCustomer(T, 'cus_acme')).map((i) => i.interactionId),
    ).toEqual(['new', 'mid']);
  });

  it("reads a turn's history entry from its decision record beside those stored before, newest first, and shows staff the decision as recorded", async () => {
    const now = env.clock.now().getTime();
    const decision = (id: string, daysAgo: number) => ({
      tenantId: T,
      decisionId: id,
      ticketId: 'TKT-TURN22',
      messageId: `msg_${id}`,
      engine: 'offline' as const,
      stages: [],
      modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
      tools: [],
      confidence: 0.9,
      threshold: 0.6,
      route: 'resolve' as const,
      reason: 'kb match',
      articleIds: [],
      createdAt: new Date(now - daysAgo * DAY),
    });
    const carried = (summary: string, daysAgo: number) => ({
      customerId: 'cus_turns',
      intent: 'shipping' as const,
      outcome: 'resolved' as const,
      summary,
      expiresAt: new Date(now - daysAgo * DAY + 90 * DAY),
    });
    // An entry stored in `interactions` before turns carried theirs.
    await env.stores.interactions.add({
      tenantId: T,
      interactionId: 'int_before',
      customerId: 'cus_turns',
      ticketId: 'TKT-TURN11',
      intent: 'refund',
      outcome: 'escalated',
      summary: 'stored before',
      createdAt: new Date(now - 5 * DAY),
      expiresAt: new Date(now - 5 * DAY + 90 * DAY),
    });
    await env.stores.decisions.add(decision('dec_t1', 3), carried('Shipping: three days', 3));
    await env.stores.decisions.add(decision('dec_t2', 1), carried('Shipping: to Canada too', 1));
    await env.stores.decisions.add(decision('dec_t0', 95), carried('expired', 95));
    await env.stores.decisions.add(decision('dec_t3', 0)); // a turn with nothing to record

    const history = await env.stores.interactions.listForCustomer(T, 'cus_turns');
    expect(history.map((i) => [i.interactionId, i.outcome, i.summary])).toEqual([
      ['dec_t2', 'resolved', 'Shipping: to Canada too'],
      ['dec_t1', 'resolved', 'Shipping: three days'],
      ['int_before', 'escalated', 'stored before'],
    ]);
    expect(history[0]).toMatchObject({ tenantId: T, ticketId: 'TKT-TURN22', intent: 'shipping' });
    expect(
      (await env.stores.interactions.listForCustomer(T, 'cus_turns', 2)).map((i) => i.interactionId),
    ).toEqual(['dec_t2', 'dec_t1']);
    // Staff and the audit see the decision as it was recorded: no history entry in it.
    const decisions = await env.stores.decisions.listByTicket(T, 'TKT-TURN22');
    expect(decisions.map((d) => d.decisionId)).toEqual(['dec_t0', 'dec_t1', 'dec_t2', 'dec_t3']);
    for (const d of decisions) expect(d).not.toHaveProperty('interaction');

    // Taken back by decision, and by the unanswered message (the recovery).
    await env.stores.decisions.dropInteraction(T, { decisionId: 'dec_t2' });
    await env.stores.decisions.dropInteraction(T, { ticketId: 'TKT-TURN22', messageId: 'msg_dec_t1' });
    expect(
      (await env.stores.interactions.listForCustomer(T, 'cus_turns')).map((i) => i.interactionId),
    ).toEqual(['int_before']);
    expect(await env.stores.decisions.listByTicket(T, 'TKT-TURN22')).toHaveLength(4);
  });

  it('stores decision records per ticket in order', async () => {
    const rec = (id: string, offset: number) => ({
      tenantId: T,
      decisionId: id,
      ticketId: 'TKT-DECI22',
      engine: 'offline' as const,
      stages: [{ name: 'understand' as const, startedAt: env.clock.now(), durationMs: 3, ok: true }],
      modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
      tools: [],
      confidence: 0.8,
      threshold: 0.6,
      route: 'resolve' as const,
      reason: 'kb match',
      articleIds: ['returns-policy'],
      createdAt: new Date(env.clock.now().getTime() + offset),
    });
    await env.stores.decisions.add(rec('d2', 2000));
    await env.stores.decisions.add(rec('d1', 1000));
    expect((await env.stores.decisions.listByTicket(T, 'TKT-DECI22')).map((d) => d.decisionId)).toEqual([
      'd1',
      'd2',
    ]);
  });
});

describe('knowledge-base articles', () => {
  it('changes the revision when an article changes, and only then', async () => {
    const before = await env.stores.kbArticles.revision(T);
    const article = await env.stores.kbArticles.get(T, 'password-reset');
    if (!article) throw new Error('seeded article missing');
    expect(await env.stores.kbArticles.upsert(article)).toBe(false);
    expect(await env.stores.kbArticles.revision(T)).toBe(before);
    expect(await env.stores.kbArticles.upsert({ ...article, body: `${article.body}\n\nUpdated.` })).toBe(
      true,
    );
    const after = await env.stores.kbArticles.revision(T);
    expect(after).not.toBe(before);
    expect((await env.stores.kbArticles.get(T, 'password-reset'))?.body).toContain('Updated.');
    expect(await env.stores.kbArticles.upsert({ ...article, articleId: 'brand-new' })).toBe(true);
    expect(await env.stores.kbArticles.revision(T)).not.toBe(after);
    expect(await env.stores.kbArticles.revision('T_EMPTY')).toMatch(/^0-/);
  });
});
