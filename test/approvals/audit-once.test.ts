import { afterEach, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../src/approvals/ports.js';
import type { AuditEvent } from '../../src/domain/index.js';
import {
  createHarness,
  openTicket,
  proposePendingRefund,
  refundsOn,
  staff,
  type Harness,
} from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

/**
 * The audit log as a stalled click sees it: its one audit insert (at the end of the click, after
 * the refund and the effects) waits at a gate until the test opens it. Reads pass through.
 */
function heldAtInsert(inner: AuditLog) {
  let arrive!: () => void;
  let open!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const gate = new Promise<void>((resolve) => (open = resolve));
  const log = Object.create(inner) as AuditLog;
  log.recordMany = async (events: AuditEvent[]) => {
    arrive();
    await gate;
    await inner.recordMany!(events);
  };
  return { log, arrived, open };
}

describe('the audit trail holds each decision of a money request once', () => {
  it('a click stalled before its audit insert while the sweep writes the decision: one approved, one executed', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'refund 1043 please, it arrived broken');
    const approvalId = await proposePendingRefund(h, ticket);

    const held = heldAtInsert(h.env.stores.audit);
    const stalled = h.serviceWith({ audit: held.log });
    const click = stalled.decide({
      tenantId: h.env.tenantId,
      approvalId,
      decision: 'approve',
      actor: staff.dana,
    });
    await held.arrived;
    // The click has refunded and run its effects; its trail is not written yet, nor its outcome
    // (stored after the trail). Past the grace, the sweep runs the request again under its key
    // (the order answers with the same refund), finishes the effects and writes what the trail lacks.
    h.env.clock.advance(60_000);
    expect((await h.approvals.sweep()).executed).toBe(1);
    const bySweep = await h.env.stores.audit.listForApproval(h.env.tenantId, approvalId);
    expect(bySweep.filter((e) => e.action === 'approval.approved')).toHaveLength(1);

    held.open();
    const answer = await click;
    expect(answer.ok).toBe(true);
    expect(answer.message).toMatch(/^Approved: refund/);

    expect(await refundsOn(h.env, '1043')).toHaveLength(1);
    const trail = await h.env.stores.audit.listForApproval(h.env.tenantId, approvalId);
    const count = (action: string) => trail.filter((e) => e.action === action).length;
    expect(count('approval.created')).toBe(1);
    expect(count('approval.approved')).toBe(1);
    expect(count('approval.executed')).toBe(1);
    // The click's other events still went in beside the refused duplicates.
    expect(count('customer.notified')).toBe(1);
    expect(trail.find((e) => e.action === 'approval.approved')?.actor).toMatchObject({
      kind: 'staff',
      userId: 'sandbox-dana',
    });
    const stored = await h.env.stores.approvals.get(h.env.tenantId, approvalId);
    expect(stored?.status).toBe('executed');
    expect(stored?.effectsPending).toBeUndefined();
    // Nothing is left for the next sweep to write again.
    const next = await h.approvals.sweep();
    expect([next.executed, next.finished]).toEqual([0, 0]);
    expect(
      (await h.env.stores.audit.listForApproval(h.env.tenantId, approvalId)).filter(
        (e) => e.action === 'approval.approved' || e.action === 'approval.executed',
      ),
    ).toHaveLength(2);
  });

  it('a decision written before keys (a driver id) is still seen: the sweep does not write it again', async () => {
    h = await createHarness();
    const ticket = await openTicket(h.env, 'bluebird', 'refund 1043 please, it arrived broken');
    const approvalId = await proposePendingRefund(h, ticket);
    const dana = { kind: 'staff' as const, platform: 'sandbox' as const, userId: 'sandbox-dana' };
    // An older process decided and wrote its event with a random id, then died before the refund.
    await h.env.stores.approvals.transition(h.env.tenantId, approvalId, ['pending'], {
      status: 'approved',
      decidedBy: dana,
      decidedAt: h.env.clock.now(),
      updatedAt: h.env.clock.now(),
    });
    await h.env.db.collection('audit_events').insertOne({
      tenantId: h.env.tenantId,
      auditId: 'aud_before_keys',
      ticketId: ticket.ticketId,
      approvalId,
      actor: dana,
      action: 'approval.approved',
      at: h.env.clock.now(),
    });
    h.env.clock.advance(60_000);
    expect((await h.approvals.sweep()).executed).toBe(1);
    const trail = await h.env.stores.audit.listForApproval(h.env.tenantId, approvalId);
    expect(trail.filter((e) => e.action === 'approval.approved').map((e) => e.auditId)).toEqual([
      'aud_before_keys',
    ]);
    expect(trail.filter((e) => e.action === 'approval.executed')).toHaveLength(1);
  });
});
