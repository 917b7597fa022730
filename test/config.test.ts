import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadConfig } from '../src/config.js';
import { ConfigError } from '../src/errors.js';

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('starts with no configuration at all: sandbox on, loopback, embedded MongoDB', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      mongo: { uri: undefined, dbName: 'switchboard', embedded: true },
    });
    expect(c.sandbox.enabled).toBe(true);
    expect(c.slack).toBeUndefined();
    expect(c.teams).toBeUndefined();
    expect(c.openai).toBeUndefined();
    expect(c.org.id).toBe('T0DEMO0001');
  });

  it('needs SLACK_SIGNING_SECRET when SLACK_BOT_TOKEN is set', () => {
    const err = failure({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc' });
    expect(err.message).toContain('SLACK_SIGNING_SECRET');
    expect(err.message).not.toContain('\n');
    expect(err.message).not.toContain('xoxb-1-2-abc');
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_SIGNING_SECRET: 's' }).slack?.botToken).toBe(
      'xoxb-1-2-abc',
    );
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_APP_TOKEN: 'xapp-1' }).slack?.appToken).toBe(
      'xapp-1',
    );
  });

  it('Slack distribution: SLACK_CLIENT_ID/SECRET/STATE_SECRET together, over HTTP, no bot token needed', () => {
    const oauth = {
      SLACK_CLIENT_ID: '111.222',
      SLACK_CLIENT_SECRET: 'client-secret-value',
      SLACK_STATE_SECRET: 'a-random-state-secret-of-32-chars!!',
      SLACK_SIGNING_SECRET: 's',
    };
    const slack = loadConfig(oauth).slack;
    expect(slack?.botToken).toBeUndefined();
    expect(slack?.oauth).toMatchObject({ clientId: '111.222', clientSecret: 'client-secret-value' });
    const missing = failure({ ...oauth, SLACK_CLIENT_SECRET: '' });
    expect(missing.message).toContain('SLACK_CLIENT_SECRET');
    expect(missing.message).not.toContain('client-secret-value');
    expect(missing.message).not.toContain('\n');
    expect(failure({ ...oauth, SLACK_STATE_SECRET: 'short' }).message).toContain('SLACK_STATE_SECRET');
    expect(failure({ ...oauth, SLACK_SIGNING_SECRET: '' }).message).toContain('SLACK_SIGNING_SECRET');
    expect(failure({ ...oauth, SLACK_APP_TOKEN: 'xapp-1' }).message).toContain('SLACK_APP_TOKEN');
  });

  it('rejects a MONGODB_URI that is not a MongoDB URI, naming the variable', () => {
    const err = failure({ MONGODB_URI: 'localhost:27017' });
    expect(err.message).toMatch(/^Invalid configuration: MONGODB_URI .*mongodb:\/\//);
    expect(err.message).not.toContain('\n');
    expect(loadConfig({ MONGODB_URI: 'mongodb+srv://u:p@cluster0.example.net/' }).mongo.uri).toContain(
      'cluster0',
    );
  });

  it('rejects a negative threshold, naming the variable', () => {
    const err = failure({ AUTO_REFUND_MAX: '-5' });
    expect(err.message).toContain('AUTO_REFUND_MAX');
    expect(err.message).toContain('≥ 0');
    expect(err.message).not.toContain('\n');
    expect(failure({ CONFIDENCE_HIGH: '1.5' }).message).toContain('CONFIDENCE_HIGH');
    expect(failure({ AUTO_REFUND_MAX: 'lots' }).message).toContain('AUTO_REFUND_MAX');
  });

  it('names every bad variable at once, on one line', () => {
    const err = failure({ PORT: '70000', LOG_LEVEL: 'loud', OPENAI_BASE_URL: 'not a url' });
    for (const name of ['PORT', 'LOG_LEVEL', 'OPENAI_BASE_URL']) expect(err.message).toContain(name);
    expect(err.message.split('\n')).toHaveLength(1);
  });

  it('needs a sandbox token before opening the sandbox in production', () => {
    expect(failure({ NODE_ENV: 'production', SANDBOX: 'on' }).message).toContain('SANDBOX_TOKEN');
    expect(loadConfig({ NODE_ENV: 'production' }).sandbox.enabled).toBe(false);
  });

  it('.env.example documents every variable and loads as it is', () => {
    const text = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const env: Record<string, string> = {};
    for (const m of text.matchAll(/^([A-Za-z_]+)=(.*)$/gm)) env[m[1]!] = m[2]!;
    expect(Object.keys(env).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    for (const name of Object.keys(env)) expect(text).toMatch(new RegExp(`# .+\\n(# .+\\n)*${name}=`));
    expect(loadConfig(env).sandbox.enabled).toBe(true);
  });
});

describe('empty variables', () => {
  it('treats an empty value as unset instead of rejecting it', () => {
    const config = loadConfig({ MicrosoftAppType: '', MONGODB_URI: '  ', PORT: '' });
    expect(config.mongo.uri).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.teams).toBeUndefined();
  });
});

describe('Teams staff ids', () => {
  it('compares AAD object ids in lower case, as Teams sends them', () => {
    const config = loadConfig({
      TEAMS_STAFF_CONVERSATION_ID: '19:staff@thread.tacv2',
      TEAMS_APPROVER_IDS: '6A1E1B2C-0000-4000-8000-00000000AAAA',
      TEAMS_SUPERVISOR_IDS: ' 6A1E1B2C-0000-4000-8000-00000000BBBB ',
    });
    expect(config.teams?.approverIds).toEqual(['6a1e1b2c-0000-4000-8000-00000000aaaa']);
    expect(config.teams?.supervisorIds).toEqual(['6a1e1b2c-0000-4000-8000-00000000bbbb']);
  });
});

