import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ApprovalRequestSchema, TicketSchema, type ApprovalRequest } from '../../src/domain/index.js';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const HOUR = 3_600_000;
const clock = fixedClock();
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('approvals');
  await ensureIndexes(t.db, pino({ level: 'silent' }));
  stores = createMongoStores(t.db, { logger: pino({ level: 'silent' }), clock });
});
afterAll(async () => t?.close());

let n = 0;
function approval(patch: Partial<ApprovalRequest> = {}): ApprovalRequest {
  n++;
  const id = `apr_${n}`;
  return ApprovalRequestSchema.parse({
    tenantId: 'TA',
    approvalId: id,
    ticketId: 'TKT-AAAAA2',
    customerId: 'cus_cobalt',
    orderId: '1052',
    action: 'refund',
    amountMinor: 50_000,
    currency: 'USD',
    reason: 'Arrived damaged',
    requiredRole: 'approver',
    status: 'pending',
    idempotencyKey: `refund:${id}`,
    createdAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 24 * HOUR),
    updatedAt: clock.now(),
    ...patch,
  });
}

describe('approval repository', () => {
  it('stores a request and reads it back unchanged', async () => {
    const a = approval();
    await stores.approvals.insert(a);
    expect(await stores.approvals.get('TA', a.approvalId)).toEqual(a);
    await expect(stores.approvals.insert(a)).rejects.toThrow(/duplicate key/i);
  });

  it('transitions only from the expected status', async () => {
    const a = approval();
    await stores.approvals.insert(a);
    const decidedBy = {
      kind: 'staff' as const,
      platform: 'sandbox' as const,
      userId: 'sandbox-dana',
      name: 'Dana',
    };
    const approved = await stores.approvals.transition('TA', a.approvalId, ['pending'], {
      status: 'approved',
      decidedBy,
      decidedAt: clock.now(),
    });
    expect(approved).toMatchObject({ status: 'approved', decidedBy });
    expect(
      await stores.approvals.transition('TA', a.approvalId, ['pending'], { status: 'rejected' }),
    ).toBeNull();
    const executed = await stores.approvals.transition('TA', a.approvalId, ['approved'], {
      status: 'executed',
      execution: { reference: 're_1', at: clock.now() },
    });
    expect(executed?.execution?.reference).toBe('re_1');
    expect((await stores.approvals.get('TA', a.approvalId))?.status).toBe('executed');
  });

  it('lets exactly one of two concurrent decisions win', async () => {
    for (let round = 0; round < 5; round++) {
      const a = approval();
      await stores.approvals.insert(a);
      const results = await Promise.all([
        stores.approvals.transition('TA', a.approvalId, ['pending'], { status: 'approved' }),
        stores.approvals.transition('TA', a.approvalId, ['pending'], {
          status: 'rejected',
          rejectReason: 'no',
        }),
      ]);
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect((await stores.approvals.get('TA', a.approvalId))?.status).toBe(winners[0]?.status);
    }
  });

  it('records the card and the customer notification once', async () => {
    const a = approval();
    await stores.approvals.insert(a);
    await stores.approvals.setCard('TA', a.approvalId, {
      platform: 'slack',
      channelId: 'C9',
      messageId: '1.2',
    });
    await stores.approvals.markCustomerNotified('TA', a.approvalId, clock.now());
    await stores.approvals.markCustomerNotified('TA', a.approvalId, new Date(clock.now().getTime() + HOUR));
    const stored = await stores.approvals.get('TA', a.approvalId);
    expect(stored?.card).toEqual({ platform: 'slack', channelId: 'C9', messageId: '1.2' });
    expect(stored?.customerNotifiedAt).toEqual(clock.now());
  });

  it('still reads, decides and annotates a request stored before requests had keyed ids', async () => {
    const a = approval();
    await t.db.collection('approvals').insertOne({ ...a });
    // A process started after the upgrade finds them (whether any exist is asked once per process).
    stores = createMongoStores(t.db, { logger: pino({ level: 'silent' }), clock });
    expect(await stores.approvals.get('TA', a.approvalId)).toEqual(a);
    expect(await stores.approvals.get('TB', a.approvalId)).toBeNull();
    await stores.approvals.setCard('TA', a.approvalId, {
      platform: 'slack',
      channelId: 'C9',
      messageId: '3.4',
    });
    await stores.approvals.markCustomerNotified('TA', a.approvalId, clock.now());
    const decided = await stores.approvals.transition('TA', a.approvalId, ['pending'], {
      status: 'approved',
      decidedBy: { kind: 'staff', platform: 'slack', userId: 'U-approver' },
    });
    expect(decided?.status).toBe('approved');
    const stored = await stores.approvals.get('TA', a.approvalId);
    expect(stored?.card?.messageId).toBe('3.4');
    expect(stored?.customerNotifiedAt).toEqual(clock.now());
  });

  it('finds what the sweeps must recover: expired, never posted, approved but not executed', async () => {
    const tenant = 'TSWEEP';
    const at = clock.now().getTime();
    const expired = approval({
      tenantId: tenant,
      expiresAt: new Date(at - HOUR),
      card: { platform: 'slack', channelId: 'C', messageId: 'm' },
    });
    const unposted = approval({ tenantId: tenant, createdAt: new Date(at - 2 * HOUR) });
    const stuck = approval({
      tenantId: tenant,
      status: 'approved',
      updatedAt: new Date(at - 2 * HOUR),
      card: { platform: 'slack', channelId: 'C', messageId: 'm2' },
    });
    const fresh = approval({
      tenantId: tenant,
      card: { platform: 'slack', channelId: 'C', messageId: 'm3' },
    });
    for (const a of [expired, unposted, stuck, fresh]) await stores.approvals.insert(a);
    const ids = (list: ApprovalRequest[]) =>
      list.filter((a) => a.tenantId === tenant).map((a) => a.approvalId);
    expect(ids(await stores.approvals.listExpired(clock.now()))).toEqual([expired.approvalId]);
    expect(ids(await stores.approvals.listUnposted(new Date(at - HOUR)))).toEqual([unposted.approvalId]);
    expect(ids(await stores.approvals.listApprovedUnexecuted(new Date(at - HOUR)))).toEqual([
      stuck.approvalId,
    ]);
    expect(ids(await stores.approvals.listPending(tenant)).sort()).toEqual(
      [expired.approvalId, unposted.approvalId, fresh.approvalId].sort(),
    );
  });
});

