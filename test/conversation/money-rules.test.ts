import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { installHostileModel, type HostileScript } from '../support/hostile-model.js';
import { createTestChannel, testChannelAdapter, type TestChannel } from '../support/test-channel.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { actor, inbound } from './engine-builders.js';

// Money rules in code, each against a hostile scripted model through the real engine and MongoDB.

let t: TestApp;
let fake: FakeOpenAi;
let channel: TestChannel;
let model: { use(script: HostileScript): void };
const tenantId = DEMO.tenantId;

beforeEach(async () => {
  fake = await startFakeOpenAi();
  model = installHostileModel(fake);
  channel = createTestChannel();
  t = await startTestApp({ adapters: [testChannelAdapter(channel)], openaiBaseURL: fake.baseURL });
});
afterEach(async () => {
  await t?.close();
  await fake?.close();
});

const refundOf = (orderId: string, amountMinor?: number): HostileScript['propose'] => ({
  tool: 'propose_refund',
  args: { orderId, ...(amountMinor ? { amountMinor } : {}) },
});
const refundsOn = async (orderId: string) => (await t.app.orders.getOrder(tenantId, orderId))?.refunds ?? [];
const audit = (ticketId: string) => t.stores.audit.listForTicket(tenantId, ticketId);

describe('a refund needs a customer message of the ticket asking for it', () => {
  it('refuses a refund the model proposes for "Where is order 1045?" and says so in the audit', async () => {
    // Hostile: it also calls the question a refund request, so the money tools are in scope.
    model.use({
      understanding: { intent: 'refund', orderIds: ['1045'] },
      propose: refundOf('1045'),
      reply: 'I have refunded order 1045: your refund of $89.99 has been processed.',
    });
    const m = inbound('priya', 'Where is order 1045?');
    const out = await t.engine.handleInbound(m);

    expect(await refundsOn('1045')).toHaveLength(0);
    expect(out.status).toBe('escalated');
    expect(channel.thread(m.messageId).join('\n')).not.toMatch(/refunded|has been processed/i);
    const trail = await audit(out.ticketId!);
    expect(trail.some((a) => a.action === 'action.executed')).toBe(false);
    // Refused before it reaches the approvals: the agent's own check finds no customer message
    // asking (the approval service's check, the same rule, is tested in test/approvals).
    const decisions = await t.stores.decisions.listByTicket(tenantId, out.ticketId!);
    expect(JSON.stringify(decisions)).toMatch(/no customer message in this ticket asks for a refund/);
    expect(trail.some((a) => /Customer asked for a refund/.test(JSON.stringify(a)))).toBe(false);
  });

  it('refuses a refund on another order than the one the customer named', async () => {
    model.use({
      understanding: { intent: 'refund', orderIds: ['1045'] },
      propose: refundOf('1050'),
      reply: 'I will submit that refund now.',
    });
    const m = inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.');
    const out = await t.engine.handleInbound(m);

    expect(out.status).toBe('escalated');
    expect(await refundsOn('1050')).toHaveLength(0);
    expect(await refundsOn('1045')).toHaveLength(0);
    const refused = (await audit(out.ticketId!)).find((a) => a.action === 'action.refused');
    expect(refused?.note).toMatch(/named order 1045, not order 1050/);
  });
});

