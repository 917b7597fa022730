import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from '../agent-input.js';

const run = useOfflineAgent();

/**
 * The question gets `articleId` first, and when it is answered the reply carries `fact`: the
 * question's words are on a neighbouring article's topic, the concept asked is this one's section.
 */
async function found(text: string, articleId: string, fact: RegExp): Promise<void> {
  const r = await run(MAYA, text);
  expect(r.articleIds[0], text).toBe(articleId);
  if (r.route === 'resolve') expect(r.reply?.text ?? '', text).toMatch(fact);
}

describe('a concept one section answers finds that article, not its neighbour on the topic (offline engine)', () => {
  it('who pays to send goods back is the return labels article, in every language', async () => {
    const labels = /Return shipping is free|prepaid return label/;
    await found('if we mail the chairs back, is the postage on us?', 'return-shipping-labels', labels);
    await found('does it cost anything to ship a desk back to you?', 'return-shipping-labels', labels);
    await found('Qui paie les frais de retour pour une lampe ?', 'return-shipping-labels', labels);
    await found('Sind die Rücksendekosten für uns kostenlos?', 'return-shipping-labels', labels);
    await found('¿Quién paga los gastos de devolución?', 'return-shipping-labels', labels);
    await found('返品送料は誰が負担しますか？', 'return-shipping-labels', labels);
  });

  it('a fault named beside the cost of sending back stays the damaged-items article', async () => {
    await found(
      'the lamp came with a cracked base, do we pay to post it back?',
      'damaged-or-defective-items',
      /Return shipping is always free/,
    );
  });

  it('an order placed at some hour, asked whether it leaves that day, is the same-day cut-off', async () => {
    const cutoff = /2 pm Eastern/;
    await found(
      'if we place the order at noon, will it still ship today?',
      'shipping-carriers-and-times',
      cutoff,
    );
    await found(
      'we usually put our order in around 11am, does it go out the same day?',
      'shipping-carriers-and-times',
      cutoff,
    );
  });

  it('a move between the plans is the plan-change article', async () => {
    await found(
      'if we switch from Pro to Free next week, is anything refunded for the weeks left?',
      'change-your-plan',
      /unused part/,
    );
    await found(
      'moving from Free to Pro on the 15th, am I billed for the whole month?',
      'change-your-plan',
      /prorated/,
    );
  });

  it('a move up from Free, asked what it costs for the month, is the prorated upgrade, not ending a plan early', async () => {
    for (const text of [
      'if we jump from Free to Pro mid-month, do we pay a full month?',
      'switching from free to enterprise next Tuesday, how is the first bill worked out?',
    ])
      await found(text, 'change-your-plan', /prorated difference/);
  });

  it('a delivery on a weekend day or a public holiday is the carriers’ business days, shipping days stay the warehouse’s', async () => {
    for (const text of [
      'can the courier deliver to us on a Sunday?',
      'is weekend delivery possible for the stools?',
      'is there any delivery on Memorial Day?',
    ])
      await found(text, 'shipping-carriers-and-times', /no Saturday or Sunday delivery/);
    await found(
      'does the warehouse send orders out on Saturdays?',
      'shipping-carriers-and-times',
      /Monday to Friday/,
    );
  });

  it('someone of the team added as a user or a role is the team article, not opening an account', async () => {
    for (const text of [
      'how can I add our head chef as a buyer on the account?',
      'we want to set up our new bookkeeper as a viewer',
      'I need to invite my deputy as an admin',
    ])
      await found(text, 'manage-team-members', /Account owners and admins manage people/);
  });

  it('how long a refund takes, asked against another kind, is the refund timing', async () => {
    for (const text of [
      'does a refund for one item take longer than refunding the whole order?',
      'how long does a partial refund take?',
    ])
      await found(text, 'refund-timing', /same timing|business days/);
  });

  it('a security flaw found in the site goes to the security report article', async () => {
    const report = /security@northwind\.example/;
    await found(
      'we spotted an XSS hole on your login page, who do we tell?',
      'reporting-security-issues',
      report,
    );
    await found(
      'there seems to be a flaw that leaks other customers data in your API, where does that go?',
      'reporting-security-issues',
      report,
    );
  });

  it('maintenance asked beside the customer’s weekend work is the status page, not support hours', async () => {
    await found(
      'what time is your maintenance? we do stock counts on sunday mornings',
      'service-status-and-outages',
      /Sundays between 02:00 and 04:00/,
    );
  });

  it('how long there is to send something back, or when that clock starts, is the return window', async () => {
    const window = /30 days of delivery/;
    await found('how many days do I have to send a stool back once it lands?', 'returns-policy', window);
    await found('when does the return clock begin ticking?', 'returns-policy', window);
  });

  it('a refund to a customer who pays on purchase order or by wire is the refund timing article', async () => {
    await found(
      "we're billed net-30, so how does money from a refund get back to us?",
      'refund-timing',
      /Credit note/,
    );
    await found('if a customer paid with a wire, how do refunds work?', 'refund-timing', /ACH bank transfer/);
  });

  it('how long freight takes is the carriers article, a freight return stays the labels article', async () => {
    await found(
      'a filing cabinet going by freight, how many working days until it arrives?',
      'shipping-carriers-and-times',
      /5–8 business days/,
    );
    await found(
      'how long will the freight truck need to bring our lockers?',
      'shipping-carriers-and-times',
      /5–8 business days/,
    );
  });

  it('a country outside the US named as where goods go is the international article', async () => {
    await found('can you deliver a desk to Norway?', 'international-shipping-and-customs', /DHL/);
    await found(
      'we want to send supplies to our team in Brazil, possible?',
      'international-shipping-and-customs',
      /DHL/,
    );
  });

  it('an express parcel that came after its promised date is the lost-or-delayed article', async () => {
    await found(
      'when an express parcel shows up two days past the promised date, is any money given back?',
      'lost-or-delayed-packages',
      /refund the shipping cost on express/,
    );
  });
});
