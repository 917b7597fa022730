import { describe, expect, it } from 'vitest';
import { conceptsOf } from '../../../../src/agent/offline/model/lexicon.js';

describe('conceptsOf', () => {
  it('finds a term, a longer form of a prefix term, a typo and a word pair', () => {
    expect(conceptsOf('i want a refund')).toContain('refund');
    expect(conceptsOf('please cancelling it')).toContain('cancel');
    expect(conceptsOf('please refnud it')).toContain('refund');
    expect(conceptsOf('i want my money back')).toContain('refund');
  });

  it('says the same of a text however many words it has met before', () => {
    const texts = ['please refnud order 0 and cancel it', 'cancel it, and refnud', 'zwrot pieniedzy prosze'];
    const first = texts.map((t) => conceptsOf(t));
    for (let i = 0; i < 12_000; i++) conceptsOf(`word${i} refnud${i}`);
    expect(texts.map((t) => conceptsOf(t))).toEqual(first);
  });
});