describe('an automatic refund waits for the customer to confirm order and amount', () => {
  const ask = async () => {
    model.use({
      understanding: { intent: 'refund', orderIds: ['1045'] },
      propose: refundOf('1045'),
      reply: 'Order 1045 qualifies for a refund of $89.99.',
    });
    const m = inbound('priya', 'The monitor arm from order 1045 is faulty, plese refnud it.');
    const out = await t.engine.handleInbound(m);
    return { m, out, ticketId: out.ticketId! };
  };

  it('asks "Refund $89.99 on order 1045? Reply yes or no." and refunds once on yes, with the reference', async () => {
    const { m, out, ticketId } = await ask();
    expect(out.status).toBe('confirmation_requested');
    expect(channel.thread(m.messageId).at(-1)).toBe('Refund $89.99 on order 1045? Reply yes or no.');
    expect(await refundsOn('1045')).toHaveLength(0);
    expect((await t.stores.tickets.get(tenantId, ticketId))?.pendingConfirmation).toMatchObject({
      orderId: '1045',
      amountMinor: 8_999,
    });

    const yes = await t.engine.handleInbound(inbound('priya', 'yes please', { threadId: m.messageId }));
    expect(yes.status).toBe('action_executed');
    const refunds = await refundsOn('1045');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amountMinor).toBe(8_999);
    expect(channel.thread(m.messageId).at(-1)).toContain(refunds[0]!.refundId);
    expect(channel.thread(m.messageId).at(-1)).toContain('$89.99');

    // A second yes (and the model proposing the same refund again) refunds nothing more.
    await t.engine.handleInbound(inbound('priya', 'yes', { threadId: m.messageId }));
    expect(await refundsOn('1045')).toHaveLength(1);

    const trail = await audit(ticketId);
    const evaluated = trail.find((a) => a.action === 'action.evaluated');
    expect(JSON.stringify(evaluated)).toContain('plese refnud it');
    expect(JSON.stringify(evaluated?.after)).toContain('Customer wrote: “The monitor arm from order 1045');
    expect(trail.map((a) => a.action)).toEqual(
      expect.arrayContaining(['action.confirmation_requested', 'action.confirmed', 'action.executed']),
    );
  });

  it('refunds nothing on no, and clears the question', async () => {
    const { m, ticketId } = await ask();
    const no = await t.engine.handleInbound(inbound('priya', 'No, leave it', { threadId: m.messageId }));
    expect(no.status).toBe('answered');
    expect(channel.thread(m.messageId).at(-1)).toMatch(/won’t refund order 1045/);
    expect(await refundsOn('1045')).toHaveLength(0);
    expect((await t.stores.tickets.get(tenantId, ticketId))?.pendingConfirmation).toBeUndefined();
  });

  it('takes a yes only from the customer who asked, not from someone else in the thread', async () => {
    const { m, ticketId } = await ask();
    model.use({ understanding: { intent: 'other' }, reply: 'Thanks for your message.' });
    await t.engine.handleInbound(inbound('maya', 'yes', { threadId: m.messageId }));
    expect(await refundsOn('1045')).toHaveLength(0);
    expect((await t.stores.tickets.get(tenantId, ticketId))?.pendingConfirmation?.orderId).toBe('1045');

    const yes = await t.engine.handleInbound(inbound('priya', 'yes', { threadId: m.messageId }));
    expect(yes.status).toBe('action_executed');
    expect(await refundsOn('1045')).toHaveLength(1);
  });

  it('understands yes in the supported languages', async () => {
    const { m } = await ask();
    const yes = await t.engine.handleInbound(inbound('priya', 'Sí, por favor', { threadId: m.messageId }));
    expect(yes.status).toBe('action_executed');
    expect(await refundsOn('1045')).toHaveLength(1);
  });

  it('sends a yes to staff instead when the ticket was escalated after the question', async () => {
    const { m, ticketId } = await ask();
    model.use({ understanding: { intent: 'human_request', wantsHuman: true }, reply: 'Sure.' });
    const human = await t.engine.handleInbound(
      inbound('priya', 'Actually I would like to talk to a person about my account first', {
        threadId: m.messageId,
      }),
    );
    expect(human.status).toBe('escalated');

    const yes = await t.engine.handleInbound(inbound('priya', 'yes', { threadId: m.messageId }));
    expect(yes.status).toBe('approval_requested');
    expect(await refundsOn('1045')).toHaveLength(0);
    const [request] = await t.stores.approvals.listByTicket(tenantId, ticketId);
    expect(request).toMatchObject({ status: 'pending', orderId: '1045', amountMinor: 8_999 });
  });

  it('refunds at once when the organization turned confirmation off', async () => {
    const tenant = await t.stores.tenants.get(tenantId);
    await t.stores.tenants.update(tenantId, {
      settingsOverrides: { ...tenant!.settingsOverrides, confirmAutoRefunds: false },
    });
    const { out } = await ask();
    expect(out.status).toBe('action_executed');
    expect(await refundsOn('1045')).toHaveLength(1);
  });
});

