import { afterEach, describe, expect, it } from 'vitest';
import { armedFreezingDb } from '../../support/freezing-db.js';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { buttons, slackTakeOver, startFreezingSlackEnv, type SlackTestEnv } from './slack-setup.js';

/**
 * Issue 13: a refund request's card is posted from an outbox entry carried by the request's own
 * insert, and the write that stores the card's reference is its sent mark. Killed after that
 * insert (before the post, or after it and before the reference), another process must post the
 * card exactly once: the carried entry handed to the outbox under its id, and a card already in
 * Slack found by its metadata instead of posted again.
 */
let env: SlackTestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("issue 13: a refund request whose card rides in its insert, killed around the card's post", () => {
  for (const at of ['before the post', "after the post, before the card's reference"] as const) {
    it(`killed ${at}: another process leaves one card, under the carried entry's id`, async () => {
      const beforePost = at === 'before the post';
      // The `approvals` write never answers: the process dies there. Before the post: the
      // request's insert, made; after it: the write of the card's reference.
      const started = await startFreezingSlackEnv((db) =>
        armedFreezingDb(db, 'approvals', {
          armed: true,
          ...(beforePost ? { method: 'insertOne', after: true } : { method: 'updateOne' }),
        }),
      );
      env = started.env;
      const ts = beforePost ? '1730000700.000100' : '1730000800.000100';
      await env.deliver({
        kind: 'event',
        payload: slackMessageEvent({
          text: 'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
          ts,
        }),
      });
      await started.frozen.reached();
      const cards = () =>
        env!.slack.calls.filter(
          (c) =>
            c.method === 'chat.postMessage' &&
            c.args.channel === SLACK.staffChannel &&
            buttons(c.args.blocks as unknown[]).some((b) => b.data?.action === 'approval.approve'),
        );
      const requests = env.app.db.collection('approvals');
      const [stored] = await requests.find({ orderId: '1043', status: 'pending' }).toArray();
      const carried = stored?.cardEntry as { entryId: string; key: string } | undefined;
      expect(carried?.key).toBe(`card:approval:${String(stored?.approvalId)}`);
      // The outbox was not written: the entry is in the request only.
      const outbox = env.app.db.collection('outbox');
      expect(await outbox.countDocuments({ key: carried!.key })).toBe(0);
      expect(cards()).toHaveLength(beforePost ? 0 : 1);
      if (!beforePost)
        expect(cards()[0]?.args.metadata).toEqual({
          event_type: 'switchboard_delivery',
          event_payload: { delivery_id: carried!.entryId },
        });

      const app2 = await slackTakeOver(env, { approvals: true });
      try {
        expect(cards()).toHaveLength(1);
        const all = await requests.find({ orderId: '1043' }).toArray();
        expect(all).toHaveLength(1);
        expect(all[0]?.card?.messageId).toBe(String(cards()[0]?.result?.ts));
        expect(all[0]?.cardEntry).toBeUndefined();
        // Adopted under the carried entry's id, and recorded sent.
        const entries = await outbox.find({ key: carried!.key }).toArray();
        expect(entries.map((e) => [e.entryId, e.status])).toEqual([[carried!.entryId, 'sent']]);
        if (!beforePost)
          expect(
            env.slack.calls.some(
              (c) => c.method === 'conversations.history' && String(c.args.include_all_metadata) === 'true',
            ),
          ).toBe(true);
        // Later sweeps leave it alone.
        env.app.clock.advance(60 * 60_000);
        await app2.outbox.sweep();
        await app2.approvals.sweep();
        expect(cards()).toHaveLength(1);
      } finally {
        await app2.stop();
      }
    });
  }
});
