import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { csatRatingOf } from '../../src/conversation/csat.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { createReportRecorder } from '../../src/reports/recorder.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { fixedClock } from '../support/clock.js';
import { fromMaya } from '../support/counted-app.js';
import { startMongoProxy, type MongoProxy } from '../support/mongo-proxy.js';

/**
 * The report is written behind the messages (a ticket's fact and its day's counters go seconds
 * later, many tickets per command). A process killed with facts queued, or cut from its
 * database, loses that queue: the report sweep of any other process recounts those tickets.
 */
const DAY = '2026-11-20';
const TICKETS = 'all~-~tickets';
let proxy: MongoProxy | undefined;
let client: MongoClient | undefined;
const apps: TestApp[] = [];

afterAll(async () => {
  for (const app of apps.reverse()) await app.close().catch(() => undefined);
  await proxy?.close();
  await client?.close();
});

describe('the report sweep', () => {
  it('recounts what a process killed with facts queued left: the report then equals a recount from the tickets', async () => {
    const clock = fixedClock(new Date(`${DAY}T10:00:00Z`));
    proxy = await startMongoProxy();
    let dbName = '';
    // The process that will die: its database through a proxy the test takes away.
    const dying = await startTestApp({
      clock,
      connect: async (name) => {
        dbName = name;
        return (await proxy!.connect(name)).db;
      },
    });
    apps.push(dying);
    await dying.app.sweepsIdle();
    const say = (text: string, id: string, threadId?: string) =>
      dying.engine.handleInbound(fromMaya(dying, text, id, threadId));
    const first = fromMaya(dying, 'Where is order 1042?', 'kill-1');
    const out = await Promise.all([
      dying.engine.handleInbound(first),
      say('What is your return policy?', 'kill-2'),
      say('Do you ship to Canada?', 'kill-3'),
    ]);
    expect(out.map((o) => o.status)).toEqual(['answered', 'answered', 'answered']);
    const more = await Promise.all([
      say('And what about order 1043, has it been delivered?', 'kill-4', first.messageId),
      say('Our whole warehouse system is down, this is an outage! I need a human now.', 'kill-5'),
    ]);
    expect(more.map((o) => o.status)).toEqual(['answered', 'escalated']);
    // Killed while the last ones' recounts are still settling (500 ms) or waiting for their flush
    // (1 s): at least theirs are not written (on a loaded machine the first ones' may have been).
    proxy.down();
    // Its recounts fail against the database that went away (and are lost with the process).
    await new Promise((r) => setTimeout(r, 3_000));

    // Another process on the same database.
    client = new MongoClient(inject('mongoUri'));
    await client.connect();
    const db = client.db(dbName);
    const other = await startTestApp({ clock, connect: async () => db });
    apps.push(other);
    await other.app.sweepsIdle();
    const tickets = await db.collection('tickets').countDocuments({ tenantId: DEMO.tenantId });
    expect(tickets).toBe(4);
    const counted = async () =>
      (await other.stores.reports.readDays(DEMO.tenantId, [DAY]))[0]?.counters ?? {};
    const before = (await counted())[TICKETS] ?? 0;
    expect(before).toBeLessThan(4);

    // Its sweep, once the dead process's changes are older than the grace: every one recounted.
    clock.advance(60_000);
    const swept = await other.app.reports.sweep.sweep();
    expect(swept).toMatchObject({ checked: 4, skipped: 0 });
    expect(swept.recounted).toBeGreaterThanOrEqual(4 - before);
    const afterSweep = await counted();
    expect(afterSweep[TICKETS]).toBe(4);
    // Nothing left behind: the next pass recounts nothing (each fact records the version it counted).
    clock.advance(60_000);
    expect(await other.app.reports.sweep.sweep()).toMatchObject({ recounted: 0, skipped: 0 });

    // The same figures as `npm run report -- --rebuild` gives from the tickets alone.
    const rebuild = createReportRecorder({
      store: other.stores.reports,
      tickets: other.stores.tickets,
      messages: other.stores.messages,
      approvals: other.stores.approvals,
      clock,
      logger: pino({ level: 'silent' }),
      csatRating: csatRatingOf(other.stores.csat),
    });
    await other.stores.reports.clear(DEMO.tenantId);
    for (const t of await other.stores.tickets.list(DEMO.tenantId, { limit: 100 }))
      await rebuild.recordTicket(DEMO.tenantId, t.ticketId);
    expect(await counted()).toEqual(afterSweep);
  }, 120_000);

  it('one process sweeps at a time', async () => {
    const clock = fixedClock(new Date(`${DAY}T10:00:00Z`));
    const app = await startTestApp({ clock });
    apps.push(app);
    await app.app.sweepsIdle();
    const owner = 'another-process';
    const held = await app.stores.reports.claimSweep(owner, clock.now(), 60_000);
    expect(held).not.toBeNull();
    expect(await app.app.reports.sweep.sweep()).toMatchObject({ skipped: 1 });
    // Its lease ran out (the holder died mid-pass): taken over.
    clock.advance(61_000);
    expect(await app.app.reports.sweep.sweep()).toMatchObject({ skipped: 0 });
  }, 60_000);
});
