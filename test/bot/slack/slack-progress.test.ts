import { afterEach, describe, expect, it } from 'vitest';
import { WORKING_TEXT } from '../../../src/bot/slack/blocks.js';
import { say, startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

const understood = {
  language: 'en',
  intent: 'order_status',
  urgency: 'medium',
  sentiment: 'neutral',
  orderIds: ['1042'],
  wantsHuman: false,
  securityConcern: false,
  isPleasantry: false,
  continuesTicketId: null,
};
const answer = say({ reply: 'Order 1042 shipped with UPS.', citations: [], needsEscalation: false });

/** Issue 14: in Slack a slow answer first shows "Looking into this…", which the answer replaces. */
describe('Slack progress while the model works', () => {
  let env: SlackTestEnv | undefined;
  let model: FakeOpenAi | undefined;
  afterEach(async () => {
    await env?.close();
    await model?.close();
    env = undefined;
    model = undefined;
  });

  async function start(latencyMs: number): Promise<SlackTestEnv> {
    model = await startFakeOpenAi({ latencyMs });
    env = await startSlackEnv({ openaiBaseURL: model.baseURL });
    expect(env.app.app.agent.kind).toBe('llm');
    return env;
  }

  const placeholders = (e: SlackTestEnv, ts: string) =>
    e.slack.threadReplies(SLACK.sharedChannel, ts).filter((c) => c.args.text === WORKING_TEXT);

  it('a slow answer (over 2 s) shows the placeholder first, then replaces it: one message in the thread', async () => {
    const e = await start(1300);
    model!.script(say(understood), answer);
    const ts = '1730002000.000100';
    await e.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await e.slack.waitFor(() => placeholders(e, ts).length === 1, 5000);
    await e.adapter.idle();
    const seen = e.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.ts).toBe(String(placeholders(e, ts)[0]?.result?.ts));
    expect(seen[0]?.text).toContain('Order 1042 shipped with UPS.');
    expect(e.slack.callsTo('chat.update')).toHaveLength(1);
  });

  it('a quick answer is one message and no placeholder, no edit', async () => {
    const e = await start(0);
    model!.script(say(understood), answer);
    const ts = '1730002100.000100';
    await e.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await e.adapter.idle();
    expect(placeholders(e, ts)).toHaveLength(0);
    expect(e.slack.callsTo('chat.update')).toHaveLength(0);
    expect(e.slack.threadMessages(SLACK.sharedChannel, ts).map((m) => m.text)).toEqual([
      expect.stringContaining('Order 1042 shipped with UPS.'),
    ]);
  });

  it('a takeover while the model works: the answer is held back and the placeholder removed', async () => {
    const e = await start(1300);
    model!.script(say(understood), answer, say(understood), answer);
    const ts = '1730002200.000100';
    await e.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await e.slack.waitFor(() => e.slack.callsTo('chat.update').length === 1, 8000);
    await e.adapter.idle();
    const ticket = await e.app.stores.tickets.findByThread(e.app.tenantId, 'slack', SLACK.sharedChannel, ts);
    // Maya asks again in the thread; while the model thinks, Sam takes the ticket over.
    await e.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Can it be delivered earlier?',
        ts: '1730002201.000100',
        threadTs: ts,
      }),
    });
    await e.slack.waitFor(() => placeholders(e, ts).length === 2, 5000);
    await e.deliver({
      kind: 'interaction',
      payload: blockAction({
        user: SLACK.supervisor,
        value: { v: 1, action: 'ticket.takeover', ticketId: ticket!.ticketId },
      }),
    });
    await e.adapter.idle();
    expect((await e.app.stores.tickets.get(e.app.tenantId, ticket!.ticketId))?.status).toBe('human');
    const placeholderTs = String(placeholders(e, ts)[1]?.result?.ts);
    expect(e.slack.callsTo('chat.delete').map((c) => c.args.ts)).toEqual([placeholderTs]);
    expect(e.slack.message(SLACK.sharedChannel, placeholderTs)).toBeUndefined();
    // What Maya sees: the first answer and the notice that Sam joined; nothing says "Looking into this…".
    const texts = e.slack
      .threadMessages(SLACK.sharedChannel, ts)
      .map((m) => m.text)
      .filter((t) => t !== undefined);
    expect(texts).toHaveLength(2);
    expect(texts).not.toContain(WORKING_TEXT);
  });

  it('a model failure after the placeholder: the customer is told a person follows up, in its place', async () => {
    const e = await start(2600);
    // Understood after 2.6 s (the placeholder is up by then), then the model refuses the answer.
    model!.script(say(understood), {
      kind: 'status',
      status: 400,
      body: { error: { message: 'bad request' } },
    });
    const ts = '1730002300.000100';
    await e.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await e.slack.waitFor(() => placeholders(e, ts).length === 1, 5000);
    await e.adapter.idle();
    const seen = e.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.text).not.toBe(WORKING_TEXT);
    expect(seen[0]?.text).toMatch(/TKT-/);
  });
});
