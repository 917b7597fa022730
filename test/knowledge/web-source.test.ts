import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKbEnv, type KbTestEnv } from './kb-env.js';

const page = (title: string, text: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><title>${title} | Help</title></head><body>` +
  `<nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav>` +
  `<main><article><h1>${title}</h1><p>${text}</p></article></main><footer>© Acme · Terms</footer></body></html>`;

/** A small help center on loopback: robots.txt, a sitemap index, pages, a 404, a slow page. */
function helpCenter(): { server: Server; requests: string[]; release: () => void } {
  const requests: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    requests.push(url);
    const base = `http://${req.headers.host}`;
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (url) {
      case '/robots.txt':
        return send(200, 'text/plain', 'User-agent: *\nDisallow: /internal/\n');
      case '/sitemap.xml':
        return send(
          200,
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
            `<sitemap><loc>${base}/sitemap-articles.xml</loc></sitemap></sitemapindex>`,
        );
      case '/sitemap-articles.xml':
        return send(
          200,
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
            [
              '/help/returns',
              '/help/envios',
              '/internal/refund-overrides',
              '/help/moved',
              '/help/slow',
              '/help/empty',
            ]
              .map((p) => `<url><loc>${base}${p}</loc><lastmod>2026-11-01</lastmod></url>`)
              .join('') +
            `</urlset>`,
        );
      case '/help/returns':
        return send(
          200,
          'text/html; charset=utf-8',
          page(
            'Return window',
            'Items can be returned within 30 days of delivery for a refund to the original payment method.',
          ),
        );
      case '/help/envios':
        return send(
          200,
          'text/html; charset=utf-8',
          page(
            'Plazos de envío',
            'El envío estándar tarda de tres a cinco días hábiles dentro del país.',
            'es',
          ),
        );
      case '/internal/refund-overrides':
        return send(
          200,
          'text/html',
          page('Internal', 'Staff only: how to override refund limits in the admin tool.'),
        );
      case '/help/slow':
        // Never answered until the test releases it: the import must time out, not hang.
        held.push(res);
        return;
      case '/help/empty':
        return send(
          200,
          'text/html',
          '<html><body><div id="app"></div><script>boot()</script></body></html>',
        );
      default:
        return send(404, 'text/html', '<h1>Not found</h1>');
    }
  });
  return { server, requests, release: () => held.forEach((r) => r.end()) };
}

describe('web pages: sitemap index, robots.txt, failures per page', () => {
  let t: KbTestEnv;
  let site: ReturnType<typeof helpCenter>;
  let base: string;
  beforeAll(async () => {
    t = await startKbEnv();
    site = helpCenter();
    await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    site?.release();
    site?.server.closeAllConnections();
    await new Promise((resolve) => site?.server.close(resolve));
    await t?.close();
  });

  it('imports the readable pages and reports each other one with its reason', async () => {
    const seen: string[] = [];
    let total = 0;
    const report = await t.import({
      target: `${base}/sitemap.xml`,
      // Generous for a loaded machine: only the page that never answers may reach it.
      timeoutMs: 3000,
      concurrency: 2,
      onTotal: (n) => (total += n),
      onItem: (label) => seen.push(label),
    });
    expect(report.failures.length, JSON.stringify(report.failures)).toBe(4);
    expect(report.counts).toEqual({ imported: 2, updated: 0, unchanged: 0, removed: 0, failed: 4 });
    expect(Object.fromEntries(report.failures.map((f) => [new URL(f.item).pathname, f.reason]))).toEqual({
      '/internal/refund-overrides': 'disallowed by robots.txt',
      '/help/moved': 'HTTP 404 Not Found',
      '/help/slow': 'timed out after 3 s',
      '/help/empty': 'the page has no readable text',
    });
    // robots.txt was honoured: the disallowed page was never requested.
    expect(site.requests).not.toContain('/internal/refund-overrides');
    expect(site.requests.filter((r) => r === '/robots.txt')).toHaveLength(1);
    expect(total).toBe(6);
    expect(seen).toHaveLength(6);
    const returns = await t.env.stores.kbArticles.get(t.env.tenantId, `${base}/help/returns`);
    expect(returns).toMatchObject({
      title: 'Return window',
      url: `${base}/help/returns`,
      category: 'returns',
      locale: 'en',
    });
    expect(returns?.body).not.toMatch(/Pricing|Terms/);
    expect((await t.env.stores.kbArticles.get(t.env.tenantId, `${base}/help/envios`))?.locale).toBe('es');
  });

  it('reads a local text file listing URLs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kb-urls-'));
    const list = path.join(dir, 'urls.txt');
    writeFileSync(list, `# our help center\n${base}/help/returns\n\n${base}/help/gone\n`);
    // The same page as the sitemap's, so the same article: updated under the sitemap's source name.
    const report = await t.import({ target: list, timeoutMs: 3000, source: `web:${base}/sitemap.xml` });
    expect(report.counts).toMatchObject({ imported: 0, unchanged: 1, failed: 1 });
    expect(report.failures).toEqual([{ item: `${base}/help/gone`, reason: 'HTTP 404 Not Found' }]);
  });

  it('reports a sitemap URL that does not answer, and imports nothing', async () => {
    const report = await t.import({ target: `${base}/missing-sitemap.xml`, timeoutMs: 3000 });
    expect(report.counts).toMatchObject({ imported: 0, failed: 1 });
    expect(report.failures[0]?.reason).toBe('HTTP 404 Not Found');
  });
});
