/**
 * `npm run train`: writes the corpus (data/corpus/{train,dev}.jsonl) from the phrase banks and
 * trains the offline engine's models (data/models/*.json), then the answerability model from the
 * golden train, dev and train2 splits and kb/ (data/models/answerability.json). Deterministic: running it
 * twice gives byte-identical files. The golden set's test split is never read here. `-- --cv` also
 * prints the grouped cross-validation that chooses the answerability fit's l2 (answerability-cv.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus, type CorpusRecord } from './corpus.js';
import { HEADS, trainHead, type Head } from './train.js';
import { MODEL_DIR } from '../offline/model/models.js';
import { ANSWERABILITY_FILE } from '../answerability.js';
import { fitAnswerabilityFile } from './answerability-file.js';
import { answerabilityCvReport } from './answerability-cv.js';
import { loadGoldenSet } from '../eval/golden.js';
import { decodeWordVectors, useWordVectors, WORD_VECTORS_FILE } from '../word-vectors.js';
import { extractWordVectors, readSourceEmbeddings } from './word-vectors-extract.js';
import { KB_QUESTIONS } from './kb-questions.js';
import { ANSWERABILITY_SPLITS, kbArticles } from './answerability-data.js';

const CORPUS_DIR = path.resolve('data/corpus');

function jsonl(records: CorpusRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
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
  // The vectors first: the answerability signals are read through them (and, after the heads are
  // written, through those).
  await trainWordVectors([...train, ...dev]);
  // After the heads are written: the answerability signals are read through them.
  const answerability = await fitAnswerabilityFile();
  writeFileSync(ANSWERABILITY_FILE, answerability.text);
  console.log(`  answerability held out: ${answerability.heldOut}`);
  console.log(`  answerability ${answerability.inSample}`);
  // How FIT_OPTIONS.l2 was chosen (slow: 25 fits), on request only; it writes nothing.
  if (process.argv.includes('--cv')) console.log(await answerabilityCvReport());
  console.log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
