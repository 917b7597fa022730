/**
 * What the kill and database drills share: the real built process (`node dist/main.js`) with Slack
 * over HTTP (a fake Slack Web API on loopback that records what people would see), recovery timed
 * for a drill, and the customer messages it sends and then checks: every acknowledged message
 * answered, none answered twice, nothing left unfinished.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, type Document } from 'mongodb';
import { startBuiltServer, type BuiltServer } from '../test/support/built-server.js';
import { startFakeSlackApi, type FakeSlackApi } from '../test/support/fake-slack-api.js';
import { SLACK, slackMessageEvent } from '../test/support/slack-builders.js';
import { deliverToSlackEndpoint } from '../test/support/slack-delivery.js';

/** Questions the offline engine answers from the demo data (orders and knowledge base). */
const QUESTIONS = [
  'Where is my order 1042?',
  'How long does standard shipping take?',
  'Can you check on order 1043 for me?',
  'What is your returns policy?',
];

export interface DrillMessage {
  /** Its own thread (a reply under a root the bot never saw), so each has its own ticket. */
  threadTs: string;
  ts: string;
  eventId: string;
  text: string;
  /** Slack got a 200 for it (from any delivery). */
  acked: boolean;
  /** Deliveries made (the first plus Slack's retries). */
  deliveries: number;
}

export function drillMessages(trial: number, count: number): DrillMessage[] {
  const base = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, (_, i) => ({
    threadTs: `${base}.${String(trial * 1000 + i).padStart(7, '0')}0`,
    ts: `${base}.${String(trial * 1000 + i).padStart(7, '0')}1`,
    eventId: `Ev0DRILL${trial.toString(36)}x${i}`,
    text: `${QUESTIONS[i % QUESTIONS.length]} (ref ${trial}-${i})`,
    acked: false,
    deliveries: 0,
  }));
}

export async function startDrillSlack(): Promise<FakeSlackApi> {
  return startFakeSlackApi({
    team: { id: SLACK.homeTeam, name: 'Northwind Supply Co.', domain: 'northwind' },
    botUserId: SLACK.bot,
    botId: SLACK.botId,
    users: [
      {
        id: SLACK.customer,
        teamId: SLACK.customerTeam,
        name: 'Maya Ortiz',
        email: 'maya@bluebirdcafe.example',
      },
      { id: SLACK.approver, teamId: SLACK.homeTeam, name: 'Dana Whitfield', email: 'dana@northwind.example' },
    ],
    teams: [{ id: SLACK.customerTeam, name: 'Bluebird Cafe', domain: 'bluebirdcafe' }],
    channels: [
      { id: SLACK.sharedChannel, name: 'ext-bluebird-cafe', isExtShared: true },
      { id: SLACK.staffChannel, name: 'support-approvals' },
    ],
  });
}

/** The built process with Slack, recovery timed so a drill's trial takes seconds, not minutes. */
export function startDrillServer(
  dir: string,
  opts: { mongoUri: string; dbName: string; slackUrl: string },
): Promise<BuiltServer> {
  return startBuiltServer(dir, {
    NODE_ENV: 'development',
    MONGODB_URI: opts.mongoUri,
    MONGODB_DB: opts.dbName,
    SEED_DEMO: 'always',
    SANDBOX: 'off',
    LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'warn',
    SLACK_BOT_TOKEN: 'xoxb-1111111111-2222222222-drilltokenvalue0000000',
    SLACK_SIGNING_SECRET: SLACK.signingSecret,
    SLACK_API_URL: opts.slackUrl,
    SLACK_STAFF_CHANNEL_ID: SLACK.staffChannel,
    SLACK_APPROVER_IDS: SLACK.approver,
    INBOUND_LEASE_MS: '3000',
    SWEEP_INTERVAL_MS: '500',
    OUTBOX_LEASE_MS: '3000',
    APPROVAL_SWEEP_GRACE_MS: '1000',
    // Long enough that a resumable message is resumed (answered), not escalated, after a restart.
    RECOVERY_GRACE_MS: '60000',
  });
}

