/**
 * `npm run train`: writes the corpus (data/corpus/{train,dev}.jsonl) from the phrase banks and
 * trains the offline engine's models (data/models/*.json), then the answerability model from the
 * golden train, dev and train2 splits and kb/ (data/models/answerability.json). Deterministic: running it
 * twice gives byte-identical files. The golden set's test split is never read here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus, type CorpusRecord } from './corpus.js';
import { HEADS, trainHead, type Head } from './train.js';
import { MODEL_DIR } from '../offline/model/models.js';
import {
  ANSWERABILITY_FILE,
  answerabilityProbability,
  fitAnswerability,
  useAnswerabilityModel,
} from '../answerability.js';
import { loadGoldenSet } from '../eval/golden.js';
import { decodeWordVectors, useWordVectors, WORD_VECTORS_FILE } from '../word-vectors.js';
import { extractWordVectors, readSourceEmbeddings } from './word-vectors-extract.js';
import { KB_QUESTIONS } from './kb-questions.js';
import {
  ANSWERABILITY_SPLITS,
  answerabilitySets,
  kbArticles,
  memoryKnowledgeBase,
  type LabelledExample,
} from './answerability-data.js';

const CORPUS_DIR = path.resolve('data/corpus');

function jsonl(records: CorpusRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** Share of examples the model routes as labelled at each one's own threshold (0.60, or 0.75 when urgent or negative). */
function routedRight(model: ReturnType<typeof fitAnswerability>, examples: LabelledExample[]): string {
  const ok = examples.filter((e) => (answerabilityProbability(model, e.x) >= e.threshold ? 1 : 0) === e.y);
  const heuristic = examples.filter((e) => (e.confidence >= e.threshold ? 1 : 0) === e.y);
  return `${ok.length}/${examples.length} (hand-set confidence: ${heuristic.length})`;
}

/**
 * The answerability model (answerability.ts): fitted on the golden train, dev and train2 splits
 * and the written KB questions. Each golden split is also fitted without it and scored on it, so
 * the figure printed is one the model was not fitted on.
 */
async function trainAnswerability(): Promise<void> {
  const kb = await memoryKnowledgeBase();
  // Signals are the same either way; without a model each example also carries the hand-set confidence to compare with.
  useAnswerabilityModel(null);
  const sets = await answerabilitySets(kb);
  const of = (source: string) => sets.find((s) => s.source === source)!.examples;
  const without = (left: string) =>
    fitAnswerability(
      sets.filter((s) => s.source !== left).flatMap((s) => s.examples),
      {
        examples: 0,
        answerable: 0,
        sources: {},
      },
    );
  console.log(
    `  answerability, each golden split held out: ${ANSWERABILITY_SPLITS.map((s) => `${s} ${routedRight(without(s), of(s))}`).join(', ')}`,
  );
  const all = sets.flatMap((s) => s.examples);
  const model = fitAnswerability(all, {
    examples: all.length,
    answerable: all.filter((e) => e.y === 1).length,
    sources: Object.fromEntries(sets.map((s) => [s.source, s.examples.length])),
  });
  writeFileSync(ANSWERABILITY_FILE, JSON.stringify(model, null, 2) + '\n');
  console.log(`  answerability ${all.length} examples, in-sample ${routedRight(model, all)}`);
}

/**
 * The word vectors the product needs (word-vectors.ts), cut from the npm package: the words of
 * kb/, the corpus and the golden training splits, and the most frequent general words. The
 * answerability model is then fitted on what these very bytes give.
 */
async function trainWordVectors(corpus: CorpusRecord[]): Promise<void> {
  const articles = await kbArticles();
  const golden = await Promise.all(
    ANSWERABILITY_SPLITS.map((s) => loadGoldenSet(path.resolve(`test/golden/${s}.jsonl`))),
  );
  const texts = [
    ...articles.map((a) => `${a.title}\n${a.tags.join(' ')}\n${a.body}`),
    ...corpus.map((r) => r.text),
    ...golden.flat().map((m) => m.text),
    ...KB_QUESTIONS.map((q) => q.text),
  ];
  const bytes = extractWordVectors(readSourceEmbeddings(), texts);
  writeFileSync(WORD_VECTORS_FILE, bytes);
  useWordVectors(decodeWordVectors(bytes));
  console.log(`  word vectors ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const { train, dev } = generateCorpus();
  mkdirSync(CORPUS_DIR, { recursive: true });
  writeFileSync(path.join(CORPUS_DIR, 'train.jsonl'), jsonl(train));
  writeFileSync(path.join(CORPUS_DIR, 'dev.jsonl'), jsonl(dev));
  console.log(
    `corpus: ${train.length} train, ${dev.length} dev messages in ${path.relative(process.cwd(), CORPUS_DIR)}/`,
  );
  mkdirSync(MODEL_DIR, { recursive: true });
  for (const head of Object.keys(HEADS) as Head[]) {
    const t = trainHead(head, train, dev);
    writeFileSync(path.join(MODEL_DIR, `${head}.json`), t.file);
    console.log(
      `  ${head.padEnd(9)} dev accuracy ${(t.devAccuracy * 100).toFixed(1)}%, temperature ${t.temperature}, ${(t.file.length / 1024).toFixed(0)} KiB`,
    );
  }
  await trainWordVectors([...train, ...dev]);
  await trainAnswerability();
  console.log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
