import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KbArticle } from '../../src/domain/index.js';
import { COLLECTIONS } from '../../src/memory/collections.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

describe('knowledge-base writes racing each other', () => {
  let env: SeededEnv;
  beforeAll(async () => {
    env = await createSeededEnv();
  });
  afterAll(async () => env?.close());

  it('two imports of the same new articles at once store one copy each and report nothing failed', async () => {
    const articles: KbArticle[] = ['race-a', 'race-b', 'race-c'].map((articleId, i) => ({
      tenantId: env.tenantId,
      articleId,
      title: `Race ${i}`,
      category: 'shipping',
      tags: [],
      body: `Parcels in zone ${i} arrive within ${i + 2} business days.`,
      updatedAt: env.clock.now(),
      source: 'markdown:/race',
    }));
    // Both read "not stored yet" before either inserts: the second's inserts are refused by the
    // deterministic _id (duplicate key) and replaced instead, never reported as failures.
    const [first, second] = await Promise.all([
      env.stores.kbArticles.writeMany(articles),
      env.stores.kbArticles.writeMany(articles.map((a) => ({ ...a, body: `${a.body} Updated.` }))),
    ]);
    expect([...first, ...second]).toEqual([]);
    const stored = await env.db
      .collection(COLLECTIONS.kbArticles)
      .find({ tenantId: env.tenantId, articleId: { $in: ['race-a', 'race-b', 'race-c'] } })
      .toArray();
    expect(stored).toHaveLength(3);
  });
});
