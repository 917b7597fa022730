import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { actor, inbound } from './engine-builders.js';

let t: TestApp;
let channel: TestChannel;
const tenantId = DEMO.tenantId;

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
});
afterEach(async () => {
  await t?.close();
});

async function refundApprovalFor(text: string) {
  const m = inbound('maya', text);
  const out = await t.engine.handleInbound(m);
  expect(out.status).toBe('approval_requested');
  const [approval] = await t.stores.approvals.listByTicket(tenantId, out.ticketId!);
  return { m, ticketId: out.ticketId!, approvalId: approval!.approvalId };
}

describe('a ticket whose action was executed resolves', () => {
  it('resolves after an automatic refund, with interaction history saying what was done', async () => {
    const m = inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.');
    expect((await t.engine.handleInbound(m)).status).toBe('confirmation_requested');
    const out = await t.engine.handleInbound(inbound('priya', 'Yes please', { threadId: m.messageId }));
    expect(out.status).toBe('action_executed');

    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).toBe('resolved');
    expect(ticket?.resolvedAt).toBeDefined();
    const history = await t.stores.interactions.listForCustomer(tenantId, 'cus_cobalt');
    expect(history).toHaveLength(1);
    expect(history[0]?.outcome).toBe('resolved');
    expect(history[0]?.summary).toMatch(/Refund of \$89\.99 for order 1045 executed/);
  });

  it('resolves after an approved refund is executed and the customer told', async () => {
    const { m, ticketId, approvalId } = await refundApprovalFor(
      'The grinder from order 1043 arrived broken, I want a refund please.',
    );
    expect((await t.stores.tickets.get(tenantId, ticketId))?.status).toBe('pending_approval');

    const decided = await t.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.approve',
      approvalId,
    });

    expect(decided.ok).toBe(true);
    expect(channel.thread(m.messageId).at(-1)).toMatch(/refund/i);
    const ticket = await t.stores.tickets.get(tenantId, ticketId);
    expect(ticket?.status).toBe('resolved');
    const history = await t.stores.interactions.listForCustomer(tenantId, 'cus_bluebird');
    expect(history.map((h) => h.outcome)).toEqual(['resolved']);
    expect(history[0]?.summary).toMatch(/approved by Dana Whitfield/);
    const audit = await t.stores.audit.listForTicket(tenantId, ticketId);
    expect(audit.some((a) => a.action === 'ticket.status_changed' && a.note === 'refund executed')).toBe(
      true,
    );

    // The customer writing again in the thread reopens it and gets an answer.
    const again = await t.engine.handleInbound(
      inbound('maya', 'Thanks! And where is order 1042?', { threadId: m.messageId }),
    );
    expect(again.ticketId).toBe(ticketId);
    expect(channel.thread(m.messageId).at(-1)).toContain('UPS');
  });

  it('hands a rejected request’s ticket to the person who rejected it, with no resolved history', async () => {
    const { ticketId, approvalId } = await refundApprovalFor(
      'The grinder from order 1043 arrived broken, I want a refund please.',
    );

    const decided = await t.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.reject',
      approvalId,
      reason: 'Photos show the damage happened after delivery.',
    });

    expect(decided.ok).toBe(true);
    const ticket = await t.stores.tickets.get(tenantId, ticketId);
    expect(ticket?.status).toBe('human');
    expect(ticket?.assignee?.userId).toBe(DEMO.staff.approver.userId);
    expect(await t.stores.interactions.listForCustomer(tenantId, 'cus_bluebird')).toHaveLength(0);
    const audit = await t.stores.audit.listForTicket(tenantId, ticketId);
    expect(audit.some((a) => a.action === 'ticket.assigned')).toBe(true);
  });
});
