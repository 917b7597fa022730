import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { scriptedModel } from '../bench/scripted-model.js';
import {
  ensureBuilt,
  productionCopy,
  ROOT,
  RUNTIME_PARTS,
  sandboxApi,
  startBuiltServer,
  type BuiltServer,
  type SandboxApiPost,
} from './support/built-server.js';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai.js';

// What the container runs (Dockerfile: `node dist/main.js` over `npm ci --omit=dev`), started
// outside the repository against the test run's MongoDB, with the LLM engine on a model that
// takes MODEL_MS per answer so a message is still in flight when the signals arrive.
const MODEL_MS = 1_500;
const TOKEN = 'sandbox-token-for-tests';
const REPLY = 'Standard shipping takes 3 to 5 business days.';

let dir: string;
let model: FakeOpenAi;
let env: Record<string, string>;
const running: BuiltServer[] = [];

beforeAll(async () => {
  ensureBuilt();
  dir = productionCopy();
  const usage = { calls: 0, tokensIn: 0, tokensOut: 0 };
  model = await startFakeOpenAi({
    latencyMs: MODEL_MS,
    otherwise: scriptedModel({ understanding: { intent: 'shipping' }, reply: REPLY }, usage),
  });
  env = {
    NODE_ENV: 'production',
    EMBEDDED_MONGO: 'off',
    MONGODB_URI: inject('mongoUri'),
    MONGODB_DB: `production_${randomBytes(5).toString('hex')}`,
    SANDBOX: 'on',
    SANDBOX_TOKEN: TOKEN,
    OPENAI_API_KEY: 'sk-test-production-copy',
    OPENAI_BASE_URL: model.baseURL,
    SHUTDOWN_TIMEOUT_MS: '20000',
    LOG_LEVEL: 'info',
  };
}, 180_000);

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await model?.close();
});

async function start(extra: Record<string, string> = {}): Promise<BuiltServer> {
  const server = await startBuiltServer(dir, { ...env, ...extra });
  running.push(server);
  return server;
}

const api = <T>(server: BuiltServer, route: string, body?: unknown) =>
  sandboxApi<T>(server, TOKEN, route, body);
type Post = SandboxApiPost;

async function aCustomer(server: BuiltServer) {
  const { json } = await api<{
    customers: Array<{ customerId: string; contacts: Array<{ email: string }> }>;
  }>(server, '/customers');
  const customer = json.customers.find((c) => c.contacts.length > 0)!;
  return { customerId: customer.customerId, contactEmail: customer.contacts[0]!.email };
}

async function postsOf(server: BuiltServer, rootId: string): Promise<Post[]> {
  const { json } = await api<{ posts: Post[] }>(server, '/channels/sandbox-customers/posts');
  return json.posts.filter((p) => p.postId === rootId || p.threadId === rootId);
}

/** Resolves once the model has been asked `n` more questions than `before` (the answer is in flight). */
async function modelAsked(before: number, n = 1): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (model.requests.length < before + n) {
    if (Date.now() > deadline) throw new Error('the model was never asked');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the built server without dev dependencies (the container image)', () => {
  it('is installed without tsx, TypeScript or Vite and serves /healthz', async () => {
    for (const devOnly of ['tsx', 'typescript', 'vite', 'vitest'])
      expect(existsSync(path.join(dir, 'node_modules', devOnly))).toBe(false);

    const server = await start();
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/readyz`)).status, { timeout: 10_000 })
      .toBe(200);
    // The line is written right after the socket listens: /healthz may answer before it arrives.
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toMatch(/Switchboard listening on http:\/\/127\.0\.0\.1:\d+ after \d+ ms/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('answers a customer through the sandbox, and SIGTERM lets an answer in flight finish', async () => {
    const server = await start();
    const who = await aCustomer(server);
    const before = model.requests.length;
    const pending = api<{ post: Post; outcome: { status: string } }>(server, '/customer-messages', {
      ...who,
      text: 'How long does standard shipping take?',
    });
    await modelAsked(before);
    // The signal goes to the process that holds the work: no npm or tsx in between.
    server.child.kill('SIGTERM');

    const { status, json } = await pending;
    expect(status).toBe(201);
    expect(json.outcome, JSON.stringify(json)).toMatchObject({ status: 'answered' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');

    // What the customer saw is stored: a restarted process shows the question and the answer.
    const again = await start();
    const thread = await postsOf(again, json.post.postId);
    expect(thread.map((p) => [p.author.kind, p.text])).toEqual([
      ['customer', 'How long does standard shipping take?'],
      ['bot', REPLY],
    ]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('loses nothing already stored when SIGKILLed mid-answer', async () => {
    const server = await start();
    const who = await aCustomer(server);
    const before = model.requests.length;
    const pending = api(server, '/customer-messages', {
      ...who,
      text: 'Do you ship to Canada as well?',
    }).catch((err: unknown) => err);
    await modelAsked(before);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await pending;

    const again = await start();
    const { json } = await api<{ posts: Post[] }>(again, '/channels/sandbox-customers/posts');
    expect(json.posts.map((p) => p.text)).toContain('Do you ship to Canada as well?');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('refuses to start without MONGODB_URI when EMBEDDED_MONGO=off, in one line', async () => {
    await expect(start({ MONGODB_URI: '' })).rejects.toThrow(
      /switchboard: Invalid configuration: MONGODB_URI is required when EMBEDDED_MONGO=off/,
    );
  }, 30_000);
});

describe('the container recipe', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));

  it('runs what the test above runs: dist/ over production dependencies, as a non-root user', () => {
    expect(runtime).toContain('npm ci --omit=dev');
    const copied = [...runtime.matchAll(/^COPY (?:--from=build )?(\S+) (\S+)$/gm)].map((m) => m[2]!);
    for (const part of RUNTIME_PARTS) expect(copied).toContain(`./${part}`);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/EMBEDDED_MONGO=off/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
  });

  it('copies what npm ci runs (its postinstall and the patches) before the build stage installs', () => {
    const build = dockerfile.slice(0, dockerfile.indexOf('AS runtime'));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const script = /node (\S+)/.exec(pkg.scripts.postinstall ?? '')?.[1];
    expect(script).toBeDefined();
    const install = build.indexOf('RUN npm ci');
    expect(build.indexOf(`COPY ${script}`)).toBeGreaterThan(0);
    expect(build.indexOf(`COPY ${script}`)).toBeLessThan(install);
    expect(build.indexOf('COPY patches')).toBeLessThan(install);
  });

  it('starts MongoDB 7 as a replica set with a volume, and points Switchboard at it', () => {
    const compose = parseYaml(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8')) as {
      services: Record<
        string,
        { image?: string; command?: string[]; volumes?: string[]; environment?: Record<string, string> }
      >;
      volumes: Record<string, unknown>;
    };
    const mongo = compose.services.mongo!;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toContain('--replSet');
    expect(mongo.volumes?.[0]).toMatch(/^mongo-data:\/data\/db$/);
    expect(Object.keys(compose.volumes)).toContain('mongo-data');
    expect(compose.services.switchboard!.environment?.MONGODB_URI).toBe(
      'mongodb://mongo:27017/?replicaSet=rs0',
    );
  });
});
