import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalStore } from '../../src/approvals/ports.js';
import type { TicketStore } from '../../src/conversation/stores.js';
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
 * The stores as the dying process saw them: the process is killed at the `at`-th point of the
 * execution (0: after the refund reached the order, at the first write of its effects, the
 * ticket's resolve; 1:
 * after every effect ran, the customer told included, just before the one write that stores the
 * outcome with the effects' progress and the notice), so nothing after it runs. The outcome is
 * stored once, after the last effect (approval-finish.ts): a kill anywhere before that leaves the
 * request `approved`, and the sweep runs it again under the same key.
 */
function killedAt(h: Harness, at: number) {
  const approvals = Object.create(h.env.stores.approvals) as ApprovalStore;
  const tickets = Object.create(h.env.stores.tickets) as TicketStore;
  tickets.update = async (...args) => {
    if (at === 0) throw new Killed('killed right after the refund');
    return h.env.stores.tickets.update(...args);
  };
  approvals.transition = async (...args) => {
    if (at === 1 && args[3].status === 'executed') throw new Killed('killed before storing the outcome');
    return h.env.stores.approvals.transition(...args);
  };
  return { approvals, tickets };
}

describe('issue 12 case 4: effects after a refund are finished after a kill, at every point', () => {
  for (const at of [0, 1]) {
    it(`killed at point ${at} of the execution: the sweep tells the customer once and resolves the ticket`, async () => {
      h = await createHarness();
      const ticket = await openTicket(h.env, 'bluebird', 'refund 1043 please, it arrived broken');
      await h.env.stores.tickets.update(h.env.tenantId, ticket.ticketId, { status: 'pending_approval' });
      const approvalId = await proposePendingRefund(h, ticket);

      const dying = h.serviceWith(killedAt(h, at));
      await dying
        .decide({ tenantId: h.env.tenantId, approvalId, decision: 'approve', actor: staff.dana })
        .catch((err: unknown) => {
          if (!(err instanceof Killed)) throw err;
        });
      expect(await refundsOn(h.env, '1043')).toHaveLength(1);
      const left = await h.env.stores.approvals.get(h.env.tenantId, approvalId);
      // Approved, the money on the order, the outcome not stored: the sweep's to finish.
      expect(left?.status).toBe('approved');
      expect(left?.execution).toBeUndefined();

      // The restarted process's sweep, once the grace has passed.
      h.env.clock.advance(60_000);
      expect((await h.approvals.sweep()).executed).toBe(1);
      const again = await h.approvals.sweep();
      expect([again.executed, again.finished]).toEqual([0, 0]);

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
