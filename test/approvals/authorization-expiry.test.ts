import { afterEach, describe, expect, it } from 'vitest';
import type { StaffActor } from '../../src/conversation/ports.js';
import { DEMO } from '../../src/memory/demo-data.js';
import {
  createHarness,
  customerOf,
  openTicket,
  refundsOn,
  requestedBy,
  staff,
  type Harness,
} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

async function pending(harness: Harness, who: 'bluebird' | 'acme', orderId: string) {
  const ticket = await openTicket(harness.env, who, `refund ${orderId}`);
  const outcome = await harness.approvals.propose({
    ticket,
    customer: await customerOf(harness.env, who),
    action: { type: 'refund', orderId, reason: 'broken' },
    requestedBy: requestedBy(who),
  });
  if (outcome.kind !== 'pending') throw new Error(`expected pending, got ${outcome.kind}`);
  return { ticket, request: outcome.approval };
}

describe('authorization', () => {
  it('refuses a guest, the customer, a non-approver and an approver on a supervisor request; nothing changes', async () => {
    h = await createHarness();
    const small = await pending(h, 'bluebird', '1043');
    const big = await pending(h, 'acme', '1044');
    const customer: StaffActor = {
      platform: 'sandbox',
      tenantId: DEMO.tenantId,
      userId: DEMO.customers.bluebird.userId,
      name: 'Maya Ortiz',
      isExternal: false,
    };
    const cases: Array<[StaffActor, string, string]> = [
      [
        staff.guest,
        small.request.approvalId,
        "You can't approve this request: people outside Northwind Supply Co. can't decide approvals.",
      ],
      [
        customer,
        small.request.approvalId,
        "You can't approve this request: it was requested on your own behalf.",
      ],
      [
        staff.riley,
        small.request.approvalId,
        "You can't approve this request: you're not on Northwind Supply Co.'s approver list.",
      ],
      [staff.dana, big.request.approvalId, "You can't approve this request: it needs a supervisor."],
    ];
    for (const [actor, approvalId, message] of cases) {
      const answer = await h.approvals.decide({
        tenantId: h.env.tenantId,
        approvalId,
        decision: 'approve',
        actor,
      });
      expect(answer).toMatchObject({ ok: false, message });
    }
    for (const { request } of [small, big]) {
      const stored = await h.env.stores.approvals.get(h.env.tenantId, request.approvalId);
      expect(stored?.status).toBe('pending');
      expect(stored?.decidedBy).toBeUndefined();
    }
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    expect(await refundsOn(h.env, '1044')).toHaveLength(0);
    expect(h.notifier.customer).toHaveLength(0);
    const refusals = [
      ...(await h.env.stores.audit.listForApproval(h.env.tenantId, small.request.approvalId)),
      ...(await h.env.stores.audit.listForApproval(h.env.tenantId, big.request.approvalId)),
    ].filter((e) => e.action === 'approval.refused');
    expect(refusals.map((e) => e.actor.userId).sort()).toEqual([
      'maya-bluebirdcafe-example',
      'sandbox-dana',
      'sandbox-guest',
      'sandbox-riley',
    ]);
    // Refused rejections are refused the same way.
    const reject = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: small.request.approvalId,
      decision: 'reject',
      actor: staff.riley,
    });
    expect(reject.message).toBe(
      "You can't reject this request: you're not on Northwind Supply Co.'s approver list.",
    );
  });
});

describe('expiry and the sweep', () => {
  it('a request past its deadline expires on the next sweep: customer told, ticket escalated, card final', async () => {
    h = await createHarness();
    const { ticket, request } = await pending(h, 'bluebird', '1043');
    h.env.clock.advance(23 * 3_600_000);
    expect((await h.approvals.sweep()).expired).toBe(0);
    h.env.clock.advance(3_600_000 + 1);
    expect(await h.approvals.sweep()).toEqual({ expired: 1, posted: 0, executed: 0, finished: 0 });
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('expired');
    expect(h.notifier.customer.map((c) => [c.ticketId, c.key])).toEqual([
      [ticket.ticketId, 'action_expired'],
    ]);
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('escalated');
    const card = h.notifier.cards.get('card-1');
    expect(card?.actions).toEqual([]);
    expect(card?.statusLine).toBe('Expired at Nov 21, 10:00 UTC without a decision; escalated to staff');
    const late = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(late).toMatchObject({
      ok: false,
      message: 'This request expired at Nov 21, 10:00 UTC without a decision.',
    });
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
    expect((await h.approvals.sweep()).expired).toBe(0);
  });

  it('a click after the deadline but before the sweep expires the request instead of executing it', async () => {
    h = await createHarness();
    const { request } = await pending(h, 'bluebird', '1043');
    h.env.clock.advance(25 * 3_600_000);
    const late = await h.approvals.decide({
      tenantId: h.env.tenantId,
      approvalId: request.approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    expect(late.ok).toBe(false);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.status).toBe('expired');
    expect(await refundsOn(h.env, '1043')).toHaveLength(0);
  });

  it('a card that could not be posted is posted by the sweep', async () => {
    h = await createHarness();
    h.notifier.noStaffChannel = true;
    const { request } = await pending(h, 'bluebird', '1043');
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.card).toBeUndefined();
    h.notifier.noStaffChannel = false;
    h.env.clock.advance(60_000);
    expect((await h.approvals.sweep()).posted).toBe(1);
    expect((await h.env.stores.approvals.get(h.env.tenantId, request.approvalId))?.card?.messageId).toBe(
      'card-1',
    );
    expect(h.notifier.cards.get('card-1')?.actions.map((a) => a.label)).toEqual(['Approve', 'Reject']);
    expect((await h.approvals.sweep()).posted).toBe(0);
  });
});
