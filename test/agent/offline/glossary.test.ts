import { describe, expect, it } from 'vitest';
import { questionType } from '../../../src/agent/answer-type.js';
import { englishSearchTerms, inArticleWords } from '../../../src/agent/offline/glossary.js';

describe('the glossary finds the English article words for non-English questions', () => {
  it('reads plural forms of invoice words', () => {
    expect(englishSearchTerms('Wo kann ich alle Rechnungen sehen?')).toContain('invoice');
    expect(englishSearchTerms('Preciso das faturas do mês passado')).toContain('invoice');
    expect(englishSearchTerms('¿Dónde están las facturas?')).toContain('invoice');
  });

  it('reads the Dutch "terug te sturen" as a return, and "hoeveel dagen" as asking how long', () => {
    expect(englishSearchTerms('Kan ik de stoel terug te sturen?')).toContain('return policy');
    expect(questionType('Hoeveel dagen duurt de levering?')).toBe('duration');
  });
});

describe('everyday English for what the articles name otherwise', () => {
  it('a payment method the article does not list is searched as a question about payment methods', () => {
    expect(inArticleWords('do you take PayPal?')).toContain('payment methods');
    expect(inArticleWords('can you check my order status?')).not.toContain('payment');
  });
});
