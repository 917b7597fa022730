import { describe, expect, it } from 'vitest';
import { createKnowledgeBase, type KbArticleSource } from '../../src/agent/knowledge-base.js';
import type { KbArticle } from '../../src/domain/index.js';

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

function memorySource(
  initial: KbArticle[],
): KbArticleSource & { set(list: KbArticle[]): void; lists: number } {
  let list = initial;
  let rev = 1;
  return {
    lists: 0,
    set(next) {
      list = next;
      rev++;
    },
    async listArticles() {
      this.lists++;
      return list;
    },
    async revision() {
      return String(rev);
    },
  };
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

  it('reuses the index until the revision changes, then rebuilds', async () => {
    const source = memorySource([returns]);
    const kb = createKnowledgeBase({ source });
    await kb.search('T1', 'return');
    await kb.search('T1', 'return');
    expect(source.lists).toBe(1);
    expect(await kb.search('T1', 'FedEx carriers')).toEqual([]);
    source.set([returns, shipping]);
    expect((await kb.search('T1', 'FedEx carriers'))[0]?.article.articleId).toBe('shipping-times');
    expect(source.lists).toBe(2);
  });
});
