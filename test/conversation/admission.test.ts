import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { scriptedModel } from '../../bench/scripted-model.js';
import {
  ensureBuilt,
  ROOT,
  sandboxApi,
  startBuiltServer,
  type BuiltServer,
  type SandboxApiPost,
} from '../support/built-server.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeStep } from '../support/fake-openai.js';

// The built server (`node dist/main.js`) on the test run's MongoDB-wire server, the LLM engine on
// a loopback model that takes MODEL_MS per answer and says which message it answered.
const MODEL_MS = 400;
const TOKEN = 'sandbox-token-for-admission';

let model: FakeOpenAi;
/** When each model call arrived, and for which message (the `[mN]` marker of its text). */
let calls: Array<{ at: number; marker: string }> = [];
/** While true, every model call hangs (a process is killed while its run waits for the model). */
let hang = false;
let mongo: MongoClient;
const running: BuiltServer[] = [];

beforeAll(async () => {
  ensureBuilt();
  mongo = await MongoClient.connect(inject('mongoUri'));
  const usage = { calls: 0, tokensIn: 0, tokensOut: 0 };
  model = await startFakeOpenAi({
    latencyMs: MODEL_MS,
    recordRequests: false,
    otherwise: (req): FakeStep => {
      // The message being answered is fenced last in the prompt; earlier ones are its history.
      const marker = [...JSON.stringify(req.body.messages).matchAll(/\[(m\d+)\]/g)].at(-1)?.[1] ?? '?';
      calls.push({ at: Date.now(), marker });
      if (hang) return { kind: 'hang' };
      const reply = `About ${marker}: standard delivery takes 3 to 5 business days.`;
      return scriptedModel({ understanding: { intent: 'shipping' }, reply }, usage)(req);
    },
  });
}, 180_000);

afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  hang = false;
});

afterAll(async () => {
  await model?.close();
  await mongo?.close();
});