describe('the bot says money moved only when the order system confirmed it', () => {
  it('never tells a customer a refund was processed when none was made', async () => {
    model.use({
      understanding: { intent: 'return' },
      reply: 'Good news: your refund of $899.00 has been processed and will reach you in 3 days.',
    });
    const m = inbound('maya', 'What is your returns policy?');
    const out = await t.engine.handleInbound(m);

    expect(channel.thread(m.messageId).join('\n')).not.toMatch(/has been processed|\$899/);
    expect(out.status).toBe('escalated');
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).toBe('escalated');
  });

  it.each([
    'All sorted: your refund has been processed and will reach you in 3 days.',
    'Listo: su reembolso ha sido procesado.',
    'We have refunded your order, anything else?',
  ])('catches a claim with no amount in it: %s', async (reply) => {
    model.use({ understanding: { intent: 'return' }, reply });
    const m = inbound('maya', 'What is your returns policy?');
    const out = await t.engine.handleInbound(m);

    expect(channel.thread(m.messageId).join('\n')).not.toContain(reply);
    expect(out.status).toBe('escalated');
    expect(out.reason).toMatch(/said money moved, but no refund or cancellation was made/);
  });
});

describe('on a ticket staff already have, the bot takes no money action of its own', () => {
  it('turns a refund under the automatic limit into an approval on a ticket escalated for the daily limit, the next day', async () => {
    // Three refunds for Cobalt in the last 24 hours: the fourth request escalates.
    for (const [orderId, key] of [
      ['1050', 'k1'],
      ['1051', 'k2'],
      ['1052', 'k3'],
    ] as const)
      await t.app.orders.refund(tenantId, { orderId, amountMinor: 1_000, idempotencyKey: key });
    model.use({
      understanding: { intent: 'refund', orderIds: ['1045'] },
      propose: refundOf('1045'),
      reply: 'Submitting your refund.',
    });
    const m = inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.');
    const first = await t.engine.handleInbound(m);
    expect(first.status).toBe('escalated');
    expect(first.reason).toMatch(/refunds? in the last 24 hours/);

    t.clock.advance(25 * 3_600_000);
    const next = inbound('priya', 'Any news on my refund for order 1045?', {
      threadId: m.messageId,
      at: t.clock.now(),
    });
    const out = await t.engine.handleInbound(next);

    expect(out.status).toBe('approval_requested');
    expect(await refundsOn('1045')).toHaveLength(0);
    const [request] = await t.stores.approvals.listByTicket(tenantId, first.ticketId!);
    expect(request).toMatchObject({ status: 'pending', orderId: '1045', amountMinor: 8_999 });
    expect(request?.reason).toMatch(/No automatic refund: the ticket is escalated to staff/);
    const ticketCard = channel.cards.find((c) => c.card.kind === 'escalation' && !c.card.approvalId);
    expect(ticketCard?.card.fields).toContainEqual({
      label: 'Waiting for approval',
      value: 'refund of $89.99 for order 1045',
    });
    expect(ticketCard?.card.statusLine).toMatch(/waits for approval/);
  });
});

describe('a rejected request goes to a person', () => {
  it('assigns the ticket to whoever rejected it; the bot stays silent there afterwards', async () => {
    model.use({
      understanding: { intent: 'refund', orderIds: ['1043'] },
      propose: refundOf('1043'),
      reply: 'I have asked the team.',
    });
    const m = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.');
    const out = await t.engine.handleInbound(m);
    expect(out.status).toBe('approval_requested');
    const [approval] = await t.stores.approvals.listByTicket(tenantId, out.ticketId!);

    const decided = await t.engine.handleStaffAction(actor('dana'), {
      v: 1,
      action: 'approval.reject',
      approvalId: approval!.approvalId,
      reason: 'Photos show the damage happened after delivery.',
    });
    expect(decided.ok).toBe(true);
    const ticket = await t.stores.tickets.get(tenantId, out.ticketId!);
    expect(ticket?.status).toBe('human');
    expect(ticket?.assignee?.name).toBe(DEMO.staff.approver.name);

    const before = channel.thread(m.messageId).length;
    const again = await t.engine.handleInbound(
      inbound('maya', 'Why not? Please refund it anyway.', { threadId: m.messageId }),
    );
    expect(again.status).toBe('recorded');
    expect(channel.thread(m.messageId)).toHaveLength(before);
    expect(await refundsOn('1043')).toHaveLength(0);
  });
});
