import { execFile } from 'node:child_process';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Ticket } from '../../src/domain/index.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { csatRatingOf } from '../../src/conversation/csat.js';
import { createReportRecorder, type ReportRecorder } from '../../src/reports/recorder.js';
import { createReportService } from '../../src/reports/report-service.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const T = 'ORG_REPORT';
const logger = pino({ level: process.env.RDEBUG ? 'warn' : 'silent' });
const clock = fixedClock(new Date('2026-11-20T12:00:00Z'));
let testDb: TestDb;
let stores: MongoStores;

function ticket(n: number, patch: Partial<Ticket> = {}): Ticket {
  const createdAt = new Date(Date.UTC(2026, 10, 18 + (n % 3), 9, 0, 0));
  return {
    tenantId: T,
    ticketId: `TKT-R${String(n).padStart(5, '0')}`,
    customerId: n % 2 ? 'cus_acme' : 'cus_globex',
    requester: { platform: n % 2 ? 'slack' : 'teams', userId: `u${n}` },
    thread: { platform: n % 2 ? 'slack' : 'teams', channelId: 'C1', threadId: `th${n}` },
    status: 'resolved',
    urgency: 'medium',
    intent: 'order_status',
    language: 'en',
    subject: 'Where is my order?',
    version: 0,
    createdAt,
    updatedAt: createdAt,
    lastMessageAt: createdAt,
    resolvedAt: new Date(createdAt.getTime() + 60_000),
    ...patch,
  };
}

function recorder(): ReportRecorder {
  return createReportRecorder({
    store: stores.reports,
    tickets: stores.tickets,
    messages: stores.messages,
    approvals: stores.approvals,
    clock,
    logger,
  });
}

const service = () =>
  createReportService({
    store: stores.reports,
    customers: stores.customers,
    kb: { search: async () => [] },
    clock,
  });

beforeAll(async () => {
  testDb = await createTestDb('reports');
  await ensureIndexes(testDb.db, logger);
  stores = createMongoStores(testDb.db, { logger, clock });
  for (let n = 1; n <= 12; n++) await stores.tickets.insert(ticket(n));
});
afterAll(() => testDb.close());

