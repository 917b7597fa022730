import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createSandboxAdapter } from '../../src/bot/sandbox/index.js';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import { loadConfig } from '../../src/config.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MIN = 60_000;
const JORDAN = { customerId: 'cus_acme', contactEmail: 'jordan@acme-robotics.example' };

interface Posts {
  posts: Array<SandboxPost & { createdAt: string }>;
}

/**
 * SLA clocks through the sandbox's real HTTP API: an enterprise customer's escalated question,
 * the controllable clock moved past 75% and 100% of the first-response target, the alert posted
 * once to the staff channel, across a restart and a second app instance on the same database.
 */
describe('SLA warnings and breaches (sandbox, controllable clock, two instances)', () => {
  let t: TestApp;
  let api: ApiClient;
  let second: App | undefined;

  beforeAll(async () => {
    // Monday 10:00 UTC: inside the default business hours (Mon–Fri 09:00–17:00 UTC).
    t = await startSandboxApp();
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    api = apiClient(t.baseUrl);
  });
  afterAll(async () => {
    await second?.stop();
    await t.close();
  });

  const slaCards = async () =>
    (await api.get<Posts>('/channels/sandbox-staff/posts')).body.posts.filter((p) => p.card?.kind === 'sla');

  it('starts the clocks on an escalated ticket from what is stored on the ticket', async () => {
    const { body } = await api.post<{ post: SandboxPost }>('/customer-messages', {
      ...JORDAN,
      text: 'Our whole warehouse is down, nothing syncs. I need to talk to a person right now.',
    });
    const tickets = await t.stores.tickets.list(t.tenantId, { status: ['escalated'] });
    const ticket = tickets.find((x) => x.thread.threadId === body.post.postId);
    expect(ticket?.sla?.plan).toBe('enterprise');
    expect(ticket?.sla?.clocks.firstResponse?.runningSince).toBeDefined();
    expect(ticket?.sla?.clocks.firstResponse?.targetMinutes).toBeGreaterThan(0);
  });

  it('posts the 75% warning and then the breach once each, whatever sweeps', async () => {
    const [ticket] = await t.stores.tickets.list(t.tenantId, { status: ['escalated'] });
    const target = ticket!.sla!.clocks.firstResponse!.targetMinutes;
    t.clock.set(new Date(new Date('2026-11-23T10:00:00Z').getTime() + 0.8 * target * MIN));
    await t.app.sla.sweep();
    await t.app.sla.sweep();
    let cards = await slaCards();
    expect(cards.map((c) => c.card!.title)).toEqual([expect.stringMatching(/^SLA warning: first response/)]);
    const fields = Object.fromEntries(cards[0]!.card!.fields.map((f) => [f.label, f.value]));
    expect(fields).toMatchObject({ Ticket: ticket!.ticketId, Customer: 'Acme Robotics', Plan: 'enterprise' });
    expect(fields['Held by']).toMatch(/waiting for staff/);

    // A second instance on the same database (as after a restart, or a scale-out) sweeps too.
    second = await createApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never', LOG_LEVEL: 'silent' }),
      logger: pino({ level: 'silent' }),
      db: t.db,
      adapters: [
        createSandboxAdapter({
          db: t.db,
          logger: pino({ level: 'silent' }),
          clock: t.clock,
          ids: t.ids,
          tenantId: t.tenantId,
        }),
      ],
      clock: t.clock,
      ids: t.ids,
      sweepIntervalMs: 3_600_000,
      slaSweepIntervalMs: 3_600_000,
    });
    await second.sweepsIdle();
    t.clock.advance(target * MIN);
    await Promise.all([t.app.sla.sweep(), second.sla.sweep(), second.sla.sweep()]);
    cards = await slaCards();
    expect(cards.map((c) => c.card!.title)).toEqual([
      expect.stringMatching(/^SLA warning/),
      expect.stringMatching(/^SLA breached: first response overdue/),
    ]);
    const stored = await t.stores.tickets.get(t.tenantId, ticket!.ticketId);
    expect(stored!.sla!.breaches.map((b) => b.metric)).toEqual(['firstResponse']);
  });

  it('stops the response clock when a person answers, and counts the breach in the figures', async () => {
    const [ticket] = await t.stores.tickets.list(t.tenantId, { status: ['escalated'] });
    await api.post('/staff-messages', {
      actorId: 'sandbox-riley',
      threadId: ticket!.thread.threadId,
      text: 'Hi Jordan, Riley here, looking at your sync now.',
    });
    const stored = await t.stores.tickets.get(t.tenantId, ticket!.ticketId);
    expect(stored!.sla!.clocks.firstResponse!.stoppedAt).toBeDefined();
    expect(stored!.sla!.firstResponseMinutes).toBeGreaterThan(
      stored!.sla!.clocks.firstResponse!.targetMinutes,
    );
    expect(stored!.sla!.waitingOnCustomer).toBe(true);
    expect(stored!.sla!.clocks.resolution!.runningSince).toBeUndefined();
  });
});
