import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/memory/collections.js';
import { startKbEnv, type KbTestEnv } from './kb-env.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kb-src-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const article = (title: string, text: string) => `# ${title}\n\n${text}\n`;

describe('incremental re-import', () => {
  let t: KbTestEnv;
  let dir: string;
  beforeAll(async () => {
    t = await startKbEnv();
    dir = folder({
      'returns.md': article('Returns', 'Items can be returned within 30 days of delivery.'),
      'shipping.md': article('Shipping', 'Standard shipping takes three to five business days.'),
      'billing/invoices.md': article('Invoices', 'Invoices are emailed on the first day of each month.'),
    });
  });
  afterAll(async () => t?.close());

  it('skips unchanged articles, replaces a changed one, and the next search sees the change', async () => {
    expect((await t.import({ target: dir })).counts).toMatchObject({ imported: 3, unchanged: 0 });
    expect((await t.ask('How long do I have to return an item?')).reply?.text).toContain('30 days');
    const stored = await t.env.db
      .collection(COLLECTIONS.kbArticles)
      .find({})
      .sort({ articleId: 1 })
      .toArray();

    const again = await t.import({ target: dir });
    expect(again.counts).toEqual({ imported: 0, updated: 0, unchanged: 3, removed: 0, failed: 0 });
    // Not a single document rewritten.
    expect(
      await t.env.db.collection(COLLECTIONS.kbArticles).find({}).sort({ articleId: 1 }).toArray(),
    ).toEqual(stored);

    writeFileSync(
      path.join(dir, 'returns.md'),
      article('Returns', 'Items can be returned within 60 days of delivery.'),
    );
    t.env.clock.advance(60_000);
    const changed = await t.import({ target: dir });
    expect(changed.counts).toEqual({ imported: 0, updated: 1, unchanged: 2, removed: 0, failed: 0 });
    expect((await t.ask('How long do I have to return an item?')).reply?.text).toContain('60 days');
    expect(await t.env.stores.kbArticles.listArticles(t.env.tenantId)).toHaveLength(3);
  });

  it('keeps an article gone from the source unless --prune, and prunes only its own source', async () => {
    const other = folder({
      'warranty.md': article('Warranty', 'Every product has a two-year warranty against defects.'),
      'returns.md': article('Returns (old site)', 'Returns are accepted within 14 days.'),
    });
    const second = await t.import({ target: other });
    expect(second.counts).toMatchObject({ imported: 1, failed: 1 });
    // Another folder's returns.md does not silently replace this one's.
    expect(second.failures[0]).toEqual({
      item: 'returns',
      reason: expect.stringContaining(`the id belongs to an article from files:${dir}`),
    });
    expect((await t.env.stores.kbArticles.get(t.env.tenantId, 'returns'))?.body).toContain('60 days');

    rmSync(path.join(dir, 'shipping.md'));
    const kept = await t.import({ target: dir });
    expect(kept.counts).toMatchObject({ removed: 0, unchanged: 2 });
    expect(kept.stale).toEqual(['shipping']);
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'shipping')).not.toBeNull();

    const dry = await t.import({ target: dir, prune: true, dryRun: true });
    expect(dry.counts.removed).toBe(1);
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'shipping')).not.toBeNull();

    const pruned = await t.import({ target: dir, prune: true });
    expect(pruned.counts).toMatchObject({ removed: 1, unchanged: 2 });
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'shipping')).toBeNull();
    // The other source's article is not this source's to prune.
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'warranty')).not.toBeNull();
    const answer = await t.ask('How long does shipping take?');
    expect((answer.reply?.citations ?? []).map((c) => c.articleId)).not.toContain('shipping');
  });

  it('records every run except dry runs, and staff see the count and the last sync', async () => {
    const runs = await t.env.db.collection(COLLECTIONS.kbSyncs).find({ tenantId: t.env.tenantId }).toArray();
    // 3 + 2 runs above (the dry run left no record; the empty demo seed changed nothing).
    expect(runs).toHaveLength(6);
    const status = await t.env.stores.kbSyncs.status(t.env.tenantId);
    expect(status.articles).toBe(3);
    expect(status.byLocale).toEqual({ en: 3 });
    expect(status.lastSync).toMatchObject({ source: `files:${dir}`, pruned: true, counts: { removed: 1 } });
  });
});

describe('bad input', () => {
  let t: KbTestEnv;
  beforeAll(async () => {
    t = await startKbEnv();
  });
  afterAll(async () => t?.close());

  it('reports each bad item in one sentence, imports the rest, and stores nothing half-written', async () => {
    const dir = folder({
      'good.md': article('Gift cards', 'Gift cards never expire and can be used on any order.'),
      'broken-front-matter.md': '---\ntitle: [unclosed\n---\nBody text here.\n',
      'only-a-title.md': '# Just a heading\n',
      'menu.html': '<html><body><nav><a href="/">Home</a></nav></body></html>',
      'export.json': '{"articles": [ {"id": 1, "title": "Half',
      'notes.json': '{"hello": "world"}',
      'zendesk.json': JSON.stringify({
        articles: [
          {
            id: 7,
            title: 'Ok',
            body: '<p>Fine words here.</p>',
            html_url: 'https://x.example/7',
            locale: 'en',
          },
          { id: 8, title: 'Bad URL', body: '<p>Words.</p>', html_url: 'not a url', locale: 'en' },
          {
            id: 9,
            title: 'Bad locale',
            body: '<p>Words.</p>',
            html_url: 'https://x.example/9',
            locale: 'English!',
          },
        ],
      }),
    });
    symlinkSync(path.join(dir, 'does-not-exist.md'), path.join(dir, 'dangling.md'));
    const report = await t.import({ target: dir });
    expect(report.counts).toMatchObject({ imported: 2, failed: 8 });
    const why = Object.fromEntries(report.failures.map((f) => [f.item, f.reason]));
    expect(why).toEqual({
      'broken-front-matter.md': expect.stringMatching(/^unreadable front matter/),
      'only-a-title.md': 'no text after the title',
      'menu.html': 'the page has no readable text',
      'export.json': expect.stringMatching(/^malformed JSON/),
      'notes.json': 'not a Zendesk (articles[]) or Intercom (data[]) export',
      'zendesk.json articles[1] (id 8)': expect.stringMatching(/^html_url: /),
      'zendesk.json articles[2] (id 9)': expect.stringMatching(/^locale: /),
      'dangling.md': 'no such file or folder',
    });
    const ids = (await t.env.stores.kbArticles.listArticles(t.env.tenantId)).map((a) => a.articleId).sort();
    expect(ids).toEqual(['good', 'zendesk-7-en']);
  });

  it('a target that does not exist is one failure, not a crash', async () => {
    const report = await t.import({ target: '/nowhere/help-center' });
    expect(report.failures).toEqual([{ item: '/nowhere/help-center', reason: 'no such file or folder' }]);
    expect(report.counts.imported).toBe(0);
  });
});
