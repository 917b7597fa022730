import { afterEach, describe, expect, it } from 'vitest';
import { gatedAgent } from '../../support/gated-agent.js';
import { startMongoProxy, type MongoProxy } from '../../support/mongo-proxy.js';
import { sweepPastLeases } from '../../support/restart.js';
import { SLACK, blockAction, slackMessageEvent } from '../../support/slack-builders.js';
import { eventually, staffCardWith, startSlackEnv, type SlackTestEnv } from './slack-setup.js';

let env: SlackTestEnv | undefined;
let proxy: MongoProxy | undefined;
afterEach(async () => {
  await proxy?.up();
  await env?.close();
  await proxy?.close();
  env = undefined;
  proxy = undefined;
});

/**
 * Issue 13: the database goes away in the middle of things (the proxy cuts every connection and
 * refuses new ones) and comes back. Nothing is lost or done twice, a person reads one sentence,
 * and the process goes on.
 */
describe('Slack while the database goes away and comes back', () => {
  it('a message accepted before the cut and answered after it is answered exactly once', async () => {
    proxy = await startMongoProxy();
    const p = proxy;
    const gate = gatedAgent();
    env = await startSlackEnv({ connect: async (name) => (await p.connect(name)).db, agent: gate.agent });
    const ts = '1730000400.000100';
    gate.hold();
    const res = await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Where is my order 1042 please?', ts, eventId: 'Ev0MIDTURN1' }),
    });
    // Accepted (stored): Slack will not send it again.
    expect(res.status).toBe(200);
    await gate.entered();
    // The run is with the model when the database goes; it ends while the database is away.
    p.down();
    gate.release();
    await env.adapter.idle();
    expect(env.slack.threadReplies(SLACK.sharedChannel, ts)).toHaveLength(0);

    await p.up();
    // Nobody sends it again: the recovery sweep finds the stored message unanswered, once the
    // database answers again (the driver may need a heartbeat or two to see it back).
    await eventually(async () => {
      await sweepPastLeases(env!.app.app, env!.app.clock).catch(() => undefined);
      return env!.slack.threadReplies(SLACK.sharedChannel, ts).length >= 1;
    }, 30_000);
    await sweepPastLeases(env.app.app, env.app.clock);
    await env.adapter.idle();
    const seen = env.slack.threadMessages(SLACK.sharedChannel, ts);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.text).toContain('1042');
    expect(
      await env.app.db.collection('messages').countDocuments({ text: 'Where is my order 1042 please?' }),
    ).toBe(1);
  }, 120_000);

  it('an Approve clicked while the database is down tells the approver one sentence; clicked again after, one refund', async () => {
    proxy = await startMongoProxy();
    const p = proxy;
    env = await startSlackEnv({ connect: async (name) => (await p.connect(name)).db });
    const askTs = '1730000500.000100';
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({
        text: 'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
        ts: askTs,
      }),
    });
    const card = await staffCardWith(env, 'approval.approve');
    await env.adapter.idle();
    const refunds = async () =>
      (await env!.app.stores.orders.get(env!.app.tenantId, '1043'))?.refunds.length ?? 0;
    const toldApprover = () =>
      env!.slack.calls.filter((c) => c.method === 'chat.postEphemeral' && c.args.user === SLACK.approver);

    p.down();
    const click = () =>
      env!.deliver({
        kind: 'interaction',
        payload: blockAction({ user: SLACK.approver, value: card.data, messageTs: card.ts }),
      });
    const during = await click();
    expect([200, 500, 503]).toContain(during.status);
    await env.slack.waitFor(() => toldApprover().length >= 1);
    const told = toldApprover();
    expect(told).toHaveLength(1);
    expect(String(told[0]?.args.text)).not.toMatch(/stack|Mongo|at \w+ \(/);

    await p.up();
    // The approver clicks again once the database is back (the driver may need a heartbeat).
    await eventually(async () => {
      await click();
      await env!.adapter.idle();
      return (await refunds().catch(() => 0)) === 1;
    }, 30_000);
    await click();
    await env.adapter.idle();
    expect(await refunds()).toBe(1);
    await eventually(async () =>
      /Approved by/.test(env!.slack.message(SLACK.staffChannel, card.ts)?.text ?? ''),
    );
  }, 120_000);
});
