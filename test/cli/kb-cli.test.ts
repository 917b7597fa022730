import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const FIXTURES = path.join(ROOT, 'test/fixtures/kb');
const DB = `kbcli_${randomBytes(4).toString('hex')}`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npx tsx src/cli/kb.ts …` as a person runs it, against the test run's MongoDB. */
function kb(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['src/cli/kb.ts', ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          MONGODB_URI: inject('mongoUri'),
          MONGODB_DB: DB,
        },
        timeout: 120_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let client: MongoClient;
beforeAll(async () => {
  client = new MongoClient(inject('mongoUri'));
  await client.connect();
});
afterAll(async () => {
  await client
    ?.db(DB)
    .dropDatabase()
    .catch(() => undefined);
  await client?.close();
});

describe('npm run kb', () => {
  it('imports a Markdown folder into the organization named by --org and prints the summary', async () => {
    const run = await kb('import', path.join(FIXTURES, 'markdown'), '--org', 'ACME01');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Knowledge base of ACME01');
    expect(run.stdout).toContain('3 imported, 0 updated, 0 unchanged, 0 removed, 0 failed');
    expect(await client.db(DB).collection('kb_articles').countDocuments({ tenantId: 'ACME01' })).toBe(3);
  });

  it('exits 1 and lists each failure when some items fail; the rest is imported', async () => {
    const run = await kb('import', path.join(FIXTURES, 'zendesk'), '--org', 'ACME01');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('3 imported, 0 updated, 0 unchanged, 0 removed, 1 failed');
    expect(run.stdout).toMatch(
      /Failed:\n {2}articles-page-2\.json articles\[1\] \(id 360001234505\): title: /,
    );
  });

  it('--dry-run writes nothing; list shows the articles and the last import', async () => {
    const dry = await kb('import', path.join(FIXTURES, 'intercom'), '--org', 'ACME01', '--dry-run');
    expect(dry.stdout).toContain('Dry run (nothing written) — would have: 2 imported, 0 updated');
    const list = await kb('list', '--org', 'ACME01');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(
      'zendesk-360001234501-en-us\ten-us\treturns\tReturn window\thttps://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window',
    );
    expect(list.stdout).toContain('6 article(s) in ACME01 (en 2, en-us 2, es 2)');
    expect(list.stdout).toMatch(
      /Last import .* from files:.*zendesk: 3 imported, 0 updated, 0 unchanged, 0 removed, 1 failed/,
    );
  });

  it('removes articles by id and reports an unknown id', async () => {
    const run = await kb('remove', 'shipping', 'no-such-article', '--org', 'ACME01');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Removed 1 article(s) from ACME01.');
    expect(run.stdout).toContain('no-such-article: no such article');
    expect(await client.db(DB).collection('kb_articles').countDocuments({ tenantId: 'ACME01' })).toBe(5);
  });

  it('explains bad arguments with the usage and exit code 2', async () => {
    const run = await kb('import');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('import takes one folder, file or URL.');
    expect(run.stderr).toContain('Usage: npm run kb --');
    expect((await kb('import', 'x', '--timeout', 'soon')).stderr).toContain(
      '--timeout must be a positive number',
    );
  });
});
