/**
 * `kill -9` during an approval (issue 12, case 4): a customer asks for a $250 refund in Slack, the
 * approval card reaches the staff channel, an approver clicks Approve and the real built process
 * is killed at a spread delay after the click (before, during and after the refund). A new
 * process starts on the same database; an approver whose click got no answer clicks again, as a
 * person would. The order must be refunded exactly once, the customer told once, the ticket and
 * the approval finished and the staff card no longer saying it is executing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import type { StaffAction } from '../src/conversation/ports.js';
import { startLocalMongo } from '../src/memory/local-mongo.js';
import { ROOT, ensureBuilt } from '../test/support/built-server.js';
import type { FakeSlackApi, SlackCall } from '../test/support/fake-slack-api.js';
import { SLACK, blockAction, buttons, slackMessageEvent } from '../test/support/slack-builders.js';
import { deliverToSlackEndpoint } from '../test/support/slack-delivery.js';
import { median, startDrillServer, startDrillSlack } from './slack-process.js';
import { trialsFor, type Drill, type DrillResult } from './types.js';

function approveButton(call: SlackCall): StaffAction | undefined {
  return buttons(call.args.blocks).find((b) => b.data?.action === 'approval.approve')?.data;
}

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined || Date.now() > deadline) return v;
    await sleep(200);
  }
}

/** The bot's messages in the customer's thread as people see them now. */
function customerThread(slack: FakeSlackApi, threadTs: string): string[] {
  return slack
    .threadMessages(SLACK.sharedChannel, threadTs)
    .map((m) => m.text ?? '')
    .filter((t) => t !== '' && !/^Looking into this/.test(t));
}

async function run(trials: number): Promise<DrillResult> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drill-approval-'));
  const mongo = await startLocalMongo({ uri: process.env.MONGODB_URI, dataDir });
  const slack = await startDrillSlack();
  const client = await MongoClient.connect(mongo.uri, { serverSelectionTimeoutMS: 5000 });
  const result: DrillResult = {
    name: 'kill -9 after an Approve click on a $250 refund',
    trials,
    lost: 0,
    duplicated: 0,
    stuck: 0,
    serverErrors: 0,
    leaks: 0,
    notes: [],
  };
  const finishMs: number[] = [];
  const note = (t: number, s: string) => {
    if (result.notes.length < 10) result.notes.push(`trial ${t}: ${s}`);
  };
  try {
    for (let t = 0; t < trials; t++) {
      const dbName = `drill_approval_${Date.now().toString(36)}_${t}`;
      const db = client.db(dbName);
      const opts = { mongoUri: mongo.uri, dbName, slackUrl: slack.url };
      let server = await startDrillServer(ROOT, opts);
      const base = Math.floor(Date.now() / 1000);
      const threadTs = `${base}.${String(t).padStart(5, '0')}10`;
      const before = slack.calls.length;
      await deliverToSlackEndpoint(
        server.baseUrl,
        {
          kind: 'event',
          payload: slackMessageEvent({
            text: 'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
            ts: `${base}.${String(t).padStart(5, '0')}11`,
            threadTs,
            eventId: `Ev0APPROVE${t}`,
          }),
        },
        { timestamp: base },
      );
      const card = await waitFor(() => {
        const post = slack.calls
          .slice(before)
          .find(
            (c) =>
              c.method === 'chat.postMessage' && c.args.channel === SLACK.staffChannel && approveButton(c),
          );
        return post ? { ts: String(post.result?.ts), approve: approveButton(post)! } : undefined;
      }, 30_000);
      if (!card) {
        result.lost += 1;
        note(t, 'no approval card was posted');
        server.child.kill('SIGTERM');
        await server.exited;
        continue;
      }
      const click = async (url: string) => {
        try {
          const res = await deliverToSlackEndpoint(
            url,
            {
              kind: 'interaction',
              payload: blockAction({ user: SLACK.approver, value: card.approve, messageTs: card.ts }),
            },
            { timestamp: Math.floor(Date.now() / 1000) },
          );
          await res.text();
          return res.status;
        } catch {
          return 0;
        }
      };
      // Killed before, during or after the refund and its effects.
      const killAfter = 10 + ((t * 211 + 300) % 1200);
      const first = click(server.baseUrl);
      await sleep(killAfter);
      server.child.kill('SIGKILL');
      await server.exited;
      if (process.env.DRILL_LOGS)
        writeFileSync(`${process.env.DRILL_LOGS}/approval-${t}-first.log`, server.output());
      const firstStatus = await first;
      if (firstStatus >= 500) result.serverErrors += 1;

      const restarted = Date.now();
      server = await startDrillServer(ROOT, opts);
      try {
        // No answer to the click: the approver sees Slack's error and clicks again.
        if (firstStatus !== 200) await click(server.baseUrl);
        const refunds = async () =>
          ((await db.collection('orders').findOne({ orderId: '1043' }))?.refunds as unknown[] | undefined)
            ?.length ?? 0;
        const settled = async () => {
          const approval = await db.collection('approvals').findOne({ orderId: '1043' });
          const ticket = approval
            ? await db.collection('tickets').findOne({ ticketId: approval.ticketId })
            : null;
          const done =
            approval?.status === 'executed' &&
            !approval.effectsPending &&
            ticket?.status !== 'pending_approval' &&
            customerThread(slack, threadTs).some((m) => /refund/i.test(m) && /250/.test(m));
          return done ? { approval, ticket } : undefined;
        };
        const done = await waitFor(settled, 45_000);
        finishMs.push(Date.now() - restarted);
        // A notice or card update that would come twice has come by now (outbox lease 3 s).
        await sleep(4000);
        const n = await refunds();
        if (n === 0) {
          result.lost += 1;
          note(t, 'the approved refund never ran');
        }
        if (n > 1) {
          result.duplicated += 1;
          note(t, `refunded ${n} times`);
        }
        const told = customerThread(slack, threadTs);
        if (told.length !== new Set(told).size) {
          result.duplicated += 1;
          note(t, `the customer got the same message twice: ${told.join(' | ').slice(0, 200)}`);
        }
        const cardText = JSON.stringify(slack.message(SLACK.staffChannel, card.ts) ?? {});
        if (!done || /executing/i.test(cardText)) {
          result.stuck += 1;
          const approval = await db.collection('approvals').findOne({ orderId: '1043' });
          note(
            t,
            `not finished: approval ${String(approval?.status)} (effects due: ${JSON.stringify(approval?.effectsDue ?? [])}), card ${/executing/i.test(cardText) ? 'says executing' : 'updated'}`,
          );
        }
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        if (process.env.DRILL_LOGS)
          writeFileSync(`${process.env.DRILL_LOGS}/approval-${t}-second.log`, server.output());
      }
    }
    result.notes.unshift(
      `restart to refunded, told and finished: median ${(median(finishMs) / 1000).toFixed(1)} s`,
    );
    return result;
  } finally {
    await client.close();
    await slack.close();
    await mongo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const approvalKillDrill: Drill = {
  id: 'approval',
  async run({ quick }) {
    return [await run(trialsFor(quick, 1, 12))];
  },
};