describe('report rollups', () => {
  it('two processes recounting the same tickets at once count each ticket once', async () => {
    const a = recorder();
    const b = recorder();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => [
        a.recordTicket(T, ticket(i + 1).ticketId),
        b.recordTicket(T, ticket(i + 1).ticketId),
        a.recordTicket(T, ticket(i + 1).ticketId),
      ]).flat(),
    );
    await Promise.all([a.idle(), b.idle()]);
    const report = await service().report(T, { since: '7d' });
    expect(report.total).toMatchObject({ conversations: 12, resolvedByBot: 12, botResolved: 12 });
    expect(report.perDay.map((d) => d.conversations)).toEqual([4, 4, 4]);
    expect(report.byChannel.map((r) => [r.key, r.conversations])).toEqual([
      ['slack', 6],
      ['teams', 6],
    ]);
  });

  it('a ticket that changes moves its counts instead of adding to them', async () => {
    const r = recorder();
    const id = ticket(1).ticketId;
    clock.advance(60 * 60_000);
    await stores.tickets.update(T, id, {
      status: 'escalated',
      escalation: { summary: 's', reason: 'the customer asked for a person', at: clock.now() },
    });
    await r.recordTicket(T, id);
    await stores.tickets.update(T, id, { status: 'resolved', resolvedAt: clock.now() });
    await r.recordTicket(T, id);
    await r.recordTicket(T, id);
    const report = await service().report(T, { since: '7d' });
    expect(report.total).toMatchObject({
      conversations: 12,
      resolvedByBot: 11,
      resolvedByPerson: 1,
      botResolved: 11,
      reopened: 1,
      escalated: 1,
      escalationsByReason: { customer_asked: 1 },
    });
  });

  it("a burst of events about one ticket (one message's run) is one recount, once it settles", async () => {
    let reads = 0;
    const r = createReportRecorder({
      store: stores.reports,
      tickets: { get: (tenantId, ticketId) => (reads++, stores.tickets.get(tenantId, ticketId)) },
      messages: stores.messages,
      approvals: stores.approvals,
      clock,
      logger,
      settleMs: 150,
    });
    const id = ticket(2).ticketId;
    const at = clock.now();
    const message = {
      type: 'message',
      tenantId: T,
      ticketId: id,
      platform: 'teams',
      channelId: 'C1',
      at,
    } as const;
    // As a run emits them: a few tens of milliseconds apart.
    const burst = [
      message,
      { type: 'ticket', tenantId: T, ticketId: id, status: 'open', at },
      message,
      { type: 'ticket', tenantId: T, ticketId: id, status: 'resolved', at },
      message,
    ] as const;
    for (const event of burst) {
      r.onEvent(event);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(reads).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await r.idle();
    expect(reads).toBe(1);
    // A read flushes what is still settling: the report never misses a change made before it.
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: id, status: 'resolved', at });
    await r.flush();
    expect(reads).toBe(2);
  });

  it('counts a bot answer it saw recorded without reading the transcript', async () => {
    let transcriptReads = 0;
    const r = createReportRecorder({
      store: stores.reports,
      tickets: stores.tickets,
      messages: {
        listByTicket: (...args) => (transcriptReads++, stores.messages.listByTicket(...args)),
      },
      approvals: stores.approvals,
      clock,
      logger,
      settleMs: 50,
    });
    const tk = ticket(4);
    const answeredAt = new Date(tk.createdAt.getTime() + 30_000);
    r.onEvent({
      type: 'message',
      tenantId: T,
      ticketId: tk.ticketId,
      platform: 'slack',
      channelId: 'C1',
      at: answeredAt,
      by: 'bot',
    });
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: answeredAt });
    await r.idle();
    expect(transcriptReads).toBe(0);
    const stored = await stores.reports.getFact(T, `t:${tk.ticketId}`);
    expect(stored?.fact).toMatchObject({ firstResponseMs: 30_000, resolvedBy: 'bot' });
  });

  it('npm run report prints the period as CSV, and --rebuild recounts from the tickets', async () => {
    // Rollups lost (say, a crash between a fact and its day): the rebuild gives the same figures
    // from the tickets alone (the reopen seen live is history a rebuild cannot see).
    await testDb.db.collection('report_days').deleteMany({});
    // The days counted beside the facts (every document with counters, not a fact).
    await testDb.db.collection('report_facts').deleteMany({ c: { $exists: true } });
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          'npx',
          ['tsx', 'src/cli/report.ts', ...args],
          {
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              MONGODB_URI: inject('mongoUri'),
              MONGODB_DB: testDb.dbName,
              ORG_ID: T,
            },
            timeout: 120_000,
          },
          (err, stdout, stderr) =>
            resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const empty = await run('--since', '2026-11-01', '--until', '2026-11-21', '--format', 'csv');
    expect(empty.code).toBe(0);
    expect(empty.stdout.split('\r\n')[1]).toMatch(/^2026-11-01,2026-11-21,all,,All conversations,0,/);
    const rebuilt = await run(
      '--since',
      '2026-11-01',
      '--until',
      '2026-11-21',
      '--format',
      'csv',
      '--rebuild',
    );
    expect(rebuilt.code).toBe(0);
    const [head, all] = rebuilt.stdout.split('\r\n');
    const col = (name: string) => all!.split(',')[head!.split(',').indexOf(name)];
    expect(col('conversations')).toBe('12');
    expect(col('resolved_by_person')).toBe('1');
    expect(col('escalated_customer_asked')).toBe('1');
    const bad = await run('--since', 'yesterday');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/since/);
  }, 180_000);
});

