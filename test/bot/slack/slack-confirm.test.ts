import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import type { SlackCall } from '../../support/fake-slack-api.js';
import { eventually, settle, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

type Btn = { action_id: string; value?: string; text: { text: string }; style?: string };
type Block = { type: string; elements?: Btn[] };

/** Priya Nair of Cobalt Labs, in the shared channel from her own workspace. */
const PRIYA = { id: 'U0PRIYA01', team: 'T0COBALT1' };

/**
 * "Refund $89.99 on order 1045?" with Yes / No buttons in the customer's Slack thread, over
 * Slack's real HTTP interactivity endpoint (signed block_actions payloads).
 */
describe('Slack: the customer confirms an automatic refund with a button', () => {
  let env: SlackTestEnv;
  let seq = 0;

  beforeEach(async () => {
    env = await startSlackEnv({
      users: [{ id: PRIYA.id, teamId: PRIYA.team, name: 'Priya Nair', email: 'priya@cobaltlabs.example' }],
      teams: [{ id: PRIYA.team, name: 'Cobalt Labs', domain: 'cobaltlabs' }],
    });
  });
  afterEach(() => env?.close());

  const refunds = async () => (await env.app.stores.orders.get(env.app.tenantId, '1045'))?.refunds ?? [];
  const isQuestion = (c: SlackCall) =>
    c.method === 'chat.postMessage' &&
    ((c.args.blocks ?? []) as Block[]).some((b) =>
      b.elements?.some((e) => e.action_id.startsWith('refund.confirm.')),
    );

  /** Priya asks for the refund; the bot's question with its buttons. */
  async function ask() {
    seq += 1;
    const ts = `17300003${seq}0.000100`;
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'The monitor arm from order 1045 is faulty, please refund it.',
        user: PRIYA.id,
        userTeam: PRIYA.team,
        ts,
      }),
    });
    expect(res.status).toBe(200);
    await env.slack.waitFor((calls) => calls.some(isQuestion));
    const post = env.slack.calls.find(isQuestion)!;
    const elements = ((post.args.blocks ?? []) as Block[]).find((b) => b.type === 'actions')!.elements!;
    const yes = elements.find((e) => e.action_id === 'refund.confirm.yes')!;
    const no = elements.find((e) => e.action_id === 'refund.confirm.no')!;
    const ticketId = (JSON.parse(yes.value!) as { ticketId: string }).ticketId;
    return { ts, post, yes, no, ticketId, questionTs: String(post.result?.ts) };
  }

  const click = (q: Awaited<ReturnType<typeof ask>>, button: Btn, user = PRIYA) =>
    env.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: user.id,
        userTeam: user.team,
        payloadTeam: SLACK.homeTeam,
        value: button.value!,
        actionId: button.action_id,
        channel: SLACK.sharedChannel,
        messageTs: q.questionTs,
      }),
    });

  const ephemeralsTo = (user: string) =>
    env.slack.calls.filter((c) => c.method === 'chat.postEphemeral' && c.args.user === user);

  it('asks with Yes and No buttons under the question, and refunds nothing before a click', async () => {
    const q = await ask();
    expect(q.post.args).toMatchObject({ channel: SLACK.sharedChannel, thread_ts: q.ts });
    expect(q.post.args.text).toBe('Refund $89.99 on order 1045? Reply yes or no.');
    expect([q.yes.text.text, q.no.text.text]).toEqual(['Yes, refund', 'No']);
    expect(q.yes.style).toBe('primary');
    expect(await refunds()).toHaveLength(0);
  });

  it('refunds exactly once for a double click and a typed yes, and says so with the reference', async () => {
    const q = await ask();
    // Two clicks at once (a double click), then "yes" typed in the thread.
    const [a, b] = await Promise.all([click(q, q.yes), click(q, q.yes)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await eventually(async () => (await refunds()).length === 1);
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'yes',
        user: PRIYA.id,
        userTeam: PRIYA.team,
        ts: `${q.ts.slice(0, 10)}5.000100`,
        threadTs: q.ts,
      }),
    });
    await eventually(() => ephemeralsTo(PRIYA.id).length >= 2);
    await settle(300);

    const made = await refunds();
    expect(made).toHaveLength(1);
    expect(made[0]?.amountMinor).toBe(8_999);
    const said = env.slack.threadMessages(SLACK.sharedChannel, q.ts).map((m) => m.text ?? '');
    expect(said.filter((t) => t.includes(made[0]!.refundId))).toHaveLength(1);
    // The question lost its buttons: it reads as answered.
    const question = env.slack.message(SLACK.sharedChannel, q.questionTs);
    expect(question?.text).toContain('You answered yes.');
    expect(JSON.stringify(question?.blocks)).not.toContain('refund.confirm.');
    const told = ephemeralsTo(PRIYA.id).map((c) => c.args.text);
    expect(told).toContain('You answered yes.');
    expect(told).toContain('This question has already been answered.');
    const ticket = await env.app.stores.tickets.get(env.app.tenantId, q.ticketId);
    expect(ticket?.status).toBe('resolved');
    expect(ticket?.pendingConfirmation).toBeUndefined();
  });

  it('tells anyone else who clicks, in a sentence only they see, that it is not theirs, and does nothing', async () => {
    const q = await ask();
    // Maya (another customer in the shared channel) sends a signed, well-formed click.
    const res = await click(q, q.yes, { id: SLACK.customer, team: SLACK.customerTeam });
    expect(res.status).toBe(200);
    await eventually(() => ephemeralsTo(SLACK.customer).length === 1);
    expect(ephemeralsTo(SLACK.customer)[0]?.args.text).toBe(
      'Only the person who asked for this refund can answer this question.',
    );
    await settle(200);
    expect(await refunds()).toHaveLength(0);
    const ticket = await env.app.stores.tickets.get(env.app.tenantId, q.ticketId);
    expect(ticket?.pendingConfirmation?.orderId).toBe('1045');
    // Her click changed nothing: the buttons are still there for Priya.
    expect(JSON.stringify(env.slack.message(SLACK.sharedChannel, q.questionTs)?.blocks)).toContain(
      'refund.confirm.yes',
    );
  });

  it('No cancels the proposal and the bot says so', async () => {
    const q = await ask();
    await click(q, q.no);
    await eventually(() =>
      env.slack
        .threadMessages(SLACK.sharedChannel, q.ts)
        .some((m) => /won’t refund order 1045/.test(m.text ?? '')),
    );
    expect(await refunds()).toHaveLength(0);
    const ticket = await env.app.stores.tickets.get(env.app.tenantId, q.ticketId);
    expect(ticket?.pendingConfirmation).toBeUndefined();
    // A later Yes on the same question does nothing.
    await click(q, q.yes);
    await eventually(() =>
      ephemeralsTo(PRIYA.id).some((c) => c.args.text === 'This question has already been answered.'),
    );
    expect(await refunds()).toHaveLength(0);
  });

  it('says the question expired when Yes is pressed a day later, and refunds nothing', async () => {
    const q = await ask();
    env.app.clock.advance(25 * 3_600_000);
    await click(q, q.yes);
    await eventually(() => ephemeralsTo(PRIYA.id).length === 1);
    expect(ephemeralsTo(PRIYA.id)[0]?.args.text).toBe(
      'This question expired: it was open for 24 hours. Write to us again if you still want the refund.',
    );
    expect(await refunds()).toHaveLength(0);
    expect(JSON.stringify(env.slack.message(SLACK.sharedChannel, q.questionTs)?.blocks)).not.toContain(
      'refund.confirm.',
    );
  });

  it('refunds nothing once a person has the ticket: the Yes goes to staff as an approval request', async () => {
    const q = await ask();
    const taken = await env.app.engine.handleStaffAction(
      { platform: 'slack', tenantId: env.app.tenantId, userId: SLACK.staff, isExternal: false },
      { v: 1, action: 'ticket.takeover', ticketId: q.ticketId },
    );
    expect(taken.ok).toBe(true);
    await click(q, q.yes);
    await eventually(
      async () => (await env.app.stores.approvals.listByTicket(env.app.tenantId, q.ticketId)).length === 1,
    );
    await settle(200);
    expect(await refunds()).toHaveLength(0);
    const [request] = await env.app.stores.approvals.listByTicket(env.app.tenantId, q.ticketId);
    expect(request).toMatchObject({ status: 'pending', orderId: '1045', amountMinor: 8_999 });
    expect((await env.app.stores.tickets.get(env.app.tenantId, q.ticketId))?.status).toBe('human');
  });
});
