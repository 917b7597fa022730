/**
 * `npm run train`: writes the corpus (data/corpus/{train,dev}.jsonl) from the phrase banks and
 * trains the offline engine's models (data/models/*.json): the heads on the corpus (and the golden
 * labels of HEAD_SPLITS, the consumed held-out sets: golden-labels.ts), then the answerability model on the golden
 * training splits (train, dev, train2, the consumed dev2–dev11) and kb/ (data/models/answerability.json).
 * Deterministic: running it twice gives byte-identical files. No split outside TRAINING_SPLITS
 * (test, dev12, any later set) is fitted: their lines are only compared, so that a training line
 * repeating one of them is left out (training-splits.ts). `-- --cv` also prints the grouped cross-validation
 * that chooses the answerability fit's l2 (answerability-cv.ts). `-- --hold-out devK` leaves one
 * training split out of every fit, for a leave-one-set-out estimate with `npm run eval -- --split
 * devK`: the files it writes are not the committed ones (`npm run train` puts them back).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus, type CorpusRecord } from './corpus.js';
import { HEADS, trainHead, type Head } from './train.js';
import { MODEL_DIR } from '../offline/model/models.js';
import { ANSWERABILITY_FILE } from '../answerability.js';
import { fitAnswerabilityFile } from './answerability-file.js';
import { answerabilityCvReport } from './answerability-cv.js';
import { TRAINING_SPLITS, type TrainingSplit } from '../eval/golden.js';
import { heldOutOf, loadTrainingSplit } from './training-splits.js';
import { decodeWordVectors, useWordVectors, WORD_VECTORS_FILE } from '../word-vectors.js';
import { extractWordVectors, readSourceEmbeddings } from './word-vectors-extract.js';
import { KB_QUESTIONS } from './kb-questions.js';
import { ANSWERABILITY_SPLITS, kbArticles } from './answerability-data.js';
import { goldenHeadLabels, HEAD_SPLITS } from './golden-labels.js';

const CORPUS_DIR = path.resolve('data/corpus');

function jsonl(records: CorpusRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/**
 * The word vectors the product needs (word-vectors.ts), cut from the npm package: the words of
 * kb/, the corpus and the golden training splits, and the most frequent general words. The
 * answerability model is then fitted on what these very bytes give.
 */
async function trainWordVectors(corpus: CorpusRecord[], splits: readonly TrainingSplit[]): Promise<void> {
  const articles = await kbArticles();
  const golden = await Promise.all(splits.map((s) => loadTrainingSplit(s, heldOutOf(splits))));
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

/** The training splits minus the one `--hold-out` names, if any. */
function heldOutSplit(): TrainingSplit | null {
  const { values } = parseArgs({ options: { cv: { type: 'boolean' }, 'hold-out': { type: 'string' } } });
  const name = values['hold-out'];
  if (name === undefined) return null;
  if (!(TRAINING_SPLITS as readonly string[]).includes(name))
    throw new Error(`--hold-out must be one of ${TRAINING_SPLITS.join(', ')}`);
  return name as TrainingSplit;
}

async function main(): Promise<void> {
  const started = Date.now();
  const left = heldOutSplit();
  const keep = (splits: readonly TrainingSplit[]) => splits.filter((s) => s !== left);
  if (left) console.log(`holding out ${left}: these files are for its estimate, not to commit`);
  const { train, dev } = generateCorpus();
  mkdirSync(CORPUS_DIR, { recursive: true });
  writeFileSync(path.join(CORPUS_DIR, 'train.jsonl'), jsonl(train));
  writeFileSync(path.join(CORPUS_DIR, 'dev.jsonl'), jsonl(dev));
  console.log(
    `corpus: ${train.length} train, ${dev.length} dev messages in ${path.relative(process.cwd(), CORPUS_DIR)}/`,
  );
  mkdirSync(MODEL_DIR, { recursive: true });
  const golden = await goldenHeadLabels(keep(HEAD_SPLITS), left ? [left] : []);
  console.log(
    `golden: ${golden.intent.length} intent, ${golden.urgency.length} urgency, ${golden.concern.length} concern labels`,
  );
  for (const head of Object.keys(HEADS) as Head[]) {
    const t = trainHead(head, train, dev, head === 'sentiment' ? [] : golden[head]);
    writeFileSync(path.join(MODEL_DIR, `${head}.json`), t.file);
    console.log(
      `  ${head.padEnd(9)} dev accuracy ${(t.devAccuracy * 100).toFixed(1)}%, temperature ${t.temperature}, ${(t.file.length / 1024).toFixed(0)} KiB`,
    );
  }
  // The vectors first: the answerability signals are read through them (and, after the heads are
  // written, through those).
  await trainWordVectors([...train, ...dev], keep(TRAINING_SPLITS));
  // After the heads are written: the answerability signals are read through them.
  const answerability = await fitAnswerabilityFile(keep(ANSWERABILITY_SPLITS));
  writeFileSync(ANSWERABILITY_FILE, answerability.text);
  console.log(`  answerability held out: ${answerability.heldOut()}`);
  console.log(`  answerability ${answerability.inSample}`);
  // How FIT_OPTIONS.l2 was chosen (slow: 25 fits), on request only; it writes nothing.
  if (process.argv.includes('--cv')) console.log(await answerabilityCvReport(keep(ANSWERABILITY_SPLITS)));
  console.log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
