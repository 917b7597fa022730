import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt, ROOT } from './support/built-server.js';
import { startFakeSlackApi } from './support/fake-slack-api.js';

// npm start runs dist/main.js (building it first when stale): so do these tests.
beforeAll(() => ensureBuilt(), 180_000);

interface Run {
  code: number | null;
  stderr: string;
  stdout: string;
  ms: number;
}

/** Starts Switchboard as `npm start` and the container do (`node dist/main.js`) with only the given environment. */
function runMain(env: Record<string, string>, timeoutMs = 30_000): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'silent',
        SANDBOX: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout, ms: Date.now() - started });
    });
  });
}

/** Lines a person reads, without npm's own chatter about the local npmrc. */
function lines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

describe('npm start with a bad configuration', () => {
  it.each([
    ['SLACK_SIGNING_SECRET', { SLACK_BOT_TOKEN: 'xoxb-1-2-abc' }],
    ['MONGODB_URI', { MONGODB_URI: 'not-a-url' }],
    ['AUTO_REFUND_MAX', { AUTO_REFUND_MAX: '-5' }],
  ])('names %s in one line on stderr and exits 2', async (variable, env) => {
    const run = await runMain(env);

    expect(run.code).toBe(2);
    const out = lines(run.stderr);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^switchboard: Invalid configuration: /);
    expect(out[0]).toContain(variable);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stderr).not.toContain('xoxb-1-2-abc');
  });
});

describe('npm start with an unreachable MongoDB', () => {
  it('exits non-zero within 15 s with one line naming the host and not the password', async () => {
    const port = await closedPort();
    const run = await runMain({ MONGODB_URI: `mongodb://admin:s3cretpass@127.0.0.1:${port}/switchboard` });

    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.ms).toBeLessThan(15_000);
    const out = lines(run.stderr);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(`127.0.0.1:${port}`);
    expect(run.stderr + run.stdout).not.toContain('s3cretpass');
  });
});

describe('npm start with a Slack token Slack refuses', () => {
  it('names the platform, the error and the variable in one line and exits 2, with no database noise', async () => {
    const slack = await startFakeSlackApi();
    slack.failNext('auth.test', 'invalid_auth');
    try {
      const run = await runMain({
        MONGODB_URI: inject('mongoUri'),
        MONGODB_DB: `main_${Date.now()}`,
        SEED_DEMO: 'never',
        PORT: '0',
        SLACK_BOT_TOKEN: 'xoxb-1-2-refusedtoken',
        SLACK_SIGNING_SECRET: 'signing-secret',
        SLACK_API_URL: slack.url,
      });

      expect(run.code).toBe(2);
      const out = lines(run.stderr);
      expect(out).toEqual([expect.stringMatching(/^switchboard: Slack: auth\.test failed \(invalid_auth\)/)]);
      expect(out[0]).toContain('SLACK_BOT_TOKEN');
      expect(run.stderr + run.stdout).not.toMatch(/MongoClientClosedError|refusedtoken/);
    } finally {
      await slack.close();
    }
  });
});