describe('Teams authentication in production', () => {
  const staff = { TEAMS_STAFF_CONVERSATION_ID: '19:staff@thread.tacv2' };

  it('refuses Teams settings without MicrosoftAppId in production, in one line naming the variable', () => {
    const err = failure({ NODE_ENV: 'production', ...staff });
    expect(err.message).toContain('MicrosoftAppId');
    expect(err.message).not.toContain('\n');
  });

  it('starts in production with an app id, and in development without one (emulator mode)', () => {
    const prod = loadConfig({
      NODE_ENV: 'production',
      ...staff,
      MicrosoftAppId: '00000000-0000-4000-8000-000000000001',
      MicrosoftAppPassword: 'secret',
    });
    expect(prod.teams?.appId).toBe('00000000-0000-4000-8000-000000000001');
    const dev = loadConfig({ NODE_ENV: 'development', ...staff });
    expect(dev.teams).toBeDefined();
    expect(dev.teams?.appId).toBeUndefined();
  });
});

describe('shutdown budget', () => {
  it('waits 30 s by default (longer than a model call with retries) and can be set', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '45000' }).shutdownTimeoutMs).toBe(45_000);
    expect(failure({ SHUTDOWN_TIMEOUT_MS: 'soon' }).message).toContain('SHUTDOWN_TIMEOUT_MS');
  });
});

describe('embedded database switch (the container sets EMBEDDED_MONGO=off)', () => {
  it('requires MONGODB_URI with EMBEDDED_MONGO=off, in one line naming both', () => {
    const err = failure({ EMBEDDED_MONGO: 'off' });
    expect(err.message).toMatch(/^Invalid configuration: MONGODB_URI is required when EMBEDDED_MONGO=off/);
    expect(err.message).not.toContain('\n');
    const c = loadConfig({ EMBEDDED_MONGO: 'off', MONGODB_URI: 'mongodb://db:27017/?replicaSet=rs0' });
    expect(c.mongo).toMatchObject({ embedded: false, uri: 'mongodb://db:27017/?replicaSet=rs0' });
    expect(failure({ EMBEDDED_MONGO: 'maybe' }).message).toContain('EMBEDDED_MONGO');
  });

  it('starts the embedded mongo-compat server at nice 10 unless MONGO_COMPAT_NICE says otherwise', () => {
    expect(loadConfig({}).mongo.compatNice).toBe(10);
    expect(loadConfig({ MONGO_COMPAT_NICE: '0' }).mongo.compatNice).toBe(0);
    for (const bad of ['high', '20', '-1', '2.5']) {
      const err = failure({ MONGO_COMPAT_NICE: bad });
      expect(err.message).toContain('MONGO_COMPAT_NICE');
      expect(err.message).toContain('must be a whole number from 0 to 19');
      expect(err.message).not.toContain('\n');
    }
  });
});

describe('recovery timings (issue 12, case 8)', () => {
  it('default to the documented values', () => {
    const c = loadConfig({});
    expect(c.recovery).toEqual({
      graceMs: 600_000,
      sweepIntervalMs: 60_000,
      approvalSweepGraceMs: 30_000,
      outboxLeaseMs: 300_000,
      outboxInTurn: true,
      inboundLeaseMs: 30_000,
    });
    expect(c.readyzTimeoutMs).toBe(1000);
    // Unset: app.ts derives it from the database pool.
    expect(c.inboundConcurrency).toBeUndefined();
  });

  it('are read from the environment', () => {
    const c = loadConfig({
      RECOVERY_GRACE_MS: '120000',
      SWEEP_INTERVAL_MS: '5000',
      APPROVAL_SWEEP_GRACE_MS: '0',
      OUTBOX_LEASE_MS: '90000',
      INBOUND_LEASE_MS: '5000',
      OUTBOX_IN_TURN: 'off',
      READYZ_TIMEOUT_MS: '500',
      INBOUND_CONCURRENCY: '8',
    });
    expect(c.recovery).toEqual({
      graceMs: 120_000,
      sweepIntervalMs: 5000,
      approvalSweepGraceMs: 0,
      outboxLeaseMs: 90_000,
      outboxInTurn: false,
      inboundLeaseMs: 5_000,
    });
    expect(c.readyzTimeoutMs).toBe(500);
    expect(c.inboundConcurrency).toBe(8);
  });

  it.each([
    ['RECOVERY_GRACE_MS', 'ten minutes'],
    ['SWEEP_INTERVAL_MS', '0'],
    ['OUTBOX_LEASE_MS', '-5'],
    ['INBOUND_LEASE_MS', '10'],
    ['READYZ_TIMEOUT_MS', '1.5'],
    ['INBOUND_CONCURRENCY', '0'],
    ['INBOUND_CONCURRENCY', 'many'],
    ['INBOUND_CONCURRENCY', '2.5'],
  ])('a wrong %s stops start-up with one line naming it', (name, value) => {
    const err = failure({ [name]: value });
    expect(err.message).toContain(name);
    expect(err.message.split('\n')).toHaveLength(1);
  });
});
