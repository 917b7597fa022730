import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startKbEnv, type KbTestEnv } from './kb-env.js';

const RETURN_QUESTION = 'How long do I have to return an item I bought?';

describe('Markdown folder', () => {
  let t: KbTestEnv;
  beforeAll(async () => {
    t = await startKbEnv();
  });
  afterAll(async () => t?.close());

  it('imports every file, front matter optional, title from the first heading, locale per file', async () => {
    const report = await t.import({ target: path.join(FIXTURES, 'markdown') });
    expect(report.counts).toEqual({ imported: 3, updated: 0, unchanged: 0, removed: 0, failed: 0 });
    const returns = await t.env.stores.kbArticles.get(t.env.tenantId, 'returns');
    expect(returns).toMatchObject({
      title: 'How long do I have to return an item?',
      category: 'returns',
      url: 'https://help.acme.example/hc/en-us/articles/returns',
      tags: ['return', 'refund', 'return window'],
    });
    // The heading became the title and left the body.
    expect(returns?.body.startsWith('You can return any item within **45 days')).toBe(true);
    const shipping = await t.env.stores.kbArticles.get(t.env.tenantId, 'shipping');
    // No front matter, no heading: the file name is the title, the path the URL, the words the category.
    expect(shipping).toMatchObject({ title: 'shipping', category: 'shipping' });
    expect(shipping?.url).toBe(path.join(FIXTURES, 'markdown', 'shipping.md'));
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'es/devoluciones.es')).toMatchObject({
      locale: 'es',
      category: 'returns',
    });
  });

  it('answers the return-window question from the imported article, citing its URL', async () => {
    const r = await t.ask(RETURN_QUESTION);
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('45 days of delivery');
    expect(r.reply?.text).toContain('(https://help.acme.example/hc/en-us/articles/returns)');
    expect(r.reply?.citations).toEqual([
      {
        articleId: 'returns',
        title: 'How long do I have to return an item?',
        url: 'https://help.acme.example/hc/en-us/articles/returns',
      },
    ]);
  });

  it('answers a Spanish question from the Spanish article, not the English one', async () => {
    const r = await t.ask('¿Cuánto tiempo tengo para devolver un artículo?');
    expect(r.understanding.language).toBe('es');
    expect(r.reply?.citations[0]?.articleId).toBe('es/devoluciones.es');
    expect(r.reply?.text).toContain('45 días posteriores a la entrega');
    expect(r.reply?.text).toContain('https://help.acme.example/hc/es/articles/devoluciones');
    // In the customer's language: no "the article is in English" note.
    expect(r.reply?.text).not.toMatch(/en inglés/);
  });

  it('never shows a local file path to a customer', async () => {
    const r = await t.ask('How long does standard shipping take?');
    expect(r.reply?.citations[0]?.articleId).toBe('shipping');
    expect(r.reply?.citations[0]?.url).toBeUndefined();
    expect(r.reply?.text).not.toContain(FIXTURES);
  });
});

describe('Zendesk Help Center export (two pages)', () => {
  let t: KbTestEnv;
  beforeAll(async () => {
    t = await startKbEnv();
  });
  afterAll(async () => t?.close());

  it('imports articles per locale, maps section names to categories, skips drafts, reports the broken one', async () => {
    const report = await t.import({ target: path.join(FIXTURES, 'zendesk') });
    expect(report.counts).toMatchObject({ imported: 3, failed: 1 });
    expect(report.failures).toEqual([
      {
        item: 'articles-page-2.json articles[1] (id 360001234505)',
        reason: expect.stringMatching(/^title: /),
      },
    ]);
    const window = await t.env.stores.kbArticles.get(t.env.tenantId, 'zendesk-360001234501-en-us');
    expect(window).toMatchObject({
      title: 'Return window',
      category: 'returns',
      locale: 'en-us',
      url: 'https://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window',
      tags: ['returns', 'window'],
      updatedAt: new Date('2026-09-14T08:30:00Z'),
    });
    // HTML became Markdown; links keep their words only.
    expect(window?.body).toContain('within **60 days** of delivery');
    expect(window?.body).toContain('open the return form with your order number');
    expect((await t.env.stores.kbArticles.get(t.env.tenantId, 'zendesk-360001234502-en-us'))?.category).toBe(
      'account',
    );
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'zendesk-360001234503-en-us')).toBeNull();
    expect((await t.env.stores.kbArticles.get(t.env.tenantId, 'zendesk-360001234504-es'))?.locale).toBe('es');
  });

  it('answers the return-window question from the Zendesk article with its URL', async () => {
    const r = await t.ask(RETURN_QUESTION);
    expect(r.route).toBe('resolve');
    expect(r.reply?.text).toContain('60 days');
    expect(r.reply?.text).toContain('https://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window');
    expect(r.reply?.citations[0]?.url).toBe(
      'https://acme.zendesk.com/hc/en-us/articles/360001234501-Return-window',
    );
  });
});

describe('Intercom export and HTML pages', () => {
  let t: KbTestEnv;
  beforeAll(async () => {
    t = await startKbEnv();
  });
  afterAll(async () => t?.close());

  it('imports each published language of an Intercom article as its own article', async () => {
    const report = await t.import({ target: path.join(FIXTURES, 'intercom', 'articles.json') });
    expect(report.counts).toMatchObject({ imported: 2, failed: 1 });
    expect(report.failures[0]).toMatchObject({
      item: expect.stringContaining('id 6871120'),
      reason: 'the article body has no text',
    });
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'intercom-6871119-fr')).toMatchObject({
      title: 'Retourner une commande',
      locale: 'fr',
      url: 'https://intercom.help/acme/fr/articles/6871119-retourner-une-commande',
    });
    expect(await t.env.stores.kbArticles.get(t.env.tenantId, 'intercom-6871119-de')).toBeNull();
  });

  it('extracts the main content of an HTML page, without navigation or footer', async () => {
    const report = await t.import({ target: path.join(FIXTURES, 'html') });
    expect(report.counts).toMatchObject({ imported: 1, failed: 1 });
    expect(report.failures).toEqual([{ item: 'empty.html', reason: 'the page has no readable text' }]);
    const page = await t.env.stores.kbArticles.get(t.env.tenantId, 'returns');
    expect(page).toMatchObject({
      title: 'Returns and refunds',
      url: 'https://help.acme.example/returns',
      locale: 'en',
    });
    expect(page?.body).toContain('return unused items within 30 days');
    expect(page?.body).not.toMatch(/Pricing|Cookie settings|Log in/);
  });
});
