import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import { DEMO } from '../../src/memory/demo-data.js';
import type { AnalyticsReport } from '../../src/reports/report.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MIN = 60_000;
const JORDAN = { customerId: 'cus_acme', contactEmail: 'jordan@acme-robotics.example' };
type Said = { post: SandboxPost; outcome: { status: string; ticketId?: string } };
interface Posts {
  posts: Array<SandboxPost & { createdAt: string }>;
}

/**
 * A ticket the bot still holds (a draft waiting in draft mode) that breaches its first-response
 * target goes to a person with reason `sla`, once, through the sandbox's real HTTP API; the
 * report counts it under "escalations by reason".
 */
describe('SLA breach while the bot holds the ticket (sandbox)', () => {
  let t: TestApp;
  let api: ApiClient;
  let said: Said;

  beforeAll(async () => {
    t = await startSandboxApp();
    // Monday 10:00 UTC, inside the default business hours.
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    api = apiClient(t.baseUrl);
    const mode = await api.post('/channel-mode', { actorId: DEMO.staff.supervisor.userId, mode: 'draft' });
    expect(mode.status).toBe(200);
    const r = await api.post<Said>('/customer-messages', { ...JORDAN, text: 'Where is my order 1042?' });
    expect(r.status).toBe(201);
    said = r.body;
  });
  afterAll(() => t.close());

  const ticket = async () => (await t.stores.tickets.get(t.tenantId, said.outcome.ticketId!))!;
  const staffPosts = async () => (await api.get<Posts>('/channels/sandbox-staff/posts')).body.posts;

  it('leaves the drafted ticket with the bot until its target passes', async () => {
    expect(said.outcome.status).toBe('drafted');
    const before = await ticket();
    expect(before.status).toBe('open');
    t.clock.advance(0.8 * before.sla!.clocks.firstResponse!.targetMinutes * MIN);
    await t.app.sla.sweep();
    expect((await ticket()).status).toBe('open');
  });

  it('escalates it to a person with reason sla at the breach, once, whatever sweeps', async () => {
    const target = (await ticket()).sla!.clocks.firstResponse!.targetMinutes;
    t.clock.advance(target * MIN);
    await Promise.all([t.app.sla.sweep(), t.app.sla.sweep()]);
    await t.app.sla.sweep();
    const after = await ticket();
    expect(after.status).toBe('escalated');
    expect(after.escalation?.reason).toMatch(/^SLA breached: first response overdue/);
    // The draft stays for the person who picks it up.
    expect(after.draft?.text).toBeTruthy();

    const posts = await staffPosts();
    const breaches = posts.filter((p) => p.card?.kind === 'sla' && /^SLA breached/.test(p.card.title));
    expect(breaches).toHaveLength(1);
    expect(breaches[0]!.card!.fields.find((f) => f.label === 'Held by')?.value).toBe('the bot');
    // The ticket's staff card now reads as an escalation, with the SLA reason.
    const ticketCard = posts.find(
      (p) => p.card?.ticketId === after.ticketId && p.card.kind !== 'sla' && p.card.kind !== 'approval',
    );
    expect(JSON.stringify(ticketCard?.card)).toMatch(/SLA breached/);

    // Later breaches of the same ticket (resolution) do not escalate it again.
    t.clock.advance(24 * 60 * MIN);
    await t.app.sla.sweep();
    expect((await ticket()).escalation?.at).toEqual(after.escalation?.at);
  });

  it('counts it under escalations by reason: SLA', async () => {
    await t.app.reports.recorder.idle();
    const { body } = await api.get<AnalyticsReport>('/report?since=7d');
    expect(body.total.escalated).toBe(1);
    expect(body.total.escalationsByReason).toMatchObject({ sla: 1, low_confidence: 0, policy: 0 });
    expect(body.byChannel[0]!.escalationsByReason.sla).toBe(1);
  });
});
