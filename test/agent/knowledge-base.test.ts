import { describe, expect, it } from 'vitest';
import {
  createKnowledgeBase,
  invalidatingArticleStore,
  type KbArticleSource,
  type KbArticleWriter,
} from '../../src/agent/knowledge-base.js';
import type { KbArticle } from '../../src/domain/index.js';
import { fixedClock } from '../support/clock.js';

const article = (
  articleId: string,
  title: string,
  category: KbArticle['category'],
  body: string,
  tags: string[] = [],
): KbArticle => ({
  tenantId: 'T1',
  articleId,
  title,
  category,
  tags,
  body,
  updatedAt: new Date('2026-01-01T00:00:00Z'),
});

/** An in-memory article store: revision changes on every write, reads are counted. */
function memorySource(initial: KbArticle[]): KbArticleSource &
  KbArticleWriter & {
    set(list: KbArticle[]): void;
    lists: number;
    revisions: number;
    /** While set, revision reads wait for it (a slow database). */
    gate?: Promise<void>;
  } {
  let list = initial;
  let rev = 1;
  const source = {
    lists: 0,
    revisions: 0,
    gate: undefined as Promise<void> | undefined,
    set(next: KbArticle[]) {
      list = next;
      rev++;
    },
    async listArticles() {
      source.lists++;
      return list;
    },
    async revision() {
      source.revisions++;
      const seen = String(rev); // read now, answered after the gate: a read that predates a write
      if (source.gate) await source.gate;
      return seen;
    },
    async upsert(a: KbArticle) {
      source.set([...list.filter((x) => x.articleId !== a.articleId), a]);
      return true;
    },
    async remove(_tenantId: string, articleId: string) {
      source.set(list.filter((x) => x.articleId !== articleId));
      return true;
    },
  };
  return source;
}

describe('knowledge base', () => {
  const returns = article(
    'returns-policy',
    'Our return policy',
    'returns',
    'You can return items within 30 days of delivery.\n\nRefunds go to the original payment method.',
    ['return', 'refund'],
  );
  const shipping = article(
    'shipping-times',
    'Shipping carriers and delivery times',
    'shipping',
    'We ship with UPS and FedEx. Standard delivery takes 3–5 business days.',
    ['shipping', 'carrier'],
  );

  it('finds articles with typos and prefixes, ranks the covering one first, and filters by category', async () => {
    const kb = createKnowledgeBase({ source: memorySource([returns, shipping]) });
    const hits = await kb.search('T1', 'what is your retrun policy');
    expect(hits[0]?.article.articleId).toBe('returns-policy');
    expect(hits[0]!.relevance).toBeGreaterThanOrEqual(0.6);
    expect(await kb.search('T1', 'return policy', { category: 'shipping' })).toEqual([]);
    expect((await kb.search('T1', 'how long does delivery take'))[0]?.article.articleId).toBe(
      'shipping-times',
    );
  });

  it('does not answer a question with an article that only has a word one letter off ("long" / "lone")', async () => {
    const lone = article('lone-courier', 'The lone courier', 'general', 'A lone courier rides at night.');
    const kb = createKnowledgeBase({ source: memorySource([returns, shipping, lone]) });
    const hits = await kb.search('T1', 'how long is the return window');
    expect(hits.map((h) => h.article.articleId)).toEqual(['returns-policy']);
  });

  it('asks for the revision once per window and sees an edit made elsewhere after the window', async () => {
    const clock = fixedClock();
    const source = memorySource([returns]);
    const kb = createKnowledgeBase({ source, clock, revisionTtlMs: 5_000 });
    await kb.search('T1', 'return');
    await kb.search('T1', 'return');
    await Promise.all([kb.search('T1', 'refund'), kb.get('T1', 'returns-policy')]);
    expect(source.revisions).toBe(1);
    expect(source.lists).toBe(1);

    source.set([returns, shipping]); // another process (npm run seed) adds an article
    clock.advance(4_000);
    expect(await kb.search('T1', 'FedEx carriers')).toEqual([]);
    clock.advance(1_001);
    expect((await kb.search('T1', 'FedEx carriers'))[0]?.article.articleId).toBe('shipping-times');
    expect(source.lists).toBe(2);
    // The unchanged revision is re-confirmed, the index is not rebuilt.
    clock.advance(5_001);
    await kb.search('T1', 'return');
    expect(source.revisions).toBe(3);
    expect(source.lists).toBe(2);
  });

  it('checks the revision on every search when the window is 0', async () => {
    const source = memorySource([returns]);
    const kb = createKnowledgeBase({ source, revisionTtlMs: 0 });
    await kb.search('T1', 'return');
    source.set([returns, shipping]);
    expect((await kb.search('T1', 'FedEx carriers'))[0]?.article.articleId).toBe('shipping-times');
  });

  it('finds an article upserted through this process at once, and forgets a removed one', async () => {
    const clock = fixedClock();
    const source = memorySource([returns]);
    const kb = createKnowledgeBase({ source, clock, revisionTtlMs: 60_000 });
    const store = invalidatingArticleStore(source, kb);
    expect(await kb.search('T1', 'FedEx carriers')).toEqual([]);

    await store.upsert(shipping);
    expect((await kb.search('T1', 'FedEx carriers'))[0]?.article.articleId).toBe('shipping-times');
    await store.remove('T1', 'shipping-times');
    expect(await kb.search('T1', 'FedEx carriers')).toEqual([]);
    expect(await kb.get('T1', 'shipping-times')).toBeNull();
  });

  it('does not trust a revision read that started before a write in this process', async () => {
    const clock = fixedClock();
    const source = memorySource([returns]);
    const kb = createKnowledgeBase({ source, clock, revisionTtlMs: 60_000 });
    const store = invalidatingArticleStore(source, kb);
    await kb.search('T1', 'return');
    clock.advance(60_001);

    let open!: () => void;
    source.gate = new Promise<void>((resolve) => (open = resolve));
    const before = kb.search('T1', 'FedEx carriers'); // reads the old revision, answered late
    await Promise.resolve();
    source.gate = undefined;
    await store.upsert(shipping);
    open();
    expect(await before).toEqual([]);

    expect((await kb.search('T1', 'FedEx carriers'))[0]?.article.articleId).toBe('shipping-times');
  });
});