/** What a recount asks the database, counted on the wire. */
describe('report recounts: round trips', () => {
  let client: MongoClient;
  let counted: MongoStores;
  const commands: string[] = [];

  beforeAll(async () => {
    client = new MongoClient(testDb.uri, { monitorCommands: true, ignoreUndefined: true });
    client.on('commandStarted', (e) => {
      const target = e.command[e.commandName] as unknown;
      if (typeof target === 'string') commands.push(`${e.commandName} ${target}`);
    });
    await client.connect();
    counted = createMongoStores(client.db(testDb.dbName), { logger, clock });
  });
  afterAll(() => client.close());

  const countingRecorder = () =>
    createReportRecorder({
      store: counted.reports,
      tickets: counted.tickets,
      messages: counted.messages,
      approvals: counted.approvals,
      clock,
      logger,
      csatRating: csatRatingOf(counted.csat),
      settleMs: 20,
    });

  it('counts a ticket this process just stored and answered by storing its fact and its day, reading nothing', async () => {
    const tk = ticket(40);
    await counted.tickets.insert(tk);
    const r = countingRecorder();
    commands.length = 0;
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: clock.now() });
    r.onEvent({
      type: 'message',
      tenantId: T,
      ticketId: tk.ticketId,
      platform: 'teams',
      channelId: 'C1',
      at: new Date(tk.createdAt.getTime() + 5_000),
      by: 'bot',
    });
    await r.idle();
    // The fact and its day's counters in one ordered command: the counters only if the fact won.
    expect(commands).toEqual(['update report_facts']);
    const stored = await stores.reports.getFact(T, `t:${tk.ticketId}`);
    expect(stored?.fact).toMatchObject({ resolvedBy: 'bot', firstResponseMs: 5_000 });
  });

  it('writes behind: tickets that settle apart within the flush interval are written in one command, and a read flushes at once', async () => {
    const tickets = [66, 69, 72, 75].map((n) => ticket(n));
    for (const tk of tickets) await counted.tickets.insert(tk);
    const r = createReportRecorder({
      store: counted.reports,
      tickets: counted.tickets,
      messages: counted.messages,
      approvals: counted.approvals,
      clock,
      logger,
      settleMs: 20,
      flushMs: 1_500,
    });
    const answered = (tk: Ticket) => {
      r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: clock.now() });
      r.onEvent({
        type: 'message',
        tenantId: T,
        ticketId: tk.ticketId,
        platform: 'teams',
        channelId: 'C1',
        at: new Date(tk.createdAt.getTime() + 5_000),
        by: 'bot',
      });
    };
    commands.length = 0;
    // Three answers 200 ms apart: three recounts on three beats, one write.
    for (const tk of tickets.slice(0, 3)) {
      answered(tk);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(commands).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(commands).toEqual(['update report_facts']);
    for (const tk of tickets.slice(0, 3))
      expect((await stores.reports.getFact(T, `t:${tk.ticketId}`))?.fact).toMatchObject({
        resolvedBy: 'bot',
      });
    // A report read in this process does not wait for the next flush.
    commands.length = 0;
    answered(tickets[3]!);
    const started = Date.now();
    await r.flush();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(commands).toEqual(['update report_facts']);
  });

  it('tickets that settle together are counted with one insert of their facts and one update of their day', async () => {
    // Five conversations of one day, each stored and answered by this process within a moment.
    const tickets = [51, 54, 57, 60, 63].map((n) => ticket(n));
    for (const tk of tickets) await counted.tickets.insert(tk);
    const before = (await service().report(T, { since: '7d' })).total.conversations;
    const r = countingRecorder();
    commands.length = 0;
    for (const tk of tickets) {
      r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: clock.now() });
      r.onEvent({
        type: 'message',
        tenantId: T,
        ticketId: tk.ticketId,
        platform: 'teams',
        channelId: 'C1',
        at: new Date(tk.createdAt.getTime() + 5_000),
        by: 'bot',
      });
    }
    await r.idle();
    expect(commands).toEqual(['update report_facts']);
    const report = await service().report(T, { since: '7d' });
    expect(report.total.conversations).toBe(before + 5);
    for (const tk of tickets) {
      const stored = await stores.reports.getFact(T, `t:${tk.ticketId}`);
      expect(stored?.fact).toMatchObject({ resolvedBy: 'bot', firstResponseMs: 5_000 });
    }
  });

  it('recounts a ticket escalated for a reason other than a missing answer without reading its transcript', async () => {
    const at = new Date(Date.UTC(2026, 10, 19, 9, 0, 0));
    const tk = ticket(42, {
      status: 'escalated',
      escalation: { summary: 'Outage', reason: 'The customer asked for a person', at },
    });
    await counted.tickets.insert(tk);
    const r = countingRecorder();
    commands.length = 0;
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'escalated', at });
    r.onEvent({
      type: 'message',
      tenantId: T,
      ticketId: tk.ticketId,
      platform: 'teams',
      channelId: 'C1',
      at: new Date(tk.createdAt.getTime() + 2_000),
      by: 'bot',
    });
    await r.idle();
    expect(commands.filter((c) => c.endsWith(' messages'))).toEqual([]);
    const stored = await stores.reports.getFact(T, `t:${tk.ticketId}`);
    expect(stored?.fact).toMatchObject({ escalated: true, escalationReason: 'customer_asked' });
    expect(stored?.fact).not.toHaveProperty('question');
  });

  it("reads a ticket's rating after the rating's event, and later recounts keep it without reading it", async () => {
    const tk = ticket(41);
    await counted.tickets.insert(tk);
    await counted.csat.open({
      tenantId: T,
      ticketId: tk.ticketId,
      platform: 'teams',
      intent: tk.intent,
      resolvedBy: 'bot',
      promptedAt: clock.now(),
    });
    await counted.csat.rate(T, tk.ticketId, { rating: 'great', ratedAt: clock.now(), ratedBy: 'u41' });
    const r = countingRecorder();
    commands.length = 0;
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: clock.now() });
    await r.idle();
    expect(commands.filter((c) => c.endsWith(' csat'))).toEqual([]);
    r.onEvent({
      type: 'ticket',
      tenantId: T,
      ticketId: tk.ticketId,
      status: 'resolved',
      at: clock.now(),
      rated: true,
    });
    await r.idle();
    expect((await stores.reports.getFact(T, `t:${tk.ticketId}`))?.fact).toMatchObject({ csat: 'great' });
    commands.length = 0;
    await counted.tickets.update(T, tk.ticketId, { intent: tk.intent, updatedAt: clock.now() });
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: tk.ticketId, status: 'resolved', at: clock.now() });
    await r.idle();
    expect(commands.filter((c) => c.endsWith(' csat'))).toEqual([]);
    expect((await stores.reports.getFact(T, `t:${tk.ticketId}`))?.fact).toMatchObject({ csat: 'great' });
  });
});

