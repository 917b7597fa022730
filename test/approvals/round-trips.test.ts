import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { createApprovalService } from '../../src/approvals/approval-service.js';
import type { ApprovalService } from '../../src/approvals/api.js';
import { createDemoOrderSystem } from '../../src/commerce/demo-order-system.js';
import { createMongoStores } from '../../src/memory/mongo-stores.js';
import {
  createHarness,
  customerOf,
  openTicket,
  refundsOn,
  requestedBy,
  staff,
  type Harness,
} from './harness.js';

/**
 * The database commands of one refund request and one Approve click, counted by the driver's
 * command monitor (as `npm run bench` counts them). The notifier here is the test's recording one,
 * so only the approval path's own commands are counted (the bench adds delivery and reports).
 */

interface Command {
  name: string;
  collection: string;
  filter: Record<string, unknown>;
  documents: number;
}

let h: Harness;
let client: MongoClient;
const proposal: Command[] = [];
const click: Command[] = [];
let requested: Awaited<ReturnType<ApprovalService['propose']>>;
let into: Command[] | null = null;
let answer: { ok: boolean; message: string } | undefined;

function record(e: CommandStartedEvent) {
  if (!into) return;
  const c = e.command as Record<string, unknown>;
  const collection = String(c[e.commandName] ?? '');
  const updates = (c.updates as Array<{ q: Record<string, unknown> }> | undefined) ?? [];
  const filter = (c.filter ?? c.query ?? updates[0]?.q ?? {}) as Record<string, unknown>;
  const documents = Array.isArray(c.documents) ? c.documents.length : 0;
  into.push({ name: e.commandName, collection, filter, documents });
}

const count = (list: Command[], name: string, collection: string) =>
  list.filter((c) => c.name === name && c.collection === collection).length;

beforeAll(async () => {
  h = await createHarness();
  client = new MongoClient(inject('mongoUri'), { ignoreUndefined: true, monitorCommands: true });
  client.on('commandStarted', record);
  await client.connect();
  const { clock, ids, logger } = h.env;
  const stores = createMongoStores(client.db(h.env.db.databaseName), { logger, clock });
  const orders = createDemoOrderSystem({ orders: stores.orders, clock, ids });
  const approvals = createApprovalService({ ...stores, notifier: h.notifier, clock, ids, logger, orders });

  const ticket = await openTicket(h.env, 'cobalt', 'refund 1052 please, it arrived broken');
  const customer = await customerOf(h.env, 'cobalt');
  // A warm-up request of the same customer: first-use reads (the ledger's start) are not counted.
  const warm = await openTicket(h.env, 'cobalt', 'refund 1051 please, it arrived broken');
  const first = await approvals.propose({
    ticket: warm,
    customer,
    action: { type: 'refund', orderId: '1051', reason: 'broken' },
    requestedBy: requestedBy('cobalt'),
  });
  if (first.kind !== 'pending') throw new Error(`expected a pending warm-up, got ${first.kind}`);

  into = proposal;
  // With the amount, as the agent's check hands every refund on ($500: all of order 1052).
  const out = await approvals.propose({
    ticket,
    customer,
    action: { type: 'refund', orderId: '1052', amountMinor: 50_000, reason: 'broken' },
    requestedBy: requestedBy('cobalt'),
  });
  into = null;
  if (out.kind !== 'pending') throw new Error(`expected pending, got ${out.kind}`);
  requested = out;

  into = click;
  answer = await approvals.decide({
    tenantId: h.env.tenantId,
    approvalId: out.approval.approvalId,
    decision: 'approve',
    actor: staff.sam,
  });
  into = null;
});

afterAll(async () => {
  await client?.close();
  await h?.env.close();
});

