import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import type { AnalyticsReport } from '../../src/reports/report.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MIN = 60_000;
const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const JORDAN = { customerId: 'cus_acme', contactEmail: 'jordan@acme-robotics.example' };
const SAM = 'sandbox-sam';
type Said = { post: SandboxPost; outcome: { status: string; ticketId?: string } };

/**
 * The report reads the SLA clocks and the CSAT ratings, through the sandbox's real HTTP API: a
 * question the bot answered in time and rated "Great", and one a person answered past its target
 * and resolved, rated "OK". JSON and CSV, in total and per customer.
 */
describe('report: SLA targets and CSAT (sandbox API)', () => {
  let t: TestApp;
  let api: ApiClient;

  const say = async (who: typeof MAYA, text: string) => {
    const r = await api.post<Said>('/customer-messages', { ...who, text });
    expect(r.status).toBe(201);
    return r.body;
  };
  const staffAction = async (data: unknown) =>
    expect((await api.post('/staff-actions', { actorId: SAM, data })).body).toMatchObject({ ok: true });
  const rate = async (who: typeof MAYA, ticketId: string, rating: string) =>
    expect((await api.post('/ratings', { ...who, ticketId, rating })).body).toMatchObject({ ok: true });

  beforeAll(async () => {
    t = await startSandboxApp();
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    api = apiClient(t.baseUrl);
    const on = await api.post<{ ok: boolean }>('/settings', {
      actorId: SAM,
      change: { op: 'set', key: 'csat', value: 'on' },
    });
    expect(on.body.ok).toBe(true);

    const answered = await say(MAYA, 'Where is my order 1042? Thanks');
    expect(answered.outcome.status).toBe('answered');
    await rate(MAYA, answered.outcome.ticketId!, 'great');

    const urgent = await say(
      JORDAN,
      'Our whole warehouse is down, nothing syncs. I need to talk to a person right now.',
    );
    const ticketId = urgent.outcome.ticketId!;
    const target = (await t.stores.tickets.get(t.tenantId, ticketId))!.sla!.clocks.firstResponse!
      .targetMinutes;
    t.clock.advance((target + 5) * MIN);
    await t.app.sla.sweep();
    await staffAction({ v: 1, action: 'ticket.takeover', ticketId });
    await api.post('/staff-messages', {
      actorId: SAM,
      threadId: urgent.post.postId,
      text: 'Sorry for the wait, Sam here: the sync is running again.',
    });
    t.clock.advance(10 * MIN);
    await staffAction({ v: 1, action: 'ticket.resolve', ticketId });
    await rate(JORDAN, ticketId, 'ok');
    await t.app.reports.recorder.idle();
  });
  afterAll(() => t.close());

  it('counts first responses against their targets, the breach, and CSAT by who resolved', async () => {
    const { body } = await api.get<AnalyticsReport>('/report?since=7d');
    const { total } = body;
    expect(total.firstResponse).toMatchObject({ count: 2, withTarget: 2, breaches: 1, metShare: 0.5 });
    expect(total.firstResponse.targetP50Ms).toBeGreaterThan(0);
    expect(total.resolution).toMatchObject({ withTarget: 2, breaches: 0, metShare: 1 });
    expect(total.csat.bot).toMatchObject({ great: 1, ok: 0, notGood: 0, satisfied: 1 });
    expect(total.csat.person).toMatchObject({ great: 0, ok: 1, notGood: 0, satisfied: 0 });

    const acme = body.byCustomer.find((r) => r.key === 'cus_acme')!;
    expect(acme.firstResponse).toMatchObject({ withTarget: 1, breaches: 1, metShare: 0 });
    expect(acme.csat.person.ok).toBe(1);
    const bluebird = body.byCustomer.find((r) => r.key === 'cus_bluebird')!;
    expect(bluebird.firstResponse).toMatchObject({ withTarget: 1, breaches: 0 });
    expect(bluebird.csat.bot.great).toBe(1);
    expect(body.byChannel[0]!.firstResponse.breaches).toBe(1);
  });

  it('puts the same figures in the CSV', async () => {
    const res = await fetch(`${t.baseUrl}/sandbox/api/report?since=7d&format=csv`);
    const lines = (await res.text()).trim().split('\r\n');
    const head = lines[0]!.split(',');
    const row = (breakdown: string, key: string) =>
      lines.map((l) => l.split(',')).find((c) => c[2] === breakdown && c[3] === key)!;
    const col = (cells: string[], name: string) => cells[head.indexOf(name)];
    const all = row('all', '');
    expect(col(all, 'first_response_with_sla')).toBe('2');
    expect(col(all, 'first_response_breaches')).toBe('1');
    expect(col(all, 'first_response_met_rate')).toBe('0.500');
    expect(col(all, 'csat_bot_great')).toBe('1');
    expect(col(all, 'csat_person_ok')).toBe('1');
    expect(col(row('customer', 'cus_acme'), 'first_response_breaches')).toBe('1');
  });
});
