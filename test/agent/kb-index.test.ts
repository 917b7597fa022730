import { describe, expect, it } from 'vitest';
import { topicOf } from '../../src/agent/answer-type.js';
import { buildLexicalIndex, queryTerms } from '../../src/agent/kb-index.js';

const doc = (id: string, title: string, body: string, tags = '') => ({ id, title, tags, body });

describe('lexical index (knowledge-base search)', () => {
  const index = buildLexicalIndex([
    doc('lone', 'The lone courier', 'A lone courier rides at night with a lantern.'),
    doc('long', 'Delivery times', 'Standard delivery takes how long? Three to five business days.'),
    doc('returns', 'Our return policy', 'Return unused items within 30 days for a refund.', 'return refund'),
    doc('intl', 'International shipping', 'We ship to 38 countries; international parcels clear customs.'),
  ]);

  it('does not count a different word one letter away as covering the question (fuzzy noise)', () => {
    const hits = index.search('long');
    // MiniSearch's fuzzy matching made "lone" an answer to "long" and inflated its coverage.
    expect(hits.map((h) => h.id)).toEqual(['long']);
    expect(hits[0]!.coverage).toBe(1);
  });

  it('corrects a word the articles lack to the closest one they have', () => {
    const [hit] = index.search('retrun polcy');
    expect(hit?.id).toBe('returns');
    expect(hit!.coverage).toBeCloseTo(0.9);
    expect(hit!.titleHit).toBe(true);
  });

  it('matches longer forms and forms stemming split apart ("internationally" / "international")', () => {
    expect(index.search('internationally')[0]?.id).toBe('intl');
    expect(index.search('returning items')[0]?.id).toBe('returns');
    expect(index.search('deliveries')[0]?.id).toBe('long');
  });

  it('counts only the question words an article has, and leaves out English filler', () => {
    expect(queryTerms('How long does it usually take, roughly?')).toEqual(['long']);
    expect(queryTerms('quick question: whats the return window for stuff, actually?')).toEqual([
      'return',
      'window',
    ]);
    const [hit] = index.search('how long is delivery to Mars');
    expect(hit?.id).toBe('long');
    // long + delivery of long, delivery, mar.
    expect(hit!.coverage).toBeCloseTo(2 / 3);
  });

  it('filters, limits, orders by score, and returns nothing for stop words only', () => {
    const all = index.search('return parcels customs delivery');
    expect(all.length).toBeGreaterThan(1);
    expect([...all].sort((a, b) => b.score - a.score)).toEqual(all);
    expect(index.search('return parcels customs delivery', { limit: 1 })).toEqual(all.slice(0, 1));
    const filtered = index.search('return parcels customs delivery', { filter: (id) => id !== all[0]!.id });
    expect(filtered).toEqual(all.slice(1));
    expect(index.search('how do I the')).toEqual([]);
    // A second search starts from a clean slate (scratch arrays are reused).
    expect(index.search('return parcels customs delivery')).toEqual(all);
  });
});

describe('question topic', () => {
  it('drops the amount frame, so "how much does express cost" looks for express, not for fees', () => {
    expect(queryTerms(topicOf('How much does express shipping cost?', 'amount'))).toEqual([
      'express',
      'ship',
    ]);
  });

  it('drops the frame of a question about what is possible: "do you support SAML?" is about SAML', () => {
    expect(queryTerms(topicOf('do you support SAML?', 'other'))).toEqual(['saml']);
    expect(queryTerms(topicOf('is support available on weekends?', 'other'))).toContain('support');
  });

  it('drops the duration frame, so "how long until I can get back in" looks for being locked out', () => {
    expect(queryTerms(topicOf('How long does shipping take?', 'duration'))).toEqual(['ship']);
    expect(queryTerms(topicOf('locked out, how long until I can get back in?', 'duration'))).toEqual([
      'lock',
    ]);
    const de = queryTerms(topicOf('Wie lange dauert die Erstattung?', 'duration'));
    expect(de).toContain('erstattung');
    expect(de).not.toContain('dauert');
  });
});
