import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, openTicket, staff, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

/** An escalated ticket with the agent's draft and a posted card, as the engine leaves it. */
async function escalated(harness: Harness) {
  const ticket = await openTicket(harness.env, 'acme', 'Our whole fleet is offline since the update');
  const now = harness.env.clock.now();
  await harness.env.stores.decisions.add({
    tenantId: harness.env.tenantId,
    decisionId: harness.env.ids.id('dec'),
    ticketId: ticket.ticketId,
    engine: 'offline',
    stages: [],
    modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
    tools: [],
    understanding: {
      language: 'en',
      intent: 'technical',
      urgency: 'critical',
      sentiment: 'negative',
      urgencySignals: ['enterprise + outage'],
    },
    confidence: 0.52,
    threshold: 0.75,
    route: 'escalate',
    reason: 'confidence 0.52 below 0.75 for critical urgency',
    articleIds: ['kb-outage'],
    createdAt: now,
  });
  const updated = await harness.env.stores.tickets.update(harness.env.tenantId, ticket.ticketId, {
    status: 'escalated',
    urgency: 'critical',
    sentiment: 'negative',
    draft: { text: 'Please restart the gateway; we are looking into it.', createdAt: now },
    escalation: {
      summary: 'Acme reports a fleet-wide outage after the update.',
      reason: 'low confidence',
      at: now,
    },
    staffCard: { platform: 'sandbox', channelId: 'sandbox-staff', messageId: 'esc-1' },
    updatedAt: now,
  });
  if (!updated) throw new Error('could not escalate');
  return updated;
}

describe('the escalation card', () => {
  it('explains itself and offers Send draft, Take over, Let the bot answer, Resolve', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    const card = await h.takeover.escalationCard(h.env.tenantId, ticket.ticketId);
    expect(card?.kind).toBe('escalation');
    expect(card?.summary).toBe('Acme reports a fleet-wide outage after the update.');
    expect(card?.fields).toEqual(
      expect.arrayContaining([
        { label: 'Customer', value: 'Acme Robotics' },
        { label: 'Plan', value: 'enterprise' },
        { label: 'Urgency', value: 'critical (enterprise + outage)' },
        { label: 'Sentiment', value: 'negative' },
        { label: 'Confidence', value: '0.52 (threshold 0.75)' },
      ]),
    );
    expect(card?.draft).toBe('Please restart the gateway; we are looking into it.');
    expect(card?.lastCustomerMessage).toBe('Our whole fleet is offline since the update');
    expect(card?.articles?.map((a) => a.articleId)).toEqual(['kb-outage']);
    expect(card?.threadLink).toBe(`https://sandbox.local/thread/${ticket.thread.threadId}`);
    expect(card?.actions.map((a) => a.label)).toEqual([
      'Send draft',
      'Take over',
      'Let the bot answer',
      'Resolve',
    ]);
  });
});

