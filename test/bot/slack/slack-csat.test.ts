import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import type { SlackCall } from '../../support/fake-slack-api.js';
import { eventually, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

type Block = { type: string; block_id?: string; elements?: Array<{ action_id: string; value?: string }> };

/** The satisfaction prompt over Slack's real HTTP endpoint: Block Kit buttons, a comment, one rating. */
describe('CSAT in Slack', () => {
  let env: SlackTestEnv;

  beforeAll(async () => {
    env = await startSlackEnv();
    const changed = await env.app.engine.changeSettings(
      { platform: 'slack', tenantId: env.app.tenantId, userId: SLACK.supervisor, isExternal: false },
      { op: 'set', key: 'csat', value: 'on' },
    );
    expect(changed.ok).toBe(true);
  });
  afterAll(() => env?.close());

  const isPrompt = (c: SlackCall) =>
    c.method === 'chat.postMessage' &&
    ((c.args.blocks ?? []) as Block[]).some((b) =>
      b.elements?.some((e) => e.action_id.startsWith('csat.rate.')),
    );

  it('asks once after the bot resolves the question, with Great / OK / Not good and a comment box', async () => {
    const ts = '1730000200.000100';
    await env.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await env.slack.waitFor((calls) => calls.some(isPrompt));
    const prompts = env.slack.calls.filter(isPrompt);
    expect(prompts).toHaveLength(1);
    const prompt = prompts[0]!;
    expect(prompt.args).toMatchObject({ channel: SLACK.sharedChannel, thread_ts: ts });
    const blocks = prompt.args.blocks as Block[];
    expect(blocks.some((b) => b.type === 'input' && b.block_id === 'csat.comment')).toBe(true);
    const actions = blocks.find((b) => b.type === 'actions')!.elements!;
    expect(actions.map((e) => e.action_id)).toEqual([
      'csat.rate.great',
      'csat.rate.ok',
      'csat.rate.not_good',
    ]);

    // Maya clicks "Not good" with a comment typed in the box above.
    const notGood = actions.find((e) => e.action_id === 'csat.rate.not_good')!;
    const ticketId = (JSON.parse(notGood.value!) as { ticketId: string }).ticketId;
    const click = {
      ...blockAction({
        user: SLACK.customer,
        userTeam: SLACK.customerTeam,
        value: notGood.value!,
        actionId: notGood.action_id,
        channel: SLACK.sharedChannel,
        messageTs: String(prompt.result?.ts),
      }),
      state: {
        values: {
          'csat.comment': { comment: { type: 'plain_text_input', value: 'Still no tracking link' } },
        },
      },
    };
    const res = await env.deliver({ kind: 'interaction', payload: click });
    expect(res.status).toBe(200);
    await eventually(
      async () => (await env.app.stores.tickets.get(env.app.tenantId, ticketId))?.status === 'escalated',
    );
    const ticket = await env.app.stores.tickets.get(env.app.tenantId, ticketId);
    expect(ticket?.escalation?.reason).toBe('csat');
    const csat = await env.app.db.collection('csat').findOne({ _id: ticketId as never });
    expect(csat).toMatchObject({
      rating: 'not_good',
      comment: 'Still no tracking link',
      resolvedBy: 'bot',
      ratedBy: SLACK.customer,
    });
    // The prompt is replaced by the thanks, so it cannot be clicked twice.
    await env.slack.waitFor((calls) =>
      calls.some(
        (c) =>
          c.method === 'chat.update' &&
          c.args.ts === prompt.result?.ts &&
          c.args.text === 'Thank you for your feedback!',
      ),
    );
  });
});
