import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalRequestSchema, TicketSchema } from '../../src/domain/index.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

// Two tenants seeded into one database with identical ids: every read for one must miss the other.
let env: SeededEnv;
const A = 'TA_ISOLATION';
const B = 'TB_ISOLATION';

beforeAll(async () => {
  env = await createSeededEnv({ tenantId: A });
  const { seedDemo } = await import('../../src/memory/seed.js');
  await seedDemo({ stores: env.stores, tenantId: B, clock: env.clock });
  // Make B's copies distinguishable.
  const b = await env.stores.customers.get(B, 'cus_acme');
  if (!b) throw new Error('seed for B missing');
  await env.stores.customers.upsert({ ...b, name: 'Acme Robotics (tenant B)' });
});
afterAll(async () => env?.close());

describe('tenant isolation', () => {
  it('customers: lookups by id, email, org, domain and the list stay inside the tenant', async () => {
    const s = env.stores.customers;
    expect((await s.get(A, 'cus_acme'))?.name).toBe('Acme Robotics');
    expect((await s.get(B, 'cus_acme'))?.name).toBe('Acme Robotics (tenant B)');
    expect((await s.findByEmail(A, 'jordan@acme-robotics.example'))?.tenantId).toBe(A);
    expect((await s.findByOrg(B, 'sandbox', 'org-acme'))?.tenantId).toBe(B);
    expect((await s.findByDomain(A, 'acme-robotics.example'))?.tenantId).toBe(A);
    expect((await s.list(A)).every((c) => c.tenantId === A)).toBe(true);
    expect(await s.get('T_NOBODY', 'cus_acme')).toBeNull();
  });

  it('orders: the same order id in two tenants are two orders, and a refund touches one', async () => {
    await env.orderSystem.refund(B, { orderId: '1043', amountMinor: 1000, idempotencyKey: 'iso-1' });
    expect((await env.orderSystem.getOrder(B, '1043'))?.refunds).toHaveLength(1);
    expect((await env.orderSystem.getOrder(A, '1043'))?.refunds).toHaveLength(0);
    expect((await env.orderSystem.listOrders(A, 'cus_bluebird')).every((o) => o.tenantId === A)).toBe(true);
    expect(await env.orderSystem.countRefundsSince(A, 'cus_bluebird', new Date(0))).toBe(0);
    expect(await env.orderSystem.getOrder('T_NOBODY', '1043')).toBeNull();
  });

  it('tickets: get, thread lookup, lists and counts never cross tenants', async () => {
    const base = {
      ticketId: 'TKT-SAME22',
      requester: { platform: 'slack', userId: 'U1' },
      thread: { platform: 'slack', channelId: 'C1', threadId: '1.1' },
      status: 'open',
      customerId: 'cus_acme',
      createdAt: env.clock.now(),
      updatedAt: env.clock.now(),
      lastMessageAt: env.clock.now(),
    };
    await env.stores.tickets.insert(TicketSchema.parse({ ...base, tenantId: A, subject: 'A' }));
    await env.stores.tickets.insert(TicketSchema.parse({ ...base, tenantId: B, subject: 'B' }));
    expect((await env.stores.tickets.get(A, 'TKT-SAME22'))?.subject).toBe('A');
    expect((await env.stores.tickets.findByThread(B, 'slack', 'C1', '1.1'))?.subject).toBe('B');
    expect((await env.stores.tickets.listOpenForCustomer(A, 'cus_acme')).map((t) => t.subject)).toEqual([
      'A',
    ]);
    expect((await env.stores.tickets.listOpenForRequester(B, 'slack', 'U1')).map((t) => t.subject)).toEqual([
      'B',
    ]);
    expect((await env.stores.tickets.countByStatus(A)).open).toBe(1);
    // A conditional update for A must not move B's ticket.
    await env.stores.tickets.update(A, 'TKT-SAME22', { status: 'resolved' }, { from: ['open'] });
    expect((await env.stores.tickets.get(B, 'TKT-SAME22'))?.status).toBe('open');
  });

  it('approvals: get, transition and lists never cross tenants', async () => {
    const base = {
      approvalId: 'apr_same',
      ticketId: 'TKT-SAME22',
      customerId: 'cus_acme',
      orderId: '1044',
      action: 'refund',
      amountMinor: 75_000,
      currency: 'USD',
      reason: 'r',
      requiredRole: 'supervisor',
      status: 'pending',
      idempotencyKey: 'k',
      createdAt: env.clock.now(),
      expiresAt: new Date(env.clock.now().getTime() + 1000),
      updatedAt: env.clock.now(),
    };
    await env.stores.approvals.insert(ApprovalRequestSchema.parse({ ...base, tenantId: A }));
    await env.stores.approvals.insert(ApprovalRequestSchema.parse({ ...base, tenantId: B }));
    // On both tickets' lists, as the write that moves a ticket to pending_approval lists them.
    await env.stores.tickets.addApproval(A, 'TKT-SAME22', 'apr_same');
    await env.stores.tickets.addApproval(B, 'TKT-SAME22', 'apr_same');
    expect(
      await env.stores.approvals.transition(A, 'apr_same', ['pending'], { status: 'approved' }),
    ).not.toBeNull();
    expect((await env.stores.approvals.get(B, 'apr_same'))?.status).toBe('pending');
    expect((await env.stores.approvals.listPending(A)).map((a) => a.tenantId)).toEqual([]);
    expect((await env.stores.approvals.listPending(B)).map((a) => a.tenantId)).toEqual([B]);
    expect((await env.stores.approvals.listByTicket(A, 'TKT-SAME22')).map((a) => a.status)).toEqual([
      'approved',
    ]);
  });
});