describe('round trips of an Approve click', () => {
  it('approves and refunds (the counts below are of a click that did its job)', async () => {
    expect(answer).toMatchObject({ ok: true });
    expect(await refundsOn(h.env, '1052')).toHaveLength(1);
  });

  it('reads the approval once and hands it to every effect', () => {
    expect(count(click, 'find', 'approvals')).toBe(1);
  });

  it('writes its audit events in one insert, at the end', () => {
    const inserts = click.filter((c) => c.name === 'insert' && c.collection === 'audit_events');
    expect(inserts.map((c) => c.documents)).toEqual([4]);
    // The effects run on the request this click just moved: no read of the trail first.
    expect(count(click, 'find', 'audit_events')).toBe(0);
  });

  it("checks the daily limit in the customer's keyed ledger, not by scanning approvals", () => {
    const ledger = click.filter((c) => c.collection === 'refund_ledgers');
    // The read and the take in one write (the count follows it); the grant stays as the record
    // of the refund once it is on the order (counted once: its key is left out of the orders' count).
    expect(ledger.map((c) => c.name)).toEqual(['findAndModify']);
    expect(ledger.every((c) => typeof c.filter._id === 'string')).toBe(true);
    expect(click.filter((c) => c.collection === 'approvals' && 'customerId' in c.filter)).toEqual([]);
  });

  it('reads no transcript: the customer-asked check and the card take it from the ticket it read', () => {
    expect(count(click, 'find', 'messages')).toBe(0);
  });

  it('reads the ticket once: authorization, the card, the notice and the resolution share it', () => {
    expect(count(click, 'find', 'tickets')).toBe(1);
  });

  it("reads the customer's orders once: the daily count and the order it refunds", () => {
    expect(count(click, 'find', 'orders')).toBe(1);
    expect(count(click, 'findAndModify', 'orders')).toBe(1); // the refund, conditional on the order
  });

  it('writes the request twice, by primary key: approved before the money moves, executed with its effects after', () => {
    const writes = click.filter((c) => c.collection === 'approvals' && c.name !== 'find');
    // `approved` (the decision, conditional on `pending`), then the outcome with the effects done
    // and customerNotifiedAt in one conditional write (the notice's id keeps a run resumed before
    // it from telling the customer twice: notice-once.test.ts).
    expect(writes.map((c) => c.name)).toEqual(['findAndModify', 'findAndModify']);
    expect(writes.map((c) => c.filter.status)).toEqual([{ $in: ['pending'] }, { $in: ['approved'] }]);
    expect(writes.every((c) => typeof c.filter._id === 'string')).toBe(true);
  });
});

describe('round trips of a refund request', () => {
  it("reads open requests and the daily count from the customer's ledger, not by scanning approvals", () => {
    expect(proposal.filter((c) => c.collection === 'approvals' && c.name === 'find')).toEqual([]);
    // A request at or above the automatic limit takes its hold with the write that reads the
    // ledger (issue 13: was a read, then a conditional write).
    const ledger = proposal.filter((c) => c.collection === 'refund_ledgers');
    expect(ledger.map((c) => c.name)).toEqual(['findAndModify']);
    expect(ledger.every((c) => typeof c.filter._id === 'string')).toBe(true);
  });

  it('reads no transcript: the customer-asked check and the card take it from the ticket in hand', () => {
    expect(count(proposal, 'find', 'messages')).toBe(0);
  });

  it('reads no ticket: the one in hand decides a request for staff (only an automatic refund reads it again)', () => {
    expect(count(proposal, 'find', 'tickets')).toBe(0);
  });

  it("reads the customer's orders once, after the ledger: the day's refunds and the order asked about", () => {
    expect(count(proposal, 'find', 'orders')).toBe(1);
    const ledger = proposal.findIndex((c) => c.collection === 'refund_ledgers');
    const orders = proposal.findIndex((c) => c.collection === 'orders');
    expect(ledger).toBeLessThan(orders);
  });

  it("stores its audit events on the request, by its insert and its card's reference: no audit insert", async () => {
    // Issue 13: evaluated and created ride in the request's insert; the ticket's move to
    // pending_approval and the card's posting in the write that stores the card's reference.
    expect(count(proposal, 'insert', 'audit_events')).toBe(0);
    const approvalWrites = proposal.filter((c) => c.collection === 'approvals').map((c) => c.name);
    expect(approvalWrites).toEqual(['insert', 'update']);
    if (requested.kind !== 'pending') throw new Error('expected a pending request');
    const trail = await h.env.stores.audit.listForApproval(h.env.tenantId, requested.approval.approvalId);
    // (Approved and executed since, by the click.)
    expect(trail.map((e) => e.action).slice(0, 2)).toEqual(['approval.created', 'approval.card_posted']);
    const ticketTrail = await h.env.stores.audit.listForTicket(h.env.tenantId, requested.approval.ticketId);
    expect(ticketTrail.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'action.evaluated',
        'approval.created',
        'ticket.status_changed',
        'approval.card_posted',
      ]),
    );
  });
});