function envFor(dbName: string, extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    EMBEDDED_MONGO: 'off',
    MONGODB_URI: inject('mongoUri'),
    MONGODB_DB: dbName,
    SANDBOX: 'on',
    SANDBOX_TOKEN: TOKEN,
    OPENAI_API_KEY: 'sk-test-admission',
    OPENAI_BASE_URL: model.baseURL,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

async function start(env: Record<string, string>): Promise<BuiltServer> {
  const server = await startBuiltServer(ROOT, env);
  running.push(server);
  return server;
}

const api = <T>(server: BuiltServer, route: string, body?: unknown) =>
  sandboxApi<T>(server, TOKEN, route, body);
type Post = SandboxApiPost;

const posts = async (server: BuiltServer) =>
  (await api<{ posts: Post[] }>(server, '/channels/sandbox-customers/posts')).json.posts;

/** `count` customers of their own (each a different author, so nothing orders them but admission). */
async function addCustomers(dbName: string, count: number) {
  const customers = mongo.db(dbName).collection('customers');
  const template = await customers.findOne({ 'contacts.0': { $exists: true } });
  if (!template) throw new Error('the demo seed wrote no customer with contacts');
  const { _id: _ignored, ...base } = template;
  const tag = randomBytes(3).toString('hex');
  const who = Array.from({ length: count }, (_, i) => ({
    customerId: `adm-${tag}-${i}`,
    contactEmail: `buyer${i}@adm${tag}${i}.example`,
  }));
  await customers.insertMany(
    who.map((w, i) => ({
      ...base,
      customerId: w.customerId,
      name: `Admission Customer ${i}`,
      contactEmails: [w.contactEmail],
      contacts: [{ name: `Buyer ${i}`, email: w.contactEmail }],
      domain: `adm${tag}${i}.example`,
      externalOrgs: [{ platform: 'sandbox', orgId: `O-ADM-${tag}-${i}` }],
    })),
  );
  return who;
}

/** Resolves once a customer post with `text` is shown: the message was accepted (stored). */
async function shown(server: BuiltServer, text: string): Promise<Post> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const post = (await posts(server)).find((p) => p.text === text && p.author.kind === 'customer');
    if (post) return post;
    if (Date.now() > deadline) throw new Error(`never accepted: ${text}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Most model calls answering at one moment (each is answered MODEL_MS after it arrived). */
function mostAtOnce(): number {
  const starts = calls.map((c) => c.at).sort((a, b) => a - b);
  let most = 0;
  for (const t of starts) most = Math.max(most, starts.filter((s) => s <= t && s > t - MODEL_MS).length);
  return most;
}

/** Different questions in one thread (the same one asked again after an answer goes to a person). */
const FOLLOW_UPS = [
  'Do you ship to Canada too?',
  'Is express delivery any faster?',
  'Can I track the parcel online?',
];

describe('admission: at most INBOUND_CONCURRENCY messages run at once', () => {
  it('runs 10 accepted messages two at a time and answers every thread in its order', async () => {
    const dbName = `admission_${randomBytes(5).toString('hex')}`;
    // A message's age counts from its acceptance: the recovery sweep (every 500 ms, grace 1 s)
    // must not take one that waited in line for abandoned once it runs.
    const server = await start(
      envFor(dbName, { INBOUND_CONCURRENCY: '2', RECOVERY_GRACE_MS: '1000', SWEEP_INTERVAL_MS: '500' }),
    );
    const who = await addCustomers(dbName, 6);
    // Two threads with a first question answered, before the burst.
    const roots: string[] = [];
    for (const [i, w] of who.slice(0, 2).entries()) {
      const { json } = await api<{ post: Post; outcome: { status: string } }>(server, '/customer-messages', {
        ...w,
        text: `How long does standard shipping take? [m${100 + i}]`,
      });
      expect(json.outcome.status).toBe('answered');
      roots.push(json.post.postId);
    }
    calls = [];

    // The burst: three replies in each thread (each accepted before the next of its thread is
    // sent, so acceptance order is known) and four new questions from four other customers.
    const outcomes: Array<Promise<{ status: number; json: { outcome?: { status: string } } }>> = [];
    const send = (w: (typeof who)[number], text: string, threadId?: string) => {
      outcomes.push(api(server, '/customer-messages', { ...w, text, threadId }));
      return shown(server, text);
    };
    const thread = async (t: number) => {
      for (const [k, text] of FOLLOW_UPS.entries()) await send(who[t]!, `${text} [m${t * 10 + k}]`, roots[t]);
    };
    await Promise.all([
      thread(0),
      thread(1),
      ...who.slice(2).map((w, i) => send(w, `How long does standard shipping take? [m${50 + i}]`)),
    ]);
    const results = await Promise.all(outcomes);

    expect(
      results.map((r) => [r.status, r.json.outcome?.status]),
      server.output().slice(-4000),
    ).toEqual(Array.from({ length: 10 }, () => [201, 'answered']));
    // Never more than two at once, and two did run together (the bound is used, not serialised).
    expect(new Set(calls.map((c) => c.marker)).size, JSON.stringify(calls)).toBe(10);
    expect(mostAtOnce()).toBe(2);
    // Each thread: the answers come in the order its messages were accepted, one per message.
    const all = await posts(server);
    for (const [t, root] of roots.entries()) {
      const answered = all
        .filter((p) => p.threadId === root && p.author.kind === 'bot')
        .map((p) => /About (m\d+)/.exec(p.text)?.[1]);
      expect(answered).toEqual([`m${100 + t}`, `m${t * 10}`, `m${t * 10 + 1}`, `m${t * 10 + 2}`]);
    }
  }, 120_000);

  it('loses no waiting message when the process is killed: after a restart they are answered', async () => {
    const dbName = `admission_${randomBytes(5).toString('hex')}`;
    const timings = { INBOUND_LEASE_MS: '2000', SWEEP_INTERVAL_MS: '500' };
    const first = await start(envFor(dbName, { INBOUND_CONCURRENCY: '1', ...timings }));
    const who = await addCustomers(dbName, 4);
    calls = [];
    hang = true;
    const texts = who.map((_, i) => `How long does standard shipping take? [m${i}]`);
    const pending = who.map((w, i) =>
      api(first, '/customer-messages', { ...w, text: texts[i] }).catch((err: unknown) => err),
    );
    // All four accepted (stored, shown), one of them waiting for the model, three for a slot.
    const roots = await Promise.all(texts.map((text) => shown(first, text)));
    await expect.poll(() => calls.length, { timeout: 20_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, MODEL_MS));
    expect(calls).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    await Promise.all(pending);

    hang = false;
    const second = await start(envFor(dbName, timings));
    // Every message ends with exactly one bot post in its thread, answered by the model: the one
    // killed mid-answer had stored nothing and queued nothing (issue 13: its customer message
    // rides in the turn's last insert), so it is run again from its journal record.
    const repliesIn = async () => {
      const all = await posts(second);
      return roots.map((root) => all.filter((p) => p.threadId === root.postId && p.author.kind === 'bot'));
    };
    await expect
      .poll(async () => (await repliesIn()).every((r) => r.length > 0), { timeout: 60_000 })
      .toBe(true);
    // Nothing more comes after a moment (no message run twice).
    await new Promise((r) => setTimeout(r, 1500));
    const replies = await repliesIn();
    expect(replies.map((r) => r.length)).toEqual([1, 1, 1, 1]);
    const killedMidAnswer = calls[0]!.marker;
    for (const [i, r] of replies.entries())
      expect(r[0]!.text).toBe(`About m${i}: standard delivery takes 3 to 5 business days.`);
    // The model was asked again for the three that never ran and, once, for the killed one.
    expect(
      calls
        .slice(1)
        .map((c) => c.marker)
        .sort(),
    ).toEqual(texts.map((_, i) => `m${i}`));
    expect(killedMidAnswer).toBeDefined();
  }, 150_000);
});
