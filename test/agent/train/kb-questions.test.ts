import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../../src/agent/eval/golden.js';
import { KB_QUESTIONS, readWrittenQuestions } from '../../../src/agent/train/kb-questions.js';
import { lineKey } from '../../../src/agent/train/training-splits.js';

const article = (id: string) => path.resolve('kb', `${id}.md`);

describe('the questions written from kb/ (data/kb-questions.jsonl)', () => {
  const written = readWrittenQuestions();

  it('names an existing article on every line, and each answer is that article word for word', () => {
    const wrong = written.flatMap((q, i) => {
      if (!existsSync(article(q.article))) return [`line ${i + 1}: no article ${q.article}`];
      if (q.route === 'resolve' && !readFileSync(article(q.article), 'utf8').includes(q.answer))
        return [`line ${i + 1}: answer not in ${q.article}`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('covers every article with questions it answers and near-misses it does not, a third in other languages', () => {
    const articles = new Set(written.map((q) => q.article));
    for (const file of readdirSync('kb').filter((f) => f.endsWith('.md')))
      expect(articles.has(file.replace(/\.md$/, '')), file).toBe(true);
    for (const a of articles) {
      const of = written.filter((q) => q.article === a);
      expect(of.filter((q) => q.route === 'resolve').length, a).toBeGreaterThanOrEqual(8);
      expect(of.filter((q) => q.route === 'escalate').length, a).toBeGreaterThanOrEqual(8);
    }
    const other = written.filter((q) => q.language !== 'en').length / written.length;
    expect(other).toBeGreaterThan(0.3);
  });

  it('repeats no line of train.jsonl, no line of its own, and none of the short list beside it', async () => {
    const train = new Set(
      (await loadGoldenSet(path.resolve('test/golden/train.jsonl'))).map((m) => lineKey(m.text)),
    );
    expect(written.filter((q) => train.has(lineKey(q.text))).map((q) => q.text)).toEqual([]);
    const keys = [...KB_QUESTIONS, ...written].map((q) => lineKey(q.text));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('rejects a line whose route and explanation disagree', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kbq-')), 'questions.jsonl');
    const line = {
      text: 'do you sell gift cards?',
      route: 'escalate',
      article: 'payment-methods',
      language: 'en',
      answer: 'Visa',
    };
    writeFileSync(file, JSON.stringify(line) + '\n');
    expect(() => readWrittenQuestions(file)).toThrow(/line 1/);
  });
});
