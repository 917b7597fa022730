import OpenAI from 'openai';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKnowledgeBase, createOpenAiEmbeddings } from '../../src/agent/knowledge-base.js';
import { EMBEDDINGS_RETRY_MS } from '../../src/agent/kb-embeddings.js';
import type { KbArticle } from '../../src/domain/index.js';
import { fixedClock } from '../support/clock.js';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';

const article = (articleId: string, title: string, body: string): KbArticle => ({
  tenantId: 'T1',
  articleId,
  title,
  category: 'shipping',
  tags: [],
  body,
  updatedAt: new Date('2026-01-01T00:00:00Z'),
});

const ARTICLES = [
  article(
    'kb_missing',
    'Missing deliveries',
    'When tracking says delivered but the box is nowhere to be found, ask neighbours; then we file a carrier claim and send a replacement.',
  ),
  article(
    'kb_limits',
    'Parcel size limits',
    'Each parcel we ship may weigh up to 30 kg and measure up to 1.5 m.',
  ),
  article('kb_password', 'Resetting your password', 'Use the Forgot password link on the sign-in page.'),
];
const source = {
  listArticles: async () => ARTICLES,
  revision: async () => '1',
};

/** A paraphrase of "Missing deliveries" that shares none of its words, and one with "parcel". */
const PARAPHRASE = 'my parcel never showed up';

/** A toy embedding model: one dimension per concept, so meaning is scripted and visible. */
const CONCEPTS: RegExp[] = [
  /never showed|nowhere|missing|lost|not arrived/i, // an order that did not turn up
  /\b(?:size|weigh|kg|measure)\b/i, // dimensions and weight
  /password|sign-in/i, // account access
  /parcel|deliver|box|ship/i, // shipping in general
];
const embedText = (text: string) => CONCEPTS.map((re) => (re.test(text) ? 1 : 0) + 0.01);

let fake: FakeOpenAi;
let lines: Array<{ level: number; msg: string }>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake?.close());
beforeEach(() => {
  lines = [];
  fake.embeddings(null);
  fake.embeddingRequests.length = 0;
});

function hybrid(clock = fixedClock()) {
  const logger = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s)) });
  // The real SDK against the fake; no retries so a failure shows at once.
  const client = new OpenAI({ apiKey: 'test-key', baseURL: fake.baseURL, maxRetries: 0 });
  return createKnowledgeBase({
    source,
    embeddings: createOpenAiEmbeddings(client, 'test-embed'),
    logger,
    clock,
  });
}
const ids = (hits: Array<{ article: KbArticle }>) => hits.map((h) => h.article.articleId);

describe('knowledge base: hybrid search with embeddings', () => {
  it('keywords alone rank the article that merely says "parcel" first', async () => {
    const lexical = createKnowledgeBase({ source });
    expect(ids(await lexical.search('T1', PARAPHRASE))[0]).toBe('kb_limits');
  });

  it('ranks the paraphrased article first thanks to the embeddings', async () => {
    fake.embeddings(embedText);
    const kb = hybrid();

    const hits = await kb.search('T1', PARAPHRASE);

    expect(ids(hits)[0]).toBe('kb_missing');
    expect(hits[0]!.relevance).toBeGreaterThan(hits[1]!.relevance);
    // Articles embedded once for the index, then the query.
    expect(fake.embeddingRequests.map((r) => r.input.length)).toEqual([3, 1]);
    expect(fake.embeddingRequests[0]!.model).toBe('test-embed');
    await kb.search('T1', 'forgot my password');
    expect(fake.embeddingRequests).toHaveLength(3);
  });

  it('falls back to keywords when the endpoint fails, logs once, and resumes after it recovers', async () => {
    fake.embeddings({ status: 500 });
    const clock = fixedClock();
    const kb = hybrid(clock);

    expect(ids(await kb.search('T1', PARAPHRASE))[0]).toBe('kb_limits');
    expect(ids(await kb.search('T1', 'how do I reset my password'))[0]).toBe('kb_password');
    expect(ids(await kb.search('T1', PARAPHRASE))[0]).toBe('kb_limits');

    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/embeddings endpoint failed/);
    // A dead endpoint is left alone for a while: one attempt, not one per search.
    expect(fake.embeddingRequests).toHaveLength(1);

    fake.embeddings(embedText);
    clock.advance(EMBEDDINGS_RETRY_MS);
    expect(ids(await kb.search('T1', PARAPHRASE))[0]).toBe('kb_missing');
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
  });

  it('a query embedding that fails after the articles were embedded keeps the keyword ranking', async () => {
    fake.embeddings(embedText);
    const kb = hybrid();
    await kb.search('T1', 'forgot my password');
    fake.embeddings({ status: 503 });

    expect(ids(await kb.search('T1', PARAPHRASE))[0]).toBe('kb_limits');
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
  });
});
