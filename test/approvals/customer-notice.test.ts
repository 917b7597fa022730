import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { actor, inbound } from '../conversation/engine-builders.js';

const tenantId = DEMO.tenantId;
let t: TestApp;
let channel: TestChannel;

beforeEach(async () => {
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)] });
});
afterEach(async () => {
  await t?.close();
});

/** Maya asks for a refund of order 1043 ($250: above auto-approval, so a request waits). */
async function refundRequested() {
  const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.');
  const out = await t.engine.handleInbound(m);
  expect(out.status).toBe('approval_requested');
  return { threadId: m.messageId, approvalId: out.reason!, ticketId: out.ticketId! };
}

const approve = (approvalId: string) =>
  t.engine.handleStaffAction(actor('dana'), { v: 1, action: 'approval.approve', approvalId });

async function trail(approvalId: string) {
  return (await t.stores.audit.listForApproval(tenantId, approvalId)).filter((e) =>
    e.action.startsWith('customer.'),
  );
}

describe('telling the customer how an approval ended: the record says what really happened', () => {
  it('sent: the customer sees the outcome, the request is marked notified and the trail says so', async () => {
    const { threadId, approvalId } = await refundRequested();
    const shown = channel.thread(threadId).length;

    expect((await approve(approvalId)).ok).toBe(true);

    expect(channel.thread(threadId).length).toBe(shown + 1);
    const stored = await t.stores.approvals.get(tenantId, approvalId);
    expect(stored?.customerNotifiedAt).toBeInstanceOf(Date);
    expect((await trail(approvalId)).map((e) => e.action)).toEqual(['customer.notified']);
  });

  it('held for the person who took the thread: not marked notified; the trail names the assignee', async () => {
    const { threadId, approvalId, ticketId } = await refundRequested();
    expect(
      (await t.engine.handleStaffAction(actor('sam'), { v: 1, action: 'ticket.takeover', ticketId })).ok,
    ).toBe(true);
    const shown = channel.thread(threadId).length;

    expect((await approve(approvalId)).ok).toBe(true);

    expect(channel.thread(threadId).length).toBe(shown); // nothing reached the customer
    const stored = await t.stores.approvals.get(tenantId, approvalId);
    expect(stored?.status).toBe('executed');
    expect(stored?.customerNotifiedAt).toBeUndefined();
    const events = await trail(approvalId);
    expect(events.map((e) => e.action)).toEqual(['customer.notice_held']);
    expect(events[0]?.note).toBe('refund_executed');
    expect(events[0]?.after).toMatchObject({
      reason: 'a person has this thread',
      assignee: { userId: DEMO.staff.supervisor.userId, name: DEMO.staff.supervisor.name },
    });
    // The ticket stays with Sam rather than resolving as if the customer knew.
    expect((await t.stores.tickets.get(tenantId, ticketId))?.status).toBe('human');
  });

  it('held because a supervisor switched the channel off: not marked notified', async () => {
    const { threadId, approvalId } = await refundRequested();
    const switched = await t.engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: DEMO.customerChannelId,
      mode: 'off',
      actor: actor('sam'),
    });
    expect(switched.ok).toBe(true);
    const shown = channel.thread(threadId).length;

    expect((await approve(approvalId)).ok).toBe(true);

    expect(channel.thread(threadId).length).toBe(shown);
    expect((await t.stores.approvals.get(tenantId, approvalId))?.customerNotifiedAt).toBeUndefined();
    expect((await trail(approvalId)).map((e) => e.action)).toEqual(['customer.notice_held']);
  });

  it('held because the channel was switched off right after the click resolved the ticket: reopened, the notice kept nowhere', async () => {
    const { threadId, approvalId, ticketId } = await refundRequested();
    const shown = channel.thread(threadId).length;
    // The supervisor's switch lands between the click's resolving write (which kept the notice on
    // the transcript, ahead of its post) and the post.
    const tickets = t.stores.tickets;
    const update = tickets.update.bind(tickets);
    let switched = false;
    tickets.update = async (...args) => {
      const after = await update(...args);
      if (!switched && after?.status === 'resolved') {
        switched = true;
        const off = await t.engine.setChannelMode({
          tenantId,
          platform: 'sandbox',
          channelId: DEMO.customerChannelId,
          mode: 'off',
          actor: actor('sam'),
        });
        expect(off.ok).toBe(true);
      }
      return after;
    };
    try {
      expect((await approve(approvalId)).ok).toBe(true);
    } finally {
      tickets.update = update;
    }

    expect(switched).toBe(true);
    expect(channel.thread(threadId).length).toBe(shown);
    const stored = await t.stores.approvals.get(tenantId, approvalId);
    expect(stored?.status).toBe('executed');
    expect(stored?.customerNotifiedAt).toBeUndefined();
    expect((await trail(approvalId)).map((e) => e.action)).toEqual(['customer.notice_held']);
    // Not resolved as if the customer knew, and no bot line the customer never saw.
    const ticket = await t.stores.tickets.get(tenantId, ticketId);
    expect(ticket?.status).toBe('open');
    const said = (text: string) => /has been issued/.test(text);
    expect(
      Object.values(ticket?.transcript?.entries ?? {}).filter((e) => e.role === 'bot' && said(e.text)),
    ).toEqual([]);
    const messages = await t.stores.messages.listByTicket(tenantId, ticketId, 50);
    expect(messages.filter((m) => m.role === 'bot' && said(m.text))).toEqual([]);
  });
});
