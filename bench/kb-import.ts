/**
 * Knowledge-base import at scale: 5,000 generated Markdown articles (in several languages and
 * categories) imported through the real pipeline into a throwaway database, re-imported unchanged,
 * then searched. Figures only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { createKnowledgeBase } from '../src/agent/knowledge-base.js';
import { createIdGenerator, systemClock } from '../src/domain/index.js';
import { importKnowledge } from '../src/knowledge/import-articles.js';
import { ensureIndexes } from '../src/memory/indexes.js';
import { createMongoStores } from '../src/memory/mongo-stores.js';
import { ascending, ms, percentile, type Report } from './stats.js';

const TOPICS = [
  ['returns', 'return refund window label parcel exchange unused original packaging'],
  ['shipping', 'shipping delivery carrier tracking customs courier parcel express'],
  ['billing', 'invoice payment card charge receipt plan subscription tax'],
  ['account', 'password login account profile team member sso two-factor'],
  ['technical', 'api webhook integration error outage token rate limit'],
  ['general', 'hours contact support phone office holiday gift card'],
] as const;
/**
 * The rest of an article's words: a synthetic vocabulary of 5,000 words drawn with a Zipf-like
 * skew, as real text is (a few words everywhere, most words in few articles). A corpus of a
 * hundred words repeated in every article would make every query match every article.
 */
const SYLLABLES = 'ka lo mi ne ru sa ti po de fa gu hi ja ke lu ma no pe ri so'.split(' ');
const VOCABULARY = Array.from({ length: 5000 }, (_, i) => {
  let w = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) w += SYLLABLES[n % SYLLABLES.length];
  return `${w}${SYLLABLES[(i * 7) % SYLLABLES.length]}`;
});
const QUERIES = [
  'How long do I have to return an item?',
  'Where is my parcel? tracking number',
  'I was charged twice on my invoice',
  'How do I reset my password?',
  'API rate limit error 429',
  'What are your support hours?',
  'Can I change the delivery address?',
  'Do you ship internationally with customs?',
];

/** A small deterministic PRNG so every run imports the same articles. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function generate(dir: string, count: number): void {
  const rnd = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  // Zipf-like: index ~ N^(u^2), so low indexes (common words) come up far more often.
  const common = () =>
    VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(VOCABULARY.length ** (rnd() ** 2)) - 1)]!;
  for (let i = 0; i < count; i++) {
    const [category, words] = TOPICS[i % TOPICS.length]!;
    const vocab = words.split(' ');
    const locale = i % 10 === 0 ? 'es' : i % 15 === 0 ? 'fr' : 'en';
    const paragraphs = Array.from({ length: 3 + (i % 4) }, () =>
      Array.from({ length: 40 }, () => (rnd() < 0.08 ? pick(vocab) : common())).join(' '),
    );
    const folder = path.join(dir, `section-${i % 50}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, `article-${i}.md`),
      `---\ncategory: ${category}\nlocale: ${locale}\nurl: https://help.example.com/articles/${i}\ntags: [${vocab.slice(0, 3).join(', ')}]\n---\n\n` +
        `# ${vocab[i % vocab.length]} guide ${i}: ${pick(vocab)} and ${pick(vocab)}\n\n${paragraphs.join('\n\n')}\n`,
    );
  }
}

export async function benchKbImport(uri: string, report: Report, count: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-kb-'));
  const client = new MongoClient(uri, { ignoreUndefined: true });
  const dbName = `bench_kb_${Date.now().toString(36)}`;
  try {
    generate(dir, count);
    await client.connect();
    const db = client.db(dbName);
    const logger = pino({ level: 'silent' });
    await ensureIndexes(db, logger);
    const stores = createMongoStores(db, { logger, clock: systemClock });
    const deps = {
      articles: stores.kbArticles,
      syncs: stores.kbSyncs,
      clock: systemClock,
      ids: createIdGenerator(),
    };
    const tenantId = 'TBENCHKB';

    let t0 = performance.now();
    const first = await importKnowledge(deps, { tenantId, target: dir });
    const firstS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    const again = await importKnowledge(deps, { tenantId, target: dir });
    const againS = (performance.now() - t0) / 1000;

    const kb = createKnowledgeBase({ source: stores.kbArticles, revisionTtlMs: 5_000 });
    t0 = performance.now();
    await kb.search(tenantId, QUERIES[0]!); // builds the index
    const buildMs = performance.now() - t0;
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < 400; i++) {
      const q = QUERIES[i % QUERIES.length]!;
      const s = performance.now();
      const c = process.cpuUsage();
      await kb.search(tenantId, q, { limit: 3, locale: 'en' });
      const used = process.cpuUsage(c);
      times.push(performance.now() - s);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    const cpu = process.cpuUsage(cpu0);
    const sorted = ascending(times);
    const c = first.counts;
    report.row(
      `kb import: ${count} Markdown articles, first run`,
      `${firstS.toFixed(1)} s (${c.imported} imported, ${c.failed} failed)`,
    );
    report.row(
      'kb import: same folder again (all unchanged)',
      `${againS.toFixed(1)} s (${again.counts.unchanged} unchanged)`,
    );
    report.row(`kb index build over ${count} articles (first search)`, ms(buildMs));
    report.row(`kb search over ${count}: p50 (400 queries)`, ms(percentile(sorted, 50)));
    report.row(`kb search over ${count}: p95`, ms(percentile(sorted, 95)));
    // CPU time does not grow when other processes share the cores; wall time does.
    report.row(`kb search over ${count}: CPU per query (mean)`, ms((cpu.user + cpu.system) / 1000 / 400));
    report.row(`kb search over ${count}: CPU per query p95`, ms(percentile(ascending(cpuTimes), 95)));
  } finally {
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