describe('approval requests in the report', () => {
  it("counts a request and its decision with the request's ticket: each event one recount, the request read in the ticket's list", async () => {
    let byId = 0;
    const r = createReportRecorder({
      store: stores.reports,
      tickets: stores.tickets,
      messages: stores.messages,
      approvals: {
        get: (tenantId, approvalId) => (byId++, stores.approvals.get(tenantId, approvalId)),
        listByTicket: (tenantId, ticketId, known) => stores.approvals.listByTicket(tenantId, ticketId, known),
      },
      clock,
      logger,
    });
    const t = ticket(90, { status: 'pending_approval', resolvedAt: undefined });
    await stores.tickets.insert(t);
    const at = clock.now();
    await stores.approvals.insert({
      tenantId: T,
      approvalId: 'apr_R90',
      ticketId: t.ticketId,
      customerId: 'cus_globex',
      orderId: '1090',
      action: 'refund',
      amountMinor: 25_000,
      currency: 'USD',
      reason: 'arrived broken',
      requiredRole: 'approver',
      status: 'pending',
      idempotencyKey: 'approval:apr_R90',
      createdAt: at,
      expiresAt: new Date(at.getTime() + 86_400_000),
      updatedAt: at,
    });
    await stores.tickets.addApproval(T, t.ticketId, 'apr_R90');
    const before = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: t.ticketId, status: 'pending_approval', at });
    await r.idle();
    const pending = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    expect(pending.pending).toBe((before.pending ?? 0) + 1);

    clock.advance(5 * 60_000);
    await stores.approvals.transition(T, 'apr_R90', ['pending'], {
      status: 'executed',
      decidedAt: clock.now(),
      updatedAt: clock.now(),
    });
    // The click's event alone (its ticket's event may come from another process or not at all).
    r.onEvent({ type: 'approval', tenantId: T, approvalId: 'apr_R90', status: 'executed', at: clock.now() });
    await r.idle();

    const after = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    expect(after.pending).toBe(before.pending ?? 0);
    expect(after.executed).toBe((before.executed ?? 0) + 1);
    expect(byId).toBe(0);
    // A recorder that never saw the request reads it by id and counts nothing twice.
    const other = recorder();
    other.onEvent({
      type: 'approval',
      tenantId: T,
      approvalId: 'apr_R90',
      status: 'executed',
      at: clock.now(),
    });
    await other.idle();
    expect((await service().report(T, { since: '7d' })).total.approvals.byOutcome).toEqual(after);
  });

  it("counts a click's decision with its ticket when the event names it, reading the request only in the ticket's list", async () => {
    const t = ticket(91, { status: 'pending_approval', resolvedAt: undefined });
    await stores.tickets.insert(t);
    const at = clock.now();
    await stores.approvals.insert({
      tenantId: T,
      approvalId: 'apr_R91',
      ticketId: t.ticketId,
      customerId: 'cus_acme',
      orderId: '1091',
      action: 'refund',
      amountMinor: 25_000,
      currency: 'USD',
      reason: 'arrived broken',
      requiredRole: 'approver',
      status: 'pending',
      idempotencyKey: 'approval:apr_R91',
      createdAt: at,
      expiresAt: new Date(at.getTime() + 86_400_000),
      updatedAt: at,
    });
    await stores.tickets.addApproval(T, t.ticketId, 'apr_R91');
    const before = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    clock.advance(60_000);
    await stores.approvals.transition(T, 'apr_R91', ['pending'], {
      status: 'executed',
      decidedAt: clock.now(),
      updatedAt: clock.now(),
    });
    await stores.tickets.update(T, t.ticketId, { status: 'resolved', resolvedAt: clock.now() });
    // A recorder that never saw the request (the click came before its request was counted, or in
    // another process) hears the click's event naming the ticket, and the ticket's own event.
    let byId = 0;
    let factReads = 0;
    const r = createReportRecorder({
      store: {
        ...stores.reports,
        getFact: (tenantId, factId) => (factReads++, stores.reports.getFact(tenantId, factId)),
      },
      tickets: stores.tickets,
      messages: stores.messages,
      approvals: {
        get: (tenantId, approvalId) => (byId++, stores.approvals.get(tenantId, approvalId)),
        listByTicket: (tenantId, ticketId, known) => stores.approvals.listByTicket(tenantId, ticketId, known),
      },
      clock,
      logger,
    });
    r.onEvent({
      type: 'approval',
      tenantId: T,
      approvalId: 'apr_R91',
      ticketId: t.ticketId,
      status: 'executed',
      at: clock.now(),
    });
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: t.ticketId, status: 'resolved', at: clock.now() });
    await r.idle();
    expect(byId).toBe(0);
    // The ticket was created here and never counted, so neither was its request: both facts are
    // stored without reading them first.
    expect(factReads).toBe(0);
    const after = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    expect(after.executed).toBe((before.executed ?? 0) + 1);
    expect(after.pending ?? 0).toBe(before.pending ?? 0);
    expect((await stores.reports.getFact(T, 'a:apr_R91'))?.fact).toMatchObject({ status: 'executed' });
  });

  it("counts a click's final request from its event, reading no request; one still open is read", async () => {
    const t = ticket(92, { status: 'pending_approval', resolvedAt: undefined });
    await stores.tickets.insert(t);
    const at = clock.now();
    const request = {
      tenantId: T,
      approvalId: 'apr_R92',
      ticketId: t.ticketId,
      customerId: 'cus_globex',
      orderId: '1092',
      action: 'refund' as const,
      amountMinor: 12_000,
      currency: 'USD',
      reason: 'arrived broken',
      requiredRole: 'approver' as const,
      status: 'pending' as const,
      idempotencyKey: 'approval:apr_R92',
      createdAt: at,
      expiresAt: new Date(at.getTime() + 86_400_000),
      updatedAt: at,
    };
    await stores.approvals.insert(request);
    await stores.tickets.addApproval(T, t.ticketId, 'apr_R92');
    let reads = 0;
    const r = createReportRecorder({
      store: stores.reports,
      tickets: stores.tickets,
      messages: stores.messages,
      approvals: {
        get: (tenantId, approvalId) => (reads++, stores.approvals.get(tenantId, approvalId)),
        listByTicket: (tenantId, ticketId, known) => (
          reads++,
          stores.approvals.listByTicket(tenantId, ticketId, known)
        ),
      },
      clock,
      logger,
    });
    const before = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    // Announced while still pending: it may change any moment, so the recount reads it.
    r.onEvent({
      type: 'approval',
      tenantId: T,
      approvalId: 'apr_R92',
      ticketId: t.ticketId,
      status: 'pending',
      approval: request,
      at,
    });
    await r.idle();
    expect(reads).toBe(1);
    expect((await service().report(T, { since: '7d' })).total.approvals.byOutcome.pending).toBe(
      (before.pending ?? 0) + 1,
    );

    clock.advance(60_000);
    const executed = await stores.approvals.transition(T, 'apr_R92', ['pending'], {
      status: 'executed',
      decidedAt: clock.now(),
      updatedAt: clock.now(),
    });
    await stores.tickets.update(T, t.ticketId, { status: 'resolved', resolvedAt: clock.now() });
    reads = 0;
    // The click's event carries the request as the click left it: final, it is counted from there.
    r.onEvent({
      type: 'approval',
      tenantId: T,
      approvalId: 'apr_R92',
      ticketId: t.ticketId,
      status: 'executed',
      approval: executed!,
      at: clock.now(),
    });
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: t.ticketId, status: 'resolved', at: clock.now() });
    await r.idle();
    expect(reads).toBe(0);
    const after = (await service().report(T, { since: '7d' })).total.approvals.byOutcome;
    expect(after.executed).toBe((before.executed ?? 0) + 1);
    expect(after.pending ?? 0).toBe(before.pending ?? 0);
    // Taken once: a later recount (a change no event told) reads the request again.
    await stores.tickets.update(T, t.ticketId, { subject: 'moved on' });
    r.onEvent({ type: 'ticket', tenantId: T, ticketId: t.ticketId, status: 'resolved', at: clock.now() });
    await r.idle();
    expect(reads).toBe(1);
    expect((await service().report(T, { since: '7d' })).total.approvals.byOutcome).toEqual(after);
  });
});