describe('takeover', () => {
  it('puts a person in charge, tells the customer who joined, and refuses a second taker', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    const answer = await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.sam);
    expect(answer.ok).toBe(true);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored).toMatchObject({
      status: 'human',
      assignee: { userId: 'sandbox-sam', name: 'Sam Okafor' },
    });
    expect(h.notifier.customer).toEqual([
      {
        ticketId: ticket.ticketId,
        key: 'human_joined',
        params: expect.objectContaining({ name: 'Sam Okafor', company: 'Northwind Supply Co.' }),
      },
    ]);
    const card = h.notifier.cards.get('esc-1');
    expect(card?.statusLine).toBe('Taken over by Sam Okafor — the bot stays silent in this thread');
    expect(card?.actions.map((a) => a.label)).toEqual(['Send draft', 'Let the bot answer', 'Resolve']);

    expect(await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.dana)).toEqual({
      ok: false,
      message: 'Already taken by Sam Okafor.',
    });
    expect(await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.sam)).toMatchObject({
      ok: true,
      message: 'You already have this ticket.',
    });
    const audit = await h.env.stores.audit.listForTicket(h.env.tenantId, ticket.ticketId);
    expect(audit.filter((e) => e.action === 'ticket.taken_over')).toHaveLength(1);
  });

  it('two people taking over at once: exactly one gets it', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    const answers = await Promise.all(
      [staff.dana, staff.riley, staff.sam].map((a) =>
        h!.takeover.takeover(h!.env.tenantId, ticket.ticketId, a),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    for (const a of answers.filter((x) => !x.ok))
      expect(a.message).toBe(`Already taken by ${stored?.assignee?.name}.`);
  });

  it('refuses a guest from the customer organization', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    const answer = await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.guest);
    expect(answer).toEqual({
      ok: false,
      message: "You can't take over this ticket: only Northwind Supply Co. staff can.",
    });
    expect((await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId))?.status).toBe('escalated');
  });

  it('a staff member writing in the thread takes it over implicitly, once', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    await h.takeover.implicitTakeover(ticket, staff.riley);
    await h.takeover.implicitTakeover(ticket, staff.dana);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored).toMatchObject({ status: 'human', assignee: { userId: 'sandbox-riley' } });
  });

  it('hand back: only the assignee or a supervisor; the ticket returns to the bot with a note', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.riley);
    const refused = await h.takeover.handback(h.env.tenantId, ticket.ticketId, staff.dana);
    expect(refused).toEqual({
      ok: false,
      message: "You can't hand this ticket back: only Riley Chen or a supervisor can.",
    });
    const ok = await h.takeover.handback(h.env.tenantId, ticket.ticketId, staff.riley);
    expect(ok.ok).toBe(true);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored?.status).toBe('open');
    expect(stored?.assignee).toBeUndefined();
    expect(h.notifier.customer.map((c) => c.key)).toEqual(['human_joined', 'handed_back']);
  });

  it('resolve closes the ticket, writes 90-day interaction history, and makes the card final', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    await h.takeover.takeover(h.env.tenantId, ticket.ticketId, staff.sam);
    h.env.clock.advance(10 * 60_000);
    const answer = await h.takeover.resolve(h.env.tenantId, ticket.ticketId, staff.sam);
    expect(answer.ok).toBe(true);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored?.status).toBe('resolved');
    const history = await h.env.stores.interactions.listForCustomer(h.env.tenantId, 'cus_acme');
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      ticketId: ticket.ticketId,
      outcome: 'resolved',
      summary: 'Acme reports a fleet-wide outage after the update.',
    });
    expect(history[0]!.expiresAt.getTime() - history[0]!.createdAt.getTime()).toBe(90 * 86_400_000);
    const card = h.notifier.cards.get('esc-1');
    expect(card?.final).toBe(true);
    expect(card?.actions).toEqual([]);
    expect(card?.statusLine).toBe('Resolved at Nov 20, 10:10 UTC by Sam Okafor');
    expect(await h.takeover.resolve(h.env.tenantId, ticket.ticketId, staff.dana)).toEqual({
      ok: false,
      message: 'This ticket is already resolved.',
    });
    expect(
      (await h.env.stores.audit.listForTicket(h.env.tenantId, ticket.ticketId)).map((e) => e.action),
    ).toEqual(['ticket.taken_over', 'ticket.resolved']);
  });

  it('send draft posts it to the customer once, even on a double click, and closes the escalation', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    const answers = await Promise.all([
      h.takeover.sendDraft(h.env.tenantId, ticket.ticketId, staff.dana),
      h.takeover.sendDraft(h.env.tenantId, ticket.ticketId, staff.dana),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(h.notifier.customer).toEqual([
      { ticketId: ticket.ticketId, text: 'Please restart the gateway; we are looking into it.' },
    ]);
    const stored = await h.env.stores.tickets.get(h.env.tenantId, ticket.ticketId);
    expect(stored?.status).toBe('open');
    expect(stored?.draft).toBeUndefined();
    expect(stored?.escalation).toBeUndefined();
  });

  it('send draft with staff edits sends the edited text', async () => {
    h = await createHarness();
    const ticket = await escalated(h);
    await h.takeover.sendDraft(
      h.env.tenantId,
      ticket.ticketId,
      staff.sam,
      'We found the cause; a fix ships within the hour.',
    );
    expect(h.notifier.customer.map((c) => c.text)).toEqual([
      'We found the cause; a fix ships within the hour.',
    ]);
  });
});