/** One delivery as Slack makes it; `retryNum` for its retries. Resolves with the status (0: cut). */
export async function deliver(baseUrl: string, m: DrillMessage, retryNum?: number): Promise<number> {
  m.deliveries += 1;
  try {
    const res = await deliverToSlackEndpoint(
      baseUrl,
      {
        kind: 'event',
        payload: slackMessageEvent({ text: m.text, ts: m.ts, threadTs: m.threadTs, eventId: m.eventId }),
      },
      { timestamp: Math.floor(Date.now() / 1000), ...(retryNum !== undefined ? { retryNum } : {}) },
    );
    await res.text();
    if (res.status === 200) m.acked = true;
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Slack's side after a fault: every message that never got a 200 is sent again (with a retry
 * number) until one is taken, as Slack retries failed deliveries. Gives up after `timeoutMs`.
 */
export async function redeliverUntilTaken(
  baseUrl: string,
  messages: DrillMessage[],
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let retryNum = 1;
  for (;;) {
    const pending = messages.filter((m) => !m.acked);
    if (pending.length === 0 || Date.now() > deadline) return;
    await Promise.all(pending.map((m) => deliver(baseUrl, m, retryNum)));
    retryNum += 1;
    if (messages.some((m) => !m.acked)) await sleep(300);
  }
}

/** The bot's visible messages in each message's thread (deleted placeholders left out). */
function visible(slack: FakeSlackApi, m: DrillMessage): string[] {
  return slack
    .threadMessages(SLACK.sharedChannel, m.threadTs)
    .map((x) => x.text ?? (x.blocks ? JSON.stringify(x.blocks) : ''))
    .filter((t) => t !== '' && !/^Looking into this/.test(t));
}

export interface Tally {
  lost: number;
  duplicated: number;
  stuck: number;
  examples: string[];
}

/**
 * Waits until every message is answered (or `timeoutMs`), then a little longer for anything that
 * would come twice, and counts: lost (acknowledged, never answered or handed to a person), said
 * twice (the same text twice in a thread, or the customer's words stored twice), stuck (inbound
 * records or outbox entries still unfinished).
 */
export async function tally(
  slack: FakeSlackApi,
  mongoUri: string,
  dbName: string,
  messages: DrillMessage[],
  timeoutMs = 45_000,
): Promise<Tally> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && messages.some((m) => m.acked && visible(slack, m).length === 0))
    await sleep(250);
  // Outbox lease (3 s) plus a few sweeps: a reply that would be posted twice has been by now.
  await sleep(4000);
  const client = await MongoClient.connect(mongoUri, { serverSelectionTimeoutMS: 5000 });
  try {
    const db = client.db(dbName);
    // Stuck means nothing will finish it: give runs still going (on a loaded machine) time to end.
    // A customer message's record is in its thread's turn document (`events`), others' in the
    // journal's own collection.
    const records = async (): Promise<Document[]> => [
      ...(await db.collection('inbound_journal').find({}).toArray()),
      ...(await db.collection('thread_leases').find({}).toArray()).flatMap((t) =>
        Object.values((t.events ?? {}) as Record<string, Document>),
      ),
    ];
    const inState = async (...states: string[]) =>
      (await records()).filter((r) => states.includes(String(r.state)));
    const unfinishedNow = async () => (await inState('received', 'processing')).length;
    for (let waited = 0; waited < 20_000 && (await unfinishedNow()) > 0; waited += 500) await sleep(500);
    const out: Tally = { lost: 0, duplicated: 0, stuck: 0, examples: [] };
    for (const m of messages) {
      const seen = visible(slack, m);
      if (m.acked && seen.length === 0) {
        out.lost += 1;
        if (out.examples.length < 5) out.examples.push(`never answered: "${m.text}"`);
      }
      const twice = seen.length - new Set(seen).size;
      const stored = await db
        .collection('messages')
        .countDocuments({ 'thread.threadId': m.threadTs, role: 'customer' });
      if (twice > 0 || stored > 1) {
        out.duplicated += 1;
        if (process.env.DRILL_LOGS) {
          const docs = await db.collection('messages').find({ 'thread.threadId': m.threadTs }).toArray();
          const rec = (await records()).filter((r) => r.eventId === m.eventId);
          console.log(JSON.stringify({ eventId: m.eventId, docs, rec, seen }, null, 1));
        }
        if (out.examples.length < 5)
          out.examples.push(`"${m.text}": ${seen.length} visible replies, stored ${stored} times`);
      }
    }
    const unfinished = await unfinishedNow();
    const failed = (await inState('failed')).length;
    const outbox = await db.collection('outbox').countDocuments({ status: { $in: ['pending', 'failed'] } });
    out.stuck = unfinished + failed + outbox;
    if (out.stuck > 0) {
      const left = (await inState('received', 'processing', 'failed')).slice(0, 3);
      const what = left.map(
        (d) => `${String(d.state)}/${String(d.attempts)}/${String(d.message?.text).slice(0, 30)}`,
      );
      out.examples.push(
        `unfinished: ${unfinished} inbound, ${failed} inbound failed, ${outbox} outbox (${what.join('; ')})`,
      );
    }
    return out;
  } finally {
    await client.close();
  }
}

export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
