import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalStore } from '../../src/approvals/ports.js';
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

class Killed extends Error {}

/**
 * The approvals store as the dying process saw it: the process is killed at the `at`-th point of
 * the execution (0: right after the `executed` status is stored; 1: after every effect ran, the
 * customer told included, just before the write that records them and the notice), so nothing
 * after it runs. Effect progress is recorded once, after the last effect (approval-finish.ts): a
 * kill anywhere before that leaves every effect due.
 */
function killedAfter(inner: ApprovalStore, at: number): ApprovalStore {
  let points = 0;
  const store = Object.create(inner) as ApprovalStore;
  const count = () => {
    if (points++ === at) throw new Killed(`killed at point ${at}`);
  };
  store.transition = async (...args) => {
    const r = await inner.transition(...args);
    if (args[3].status === 'executed') count();
    return r;
  };
  store.setEffectsDue = async (...args) => {
    count();
    await inner.setEffectsDue(...args);
  };
  return store;
}

describe('issue 12 case 4: effects after a refund are finished after a kill, at every point', () => {
  for (const at of [0, 1]) {
    it(`killed at point ${at} of the execution: the sweep tells the customer once and resolves the ticket`, async () => {
      h = await createHarness();
      const ticket = await openTicket(h.env, 'bluebird', 'refund 1043 please, it arrived broken');
      await h.env.stores.tickets.update(h.env.tenantId, ticket.ticketId, { status: 'pending_approval' });
      const approvalId = await proposePendingRefund(h, ticket);

      const dying = h.serviceWith({ approvals: killedAfter(h.env.stores.approvals, at) });
      await dying
        .decide({ tenantId: h.env.tenantId, approvalId, decision: 'approve', actor: staff.dana })
        .catch((err: unknown) => {
          if (!(err instanceof Killed)) throw err;
        });
      const left = await h.env.stores.approvals.get(h.env.tenantId, approvalId);
      expect(left?.status).toBe('executed');
      expect(left?.effectsPending).toBe(true);

      // The restarted process's sweep, once the grace has passed.
      h.env.clock.advance(60_000);
      expect((await h.approvals.sweep()).finished).toBe(1);
      expect((await h.approvals.sweep()).finished).toBe(0);

      expect(await refundsOn(h.env, '1043')).toHaveLength(1);
      expect(h.notifier.customer.map((c) => c.key)).toEqual(['refund_executed']);
      expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('resolved');
      const done = await h.env.stores.approvals.get(h.env.tenantId, approvalId);
      expect(done?.effectsPending).toBeUndefined();
      expect(done?.customerNotifiedAt).toBeDefined();
      const card = done?.card ? h.notifier.cards.get(done.card.messageId) : undefined;
      // The card is final: no buttons, and it shows the refund's reference.
      expect(card?.actions).toEqual([]);
      expect(JSON.stringify(card)).toMatch(/executed|refunded/i);
      const trail = await h.env.stores.audit.listForApproval(h.env.tenantId, approvalId);
      expect(trail.filter((e) => e.action === 'approval.executed')).toHaveLength(1);
      expect(trail.filter((e) => e.action === 'approval.approved')).toHaveLength(1);
    });
  }
});
