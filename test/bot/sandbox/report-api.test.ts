import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../../src/bot/sandbox/posts.js';
import type { AnalyticsReport } from '../../../src/reports/report.js';
import type { KnowledgeGapsReport } from '../../../src/reports/report-service.js';
import type { TestApp } from '../../support/app-harness.js';
import { apiClient, startSandboxApp, type ApiClient } from './sandbox-app.js';

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const MIN = 60_000;
type Said = { post: SandboxPost; outcome: { status: string; ticketId?: string } };

/**
 * The whole app on the seeded demo store: customers write in the sandbox, staff decide, and the
 * report read back over HTTP counts what happened (rollups kept current from the event bus).
 */
describe('analytics report over the sandbox API', () => {
  let t: TestApp;
  let api: ApiClient;
  const said = {} as Record<'where' | 'refund' | 'unknown', Said>;

  const say = async (text: string, threadId?: string) => {
    const r = await api.post<Said>('/customer-messages', {
      ...MAYA,
      text,
      ...(threadId ? { threadId } : {}),
    });
    expect(r.status).toBe(201);
    return r.body;
  };
  const staffAction = async (data: unknown) => {
    const r = await api.post<{ ok: boolean; message: string }>('/staff-actions', {
      actorId: 'sandbox-dana',
      data,
    });
    expect(r.body).toMatchObject({ ok: true });
  };

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
    said.where = await say('Hi, where is my order 1042?');
    t.clock.advance(5 * MIN);
    said.refund = await say('Order 1043 arrived broken, I want a refund of $250 please.');
    t.clock.advance(12 * MIN);
    const staff = (await api.get<{ posts: SandboxPost[] }>('/channels/sandbox-staff/posts')).body.posts;
    const card = staff.find((p) => p.card?.kind === 'approval')!.card!;
    await staffAction(card.actions.find((a) => a.data.action === 'approval.approve')!.data);
    t.clock.advance(5 * MIN);
    said.unknown = await say('Can your team engrave a wedding poem on the inside of the espresso cups?');
    // A person takes the unanswered question, answers 40 minutes later and resolves it.
    const ticketId = said.unknown.outcome.ticketId!;
    await staffAction({ v: 1, action: 'ticket.takeover', ticketId });
    t.clock.advance(40 * MIN);
    const reply = await api.post('/staff-messages', {
      actorId: 'sandbox-dana',
      threadId: said.unknown.post.postId,
      text: 'We can engrave up to 40 characters on the outside; the inside is not possible.',
    });
    expect(reply.status).toBe(201);
    t.clock.advance(10 * MIN);
    await staffAction({ v: 1, action: 'ticket.resolve', ticketId });
    await t.app.reports.recorder.idle();
  });
  afterAll(() => t.close());

  it('counts conversations, what the bot resolved, escalations by reason, response times and the refund', async () => {
    const { status, body } = await api.get<AnalyticsReport>('/report?since=7d');
    expect(status).toBe(200);
    expect(body).toMatchObject({ since: '2026-11-14', until: '2026-11-21' });
    const total = body.total;
    expect(total).toMatchObject({
      conversations: 3,
      resolvedByBot: 2,
      resolvedByPerson: 1,
      botResolved: 2,
      escalated: 1,
      escalationsByReason: { low_confidence: 1, policy: 0, customer_asked: 0 },
    });
    expect(total.botResolutionRate).toBeCloseTo(2 / 3);
    // The engraving question: a person's first reply 40 minutes in (the bot's hand-off does not count).
    expect(total.firstResponse.count).toBe(3);
    expect(total.firstResponse.p90Ms).toBeGreaterThan(30 * MIN);
    expect(total.firstResponse.p90Ms).toBeLessThanOrEqual(45 * MIN);
    expect(total.resolution.count).toBe(3);
    expect(total.approvals.byOutcome.executed).toBe(1);
    expect(total.approvals.decisionP50Ms).toBeGreaterThan(10 * MIN);
    expect(total.approvals.decisionP50Ms).toBeLessThanOrEqual(15 * MIN);
    expect(total.refunds).toEqual([
      { outcome: 'executed', count: 1, amounts: [{ currency: 'USD', minor: 25000 }] },
    ]);
    expect(body.byChannel).toEqual([expect.objectContaining({ key: 'sandbox', conversations: 3 })]);
    expect(body.byCustomer[0]).toMatchObject({
      key: 'cus_bluebird',
      label: 'Bluebird Cafe',
      conversations: 3,
    });
    expect(body.byIntent.find((r) => r.key === 'refund')).toMatchObject({
      label: 'a refund',
      conversations: 1,
      refunds: [{ outcome: 'executed', count: 1 }],
    });
    expect(body.perDay).toEqual([{ day: '2026-11-20', conversations: 3, botResolved: 2, escalated: 1 }]);
  });

  it('a period without those days counts nothing', async () => {
    const { body } = await api.get<AnalyticsReport>('/report?since=2026-11-01&until=2026-11-10');
    expect(body.total.conversations).toBe(0);
    expect(body.total.botResolutionRate).toBeNull();
  });

  it('serves the same report as CSV, one row for the period and one per breakdown', async () => {
    const res = await fetch(`${t.baseUrl}/sandbox/api/report?since=7d&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    const head = lines[0]!.split(',');
    const all = lines[1]!.split(',');
    expect(all[head.indexOf('breakdown')]).toBe('all');
    expect(all[head.indexOf('conversations')]).toBe('3');
    expect(all[head.indexOf('escalated_low_confidence')]).toBe('1');
    expect(lines.some((l) => l.includes('customer,cus_bluebird,Bluebird Cafe,3'))).toBe(true);
  });

  it('refuses a period it cannot read with one sentence', async () => {
    const bad = await api.get<{ error: string }>('/report?since=banana');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/30d|date/);
    const long = await api.get<{ error: string }>('/report?since=2020-01-01');
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('A report covers at most 366 days; choose a shorter period.');
    const backwards = await api.get<{ error: string }>('/report?since=2026-11-10&until=2026-11-01');
    expect(backwards.body.error).toBe('The start of the period must be before its end.');
  });

  it('lists the question the bot could not answer as a knowledge gap with the nearest article', async () => {
    const { status, body } = await api.get<KnowledgeGapsReport>('/knowledge-gaps?since=7d');
    expect(status).toBe(200);
    expect(body.questions).toBe(1);
    expect(body.groups[0]).toMatchObject({
      count: 1,
      lowConfidence: 1,
      examples: [{ ticketId: said.unknown.outcome.ticketId, question: expect.stringMatching(/engrave/) }],
    });
  });

  it('a customer coming back within 72 hours takes the answer out of the bot’s resolutions', async () => {
    t.clock.advance(2 * 60 * MIN);
    await say(
      'That tracking link does not work, I still do not know where 1042 is. I want a person.',
      said.where.post.postId,
    );
    await t.app.reports.recorder.idle();
    const { body } = await api.get<AnalyticsReport>('/report?since=7d');
    expect(body.total.reopened).toBe(1);
    expect(body.total.botResolved).toBe(1);
    expect(body.total.escalated).toBe(2);
    expect(body.total.escalationsByReason.customer_asked).toBe(1);
  });
});
