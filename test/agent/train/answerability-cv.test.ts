import { describe, expect, it } from 'vitest';
import { ANSWERABILITY_FEATURES } from '../../../src/agent/answerability.js';
import { crossValidateL2, foldOf } from '../../../src/agent/train/answerability-cv.js';
import type { LabelledExample } from '../../../src/agent/train/answerability-data.js';

const d = ANSWERABILITY_FEATURES.length;
const coverage = ANSWERABILITY_FEATURES.indexOf('coverage');

/** An example on `article` whose coverage says whether it is answerable, with some noise. */
function example(article: string, i: number): LabelledExample {
  const y = (i % 3 === 0 ? 0 : 1) as 0 | 1;
  const x = new Array<number>(d).fill(0);
  x[coverage] = (y ? 0.7 : 0.3) + ((i * 37) % 11) / 40 - 0.12;
  return { x, y, confidence: 0, text: `q${i}`, article, threshold: 0.6, terms: [], articleKey: article };
}

describe('choosing the answerability fit by grouped cross-validation', () => {
  it('keeps every example of one article in one fold, the same on every run', () => {
    const articles = ['returns-policy', 'password-reset', 'api-keys', 'warranty-and-repairs'];
    for (const a of articles) expect(foldOf({ article: a })).toBe(foldOf({ article: a }));
    const folds = new Set(Array.from({ length: 28 }, (_, i) => foldOf({ article: `article-${i}` })));
    // 28 articles spread over more than one of the five folds.
    expect(folds.size).toBeGreaterThan(2);
  });

  it('scores every l2 of the grid on folds it did not fit and picks the lowest held-out loss', () => {
    const examples = Array.from({ length: 60 }, (_, i) => example(`article-${i % 12}`, i));
    const sets = [{ source: 'train', examples }];
    const { scores, best } = crossValidateL2(sets, [0.001, 1], 3);
    expect(scores.map((s) => s.l2)).toEqual([0.001, 1]);
    expect(scores.every((s) => s.scored === 60)).toBe(true);
    expect(best.logLoss).toBe(Math.min(...scores.map((s) => s.logLoss)));
    // Regularised to nearly nothing, coverage no longer separates: the light penalty wins.
    expect(best.l2).toBe(0.001);
    expect(crossValidateL2(sets, [0.001, 1], 3)).toEqual({ scores, best });
  });
});
