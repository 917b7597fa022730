import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createSandboxAdapter } from '../../src/bot/sandbox/index.js';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import { loadConfig } from '../../src/config.js';
import { dueDigestWeek } from '../../src/reports/gap-digest.js';
import type { KnowledgeGapsReport } from '../../src/reports/report-service.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const SAM = 'sandbox-sam';

describe('dueDigestWeek: the scheduled weekday and hour in the organization’s time zone', () => {
  const schedule = { day: 'mon', hour: 9 } as const;
  it('is due from the hour for a day, in the ISO week of that day', () => {
    expect(dueDigestWeek(schedule, 'UTC', new Date('2026-11-23T08:59:00Z'))).toBeNull();
    expect(dueDigestWeek(schedule, 'UTC', new Date('2026-11-23T09:00:00Z'))).toBe('2026-W48');
    expect(dueDigestWeek(schedule, 'UTC', new Date('2026-11-24T08:59:00Z'))).toBe('2026-W48');
    expect(dueDigestWeek(schedule, 'UTC', new Date('2026-11-24T09:00:00Z'))).toBeNull();
    expect(dueDigestWeek('off', 'UTC', new Date('2026-11-23T09:30:00Z'))).toBeNull();
  });
  it('counts the hour in the organization’s zone (09:00 in Tokyo is 00:00 UTC)', () => {
    expect(dueDigestWeek(schedule, 'Asia/Tokyo', new Date('2026-11-23T00:10:00Z'))).toBe('2026-W48');
    expect(dueDigestWeek(schedule, 'Asia/Tokyo', new Date('2026-11-23T09:30:00Z'))).toBe('2026-W48');
    expect(dueDigestWeek(schedule, 'America/New_York', new Date('2026-11-23T09:30:00Z'))).toBeNull();
  });
});

/**
 * The weekly knowledge-gaps digest through the sandbox's real HTTP API: a supervisor sets the
 * schedule, customers ask what the knowledge base cannot answer, and at the hour the staff channel
 * gets one digest however many processes run, and none again after a restart.
 */
describe('weekly knowledge-gaps digest (sandbox, two processes, restart)', () => {
  let t: TestApp;
  let api: ApiClient;
  const others: App[] = [];

  const instance = () =>
    createApp({
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
      digestIntervalMs: 3_600_000,
    }).then((app) => {
      others.push(app);
      return app;
    });
  const digests = async () =>
    (await api.get<{ posts: SandboxPost[] }>('/channels/sandbox-staff/posts')).body.posts.filter(
      (p) => p.card?.kind === 'digest',
    );

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
    t.clock.set(new Date('2026-11-22T18:00:00Z')); // Sunday evening
  });
  afterAll(async () => {
    for (const app of others) await app.stop();
    await t.close();
  });

  it('takes its schedule from the settings, as supervisors type it', async () => {
    const set = (value: string) =>
      api.post<{ ok: boolean; message: string }>('/settings', {
        actorId: SAM,
        change: { op: 'set', key: 'gaps-digest', value },
      });
    expect((await set('someday 25')).body).toMatchObject({
      ok: false,
      message: expect.stringMatching(/weekday and an hour/),
    });
    expect((await set('Monday 10')).body.ok).toBe(true);
  });

  it('posts the largest groups with counts, an example and the closest article, once per week', async () => {
    for (const text of [
      'Can your team engrave a wedding poem on the inside of the espresso cups?',
      'Could you engrave our names inside the espresso cups we ordered?',
      'Do you sell gift wrapping made of recycled paper with ribbons?',
    ]) {
      const r = await api.post<{ outcome: { status: string } }>('/customer-messages', { ...MAYA, text });
      expect(r.body.outcome.status).toBe('escalated');
      t.clock.advance(30 * 60_000);
    }
    await t.app.reports.recorder.idle();

    t.clock.set(new Date('2026-11-23T09:59:00Z'));
    expect((await t.app.gapDigest.run()).sent).toBe(0);

    t.clock.set(new Date('2026-11-23T10:03:00Z'));
    // A second process starts now (its timer looks at once) while the first runs twice.
    const [second] = await Promise.all([instance(), t.app.gapDigest.run(), t.app.gapDigest.run()]);
    await second.sweepsIdle();
    await second.gapDigest.run();
    let posted = await digests();
    expect(posted).toHaveLength(1);
    const card = posted[0]!.card!;
    // The same groups the Knowledge gaps tab shows, largest first.
    const gaps = (await api.get<KnowledgeGapsReport>('/knowledge-gaps?since=7d')).body;
    expect(gaps.questions).toBeGreaterThanOrEqual(2);
    expect(card.title).toBe(
      `Knowledge gaps, week 2026-W48: ${gaps.questions} questions the bot could not answer`,
    );
    const top = card.fields[0]!;
    expect(top.label).toMatch(new RegExp(`^${gaps.groups[0]!.count}× `));
    expect(top.value).toContain(gaps.groups[0]!.examples[0]!.ticketId);
    expect(card.fields.map((f) => f.value).join('\n')).toMatch(/engrave/);
    expect(top.value).toMatch(/closest article: |no article comes close/);

    // A restart later the same day: the week is claimed in the database, nothing is sent again.
    await second.stop();
    t.clock.advance(3 * 3_600_000);
    const restarted = await instance();
    await restarted.sweepsIdle();
    expect((await restarted.gapDigest.run()).sent).toBe(0);
    posted = await digests();
    expect(posted).toHaveLength(1);
  });
});