describe('open requests by order and by customer', () => {
  it("lists a ticket's requests from the ticket's list, and those of a ticket stored before the list by its id", async () => {
    const ticket = TicketSchema.parse({
      tenantId: 'TA',
      ticketId: 'TKT-LIST02',
      requester: { platform: 'slack', userId: 'U1' },
      thread: { platform: 'slack', channelId: 'C1', threadId: '1.2' },
      status: 'open',
      createdAt: clock.now(),
      updatedAt: clock.now(),
      lastMessageAt: clock.now(),
    });
    await stores.tickets.insert(ticket);
    const stored = await stores.tickets.get('TA', ticket.ticketId);
    // Listed none: nothing to read, with the ticket held or without.
    expect(await stores.approvals.listByTicket('TA', ticket.ticketId, stored!)).toEqual([]);
    const first = approval({ ticketId: ticket.ticketId });
    const second = approval({ ticketId: ticket.ticketId, createdAt: new Date(clock.now().getTime() + 1) });
    for (const a of [second, first]) {
      await stores.approvals.insert(a);
      await stores.tickets.addApproval('TA', ticket.ticketId, a.approvalId);
    }
    // Twice (a rerun): listed once.
    const listed = await stores.tickets.addApproval('TA', ticket.ticketId, first.approvalId);
    expect(listed?.approvals?.ids).toEqual([second.approvalId, first.approvalId]);
    const ids = (list: ApprovalRequest[]) => list.map((a) => a.approvalId);
    expect(ids(await stores.approvals.listByTicket('TA', ticket.ticketId))).toEqual([
      first.approvalId,
      second.approvalId,
    ]);
    expect(ids(await stores.approvals.listByTicket('TA', ticket.ticketId, listed!))).toEqual([
      first.approvalId,
      second.approvalId,
    ]);
    // Another organization's ticket of the same id lists nothing of these.
    expect(await stores.approvals.listByTicket('TB', ticket.ticketId)).toEqual([]);

    // A ticket stored before tickets listed their requests: found by the ticket's id, as before.
    const old = approval({ ticketId: 'TKT-OLD002' });
    await stores.approvals.insert(old);
    await t.db.collection('tickets').insertOne({
      _id: 'TA:TKT-OLD002' as never,
      ...ticket,
      ticketId: 'TKT-OLD002',
      thread: { ...ticket.thread, threadId: '9.9' },
    });
    expect(ids(await stores.approvals.listByTicket('TA', 'TKT-OLD002'))).toEqual([old.approvalId]);
    // A write that adds one to it does not hide the others: the list is not whole.
    const late = approval({ ticketId: 'TKT-OLD002' });
    await stores.approvals.insert(late);
    const after = await stores.tickets.addApproval('TA', 'TKT-OLD002', late.approvalId);
    expect(ids(await stores.approvals.listByTicket('TA', 'TKT-OLD002', after!)).sort()).toEqual(
      [old.approvalId, late.approvalId].sort(),
    );
  });

  it('lists only pending and approved requests of that tenant, order or customer window', async () => {
    const order = `ord_${n + 1}`;
    const open = approval({ orderId: order, customerId: 'cus_open' });
    const approved = approval({ orderId: order, customerId: 'cus_open', status: 'approved' });
    const closed = [
      approval({ orderId: order, customerId: 'cus_open', status: 'rejected' }),
      approval({ orderId: order, customerId: 'cus_open', status: 'executed' }),
    ];
    const otherTenant = approval({ tenantId: 'TB', orderId: order, customerId: 'cus_open' });
    const old = approval({
      orderId: 'ord_old',
      customerId: 'cus_open',
      createdAt: new Date(clock.now().getTime() - 25 * HOUR),
    });
    for (const a of [open, approved, ...closed, otherTenant, old]) await stores.approvals.insert(a);

    const byOrder = await stores.approvals.listOpenByOrder('TA', order);
    expect(byOrder.map((a) => a.approvalId).sort()).toEqual([open.approvalId, approved.approvalId].sort());
    const since = new Date(clock.now().getTime() - 24 * HOUR);
    const byCustomer = await stores.approvals.listOpenByCustomer('TA', 'cus_open', since);
    expect(byCustomer.map((a) => a.approvalId).sort()).toEqual([open.approvalId, approved.approvalId].sort());
    expect(await stores.approvals.listOpenByCustomer('TB', 'cus_open', since)).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('keeps every step in order, per ticket and per approval', async () => {
    const base = { tenantId: 'TA', actor: { kind: 'staff' as const, userId: 'sandbox-dana' } };
    await stores.audit.record({
      ...base,
      auditId: 'au1',
      ticketId: 'TKT-AUDIT2',
      approvalId: 'apr_x',
      action: 'approval.created',
      at: clock.now(),
    });
    await stores.audit.record({
      ...base,
      auditId: 'au2',
      ticketId: 'TKT-AUDIT2',
      approvalId: 'apr_x',
      action: 'approval.approved',
      before: { status: 'pending' },
      after: { status: 'approved' },
      at: new Date(clock.now().getTime() + 1000),
    });
    await stores.audit.record({
      ...base,
      auditId: 'au3',
      ticketId: 'TKT-AUDIT2',
      action: 'ticket.taken_over',
      at: new Date(clock.now().getTime() + 2000),
    });
    expect((await stores.audit.listForTicket('TA', 'TKT-AUDIT2')).map((e) => e.action)).toEqual([
      'approval.created',
      'approval.approved',
      'ticket.taken_over',
    ]);
    const forApproval = await stores.audit.listForApproval('TA', 'apr_x');
    expect(forApproval.map((e) => e.auditId)).toEqual(['au1', 'au2']);
    expect(forApproval[1]?.after).toEqual({ status: 'approved' });
  });

  it("writes an approval's creation, decision and outcome once: a second insert counts as written", async () => {
    const base = {
      tenantId: 'TA',
      ticketId: 'TKT-AUDIT3',
      approvalId: 'apr_once',
      actor: { kind: 'system' as const },
      at: clock.now(),
    };
    await stores.audit.record({ ...base, auditId: 'a1', action: 'approval.created' });
    await stores.audit.record({ ...base, auditId: 'a2', action: 'approval.created' });
    await stores.audit.recordMany!([
      { ...base, auditId: 'a3', action: 'approval.approved' },
      { ...base, auditId: 'a4', action: 'approval.executed' },
    ]);
    // The second writer's batch: its decision and outcome are refused by their keys, the rest go in.
    await stores.audit.recordMany!([
      { ...base, auditId: 'b1', action: 'approval.approved' },
      { ...base, auditId: 'b2', action: 'approval.executed' },
      { ...base, auditId: 'b3', action: 'customer.notified' },
      { ...base, auditId: 'b4', action: 'approval.created' },
      { ...base, auditId: 'b5', action: 'ticket.status_changed' },
    ]);
    const trail = await stores.audit.listForApproval('TA', 'apr_once');
    // In the order written, though every event has the same `at`.
    expect(trail.map((e) => [e.action, e.auditId])).toEqual([
      ['approval.created', 'a1'],
      ['approval.approved', 'a3'],
      ['approval.executed', 'a4'],
      ['customer.notified', 'b3'],
      ['ticket.status_changed', 'b5'],
    ]);
    // Another approval's events, and another organization's, are keys of their own.
    await stores.audit.record({
      ...base,
      approvalId: 'apr_once2',
      auditId: 'c1',
      action: 'approval.created',
    });
    await stores.audit.record({ ...base, tenantId: 'TB', auditId: 'c2', action: 'approval.created' });
    expect(await stores.audit.listForApproval('TA', 'apr_once2')).toHaveLength(1);
    expect(await stores.audit.listForApproval('TB', 'apr_once')).toHaveLength(1);
  });

  it('links one posted card once, and a second card as a fact of its own', async () => {
    const base = { tenantId: 'TA', ticketId: 'TKT-AUDIT4', approvalId: 'apr_card', at: clock.now() };
    const card = (messageId: string) => ({ card: { platform: 'slack', channelId: 'C1', messageId } });
    await stores.audit.record({
      ...base,
      auditId: 'p1',
      actor: { kind: 'system' },
      action: 'approval.card_posted',
      after: card('111.1'),
    });
    // The outbox sweep linking the same card late.
    await stores.audit.record({
      ...base,
      auditId: 'p2',
      actor: { kind: 'system' },
      action: 'approval.card_posted',
      after: { ...card('111.1'), late: true },
    });
    await stores.audit.record({
      ...base,
      auditId: 'p3',
      actor: { kind: 'system' },
      action: 'approval.card_posted',
      after: card('222.2'),
    });
    expect((await stores.audit.listForApproval('TA', 'apr_card')).map((e) => e.auditId)).toEqual([
      'p1',
      'p3',
    ]);
  });

  it('reads events stored before keys (driver ids) beside keyed ones', async () => {
    await t.db.collection('audit_events').insertMany([
      {
        tenantId: 'TA',
        auditId: 'old1',
        ticketId: 'TKT-AUDIT5',
        approvalId: 'apr_old',
        actor: { kind: 'system' },
        action: 'approval.created',
        at: clock.now(),
      },
      {
        tenantId: 'TA',
        auditId: 'old2',
        ticketId: 'TKT-AUDIT5',
        approvalId: 'apr_old',
        actor: { kind: 'staff', userId: 'sandbox-dana' },
        action: 'approval.approved',
        at: new Date(clock.now().getTime() + 1000),
      },
    ]);
    await stores.audit.record({
      tenantId: 'TA',
      auditId: 'new1',
      ticketId: 'TKT-AUDIT5',
      approvalId: 'apr_old',
      actor: { kind: 'system' },
      action: 'approval.executed',
      at: new Date(clock.now().getTime() + 2000),
    });
    expect((await stores.audit.listForTicket('TA', 'TKT-AUDIT5')).map((e) => e.auditId)).toEqual([
      'old1',
      'old2',
      'new1',
    ]);
    expect((await stores.audit.listForApproval('TA', 'apr_old')).map((e) => e.action)).toEqual([
      'approval.created',
      'approval.approved',
      'approval.executed',
    ]);
  });

  it("lists the events stored on a request (its insert's, its card's) with the trail's, in order, each once", async () => {
    const ticketId = 'TKT-TRAIL1';
    const a = approval({ ticketId });
    const at = (s: number) => new Date(clock.now().getTime() + s * 1000);
    const event = (auditId: string, action: string, s: number, extra: object = {}) => ({
      tenantId: 'TA',
      auditId,
      ticketId,
      actor: { kind: 'system' as const },
      action,
      at: at(s),
      ...extra,
    });
    const ref = { platform: 'slack' as const, channelId: 'C1', messageId: '333.3' };
    await stores.approvals.insert(a, [
      event('c1', 'action.evaluated', 0),
      event('c2', 'approval.created', 0, { approvalId: a.approvalId }),
    ]);
    await stores.approvals.setCard('TA', a.approvalId, ref, [
      event('c3', 'ticket.status_changed', 1),
      event('c4', 'approval.card_posted', 1, { approvalId: a.approvalId, after: { card: ref } }),
    ]);
    // The outbox sweep linking the same card late (keyed by the card: once), and a click's event.
    await stores.audit.record(
      event('s1', 'approval.card_posted', 2, { approvalId: a.approvalId, after: { card: ref, late: true } }),
    );
    await stores.audit.record(event('s2', 'approval.approved', 3, { approvalId: a.approvalId }));
    // Hidden from the request itself.
    expect(await stores.approvals.get('TA', a.approvalId)).toEqual({ ...a, card: ref });
    expect((await stores.audit.listForApproval('TA', a.approvalId)).map((e) => e.auditId)).toEqual([
      'c2',
      'c4',
      's2',
    ]);
    // The ticket lists its request: read by key.
    await t.db.collection('tickets').insertOne({
      _id: `TA:${ticketId}` as never,
      tenantId: 'TA',
      ticketId,
      approvals: { ids: [a.approvalId], whole: true },
    });
    const listed = async () => (await stores.audit.listForTicket('TA', ticketId)).map((e) => e.auditId);
    expect(await listed()).toEqual(['c1', 'c2', 'c3', 'c4', 's2']);
    // A ticket stored before it kept the list: its requests found by its id.
    await t.db
      .collection('tickets')
      .updateOne({ _id: `TA:${ticketId}` as never }, { $unset: { approvals: '' } });
    expect(await listed()).toEqual(['c1', 'c2', 'c3', 'c4', 's2']);
  });
});
