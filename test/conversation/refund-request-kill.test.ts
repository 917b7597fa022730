import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { armedFreezingDb } from '../support/freezing-db.js';
import { startProcess, sweepPastLeases } from '../support/restart.js';
import { createSeededEnv } from '../support/seeded.js';
import { createTestChannel } from '../support/test-channel.js';
import { actor, inbound } from './engine-builders.js';

const logger = pino({ level: 'silent' });

/**
 * Issue 13: a new ticket whose first message asks for a refund that goes to staff is stored by the
 * proposal, already waiting for approval (one insert instead of an insert and a move). So the
 * request is stored and held in the ledger before the ticket exists, and its card is posted
 * after it (the ticket's move is audited with the card's reference). Killed at that insert, the
 * restarted app must leave one ticket, one request, one card, the customer told, the request's
 * audit trail, and an Approve click must refund once.
 */
describe("issue 13: a refund request killed at its new ticket's insert", () => {
  it('leaves one ticket, one request and one card after restart, and the click refunds once', async () => {
    const env = await createSeededEnv({ logger });
    const freezing = armedFreezingDb(env.db, 'tickets', { method: 'insertOne' });
    const ch1 = createTestChannel();
    const app1 = await startProcess(env, ch1, { db: freezing.db });
    const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.', {
      eventId: 'EV-KILL-REFUND-TICKET',
    });
    freezing.arm();
    void app1.engine.handleInbound(m).catch(() => undefined);
    await freezing.reached();
    await app1.stop();

    const tickets = async () =>
      (await env.db.collection('tickets').find({ tenantId: DEMO.tenantId }).toArray()).filter(
        (t) => (t.thread as { threadId?: string } | undefined)?.threadId === m.messageId,
      );
    const requests = async () =>
      (await env.stores.approvals.listPending(DEMO.tenantId)).filter((r) => r.orderId === '1043');
    // Killed with the request stored, the ticket not yet stored, no card posted yet.
    expect(await tickets()).toHaveLength(0);
    expect(await requests()).toHaveLength(1);
    expect(ch1.cards.filter((c) => c.card.approvalId)).toHaveLength(0);
    // The policy's decision and the request's creation were stored with the request (issue 13:
    // before, they waited for an audit insert at the end of the run, which the kill never made).
    const [killed] = await requests();
    expect(
      (await env.stores.audit.listForApproval(DEMO.tenantId, killed!.approvalId)).map((e) => e.action),
    ).toEqual(['approval.created']);

    const ch2 = createTestChannel();
    const app2 = await startProcess(env, ch2);
    try {
      await sweepPastLeases(app2, env.clock, { approvals: true });
      const [ticket] = await tickets();
      expect(await tickets()).toHaveLength(1);
      // The rerun found the request its dead run opened and stored the ticket waiting for it.
      expect(ticket?.status).toBe('pending_approval');
      const [request] = await requests();
      expect(await requests()).toHaveLength(1);
      expect(request?.ticketId).toBe(ticket?.ticketId);
      // One card for the request (posted by the sweep from the entry its insert carried), and
      // the customer heard from the bot once.
      expect(ch2.cards.filter((c) => c.card.approvalId)).toHaveLength(1);
      expect(ch1.cards.filter((c) => c.card.approvalId)).toHaveLength(0);
      expect(ch2.thread(m.messageId)).toHaveLength(1);
      // Its hold is the only one on the order: a second request was not opened beside it.
      const ledger = await env.stores.refundLedgers.get(DEMO.tenantId, 'cus_bluebird');
      expect(ledger?.holds.filter((h) => h.orderId === '1043').map((h) => h.key)).toEqual([
        request!.idempotencyKey,
      ]);

      const decided = await app2.engine.handleStaffAction(actor('dana'), {
        v: 1,
        action: 'approval.approve',
        approvalId: request!.approvalId,
      });
      expect(decided.ok).toBe(true);
      const order = await env.orderSystem.getOrder(DEMO.tenantId, '1043');
      expect(order?.refunds).toHaveLength(1);
      // Every decision on the money is in the ticket's trail: the policy's, the request, the click's.
      const trail = (await env.stores.audit.listForTicket(DEMO.tenantId, ticket!.ticketId)).map(
        (e) => e.action,
      );
      expect(trail).toEqual(
        expect.arrayContaining([
          'action.evaluated',
          'approval.created',
          'approval.approved',
          'approval.executed',
        ]),
      );
      expect(trail.filter((a) => a === 'approval.created')).toHaveLength(1);
    } finally {
      await app2.stop();
      await env.close();
    }
  });
});
