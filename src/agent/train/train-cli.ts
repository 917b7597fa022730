/**
 * `npm run train [-- --cv] [-- --route-only]`: writes the corpus (data/corpus/{train,dev}.jsonl)
 * from the phrase banks and trains the offline engine's models (data/models/*.json), the
 * answerability model from the golden train and dev splits and kb/ (answerability.json), then the
 * route model from every golden set but test (route.json), with its leave-one-set-out figures.
 * `--cv` also prints the model selection (today's routing, the answerability regression refitted
 * per fold, and each boosted-tree configuration tried); `--route-only` retrains the route model
 * alone on the committed models. Deterministic: running it twice gives byte-identical files. The
 * golden set's test split is never read here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { generateCorpus, type CorpusRecord } from './corpus.js';
import { HEADS, trainHead, type Head } from './train.js';
import { MODEL_DIR } from '../offline/model/models.js';
import {
  ANSWERABILITY_FILE,
  answerabilityProbability,
  fitAnswerability,
  useAnswerabilityModel,
  type LabelledSignals,
} from '../answerability.js';
import { answerabilitySets, memoryKnowledgeBase, type LabelledExample } from './answerability-data.js';
import { ROUTE_FEATURES } from '../route-features.js';
import { ROUTE_MODEL_FILE, type RouteModel } from '../route-model.js';
import { collectRouteCases, ROUTE_SOURCES, type RouteCase } from './route-data.js';
import {
  answerabilityFitter,
  boostFitter,
  crossValidate,
  currentScorer,
  formatFolds,
  meanFold,
  routeExamples,
  scoreRoutes,
} from './route-cv.js';
import { fitRouteModel, ROUTE_BOOST_OPTIONS, type BoostOptions } from './route-fit.js';

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
 * The answerability model (answerability.ts): fitted on the golden train and dev splits and the
 * written KB questions. Each golden split is also fitted without the other and scored on it, so
 * the figure printed is one the model was not fitted on.
 */
async function trainAnswerability(): Promise<void> {
  const kb = await memoryKnowledgeBase();
  // Signals are the same either way; without a model each example also carries the hand-set confidence to compare with.
  useAnswerabilityModel(null);
  const sets = await answerabilitySets(kb);
  const of = (source: string) => sets.find((s) => s.source === source)!.examples;
  const written = of('kb-questions');
  const only = (examples: LabelledSignals[]) =>
    fitAnswerability([...examples, ...written], { examples: 0, answerable: 0, sources: {} });
  console.log(
    `  answerability held out: train→dev ${routedRight(only(of('train')), of('dev'))}, dev→train ${routedRight(only(of('dev')), of('train'))}`,
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

/** Boosted-tree configurations `--cv` compares by their mean leave-one-set-out route accuracy. */
const CANDIDATES: BoostOptions[] = [
  { ...ROUTE_BOOST_OPTIONS, trees: 0 },
  { ...ROUTE_BOOST_OPTIONS, escalationWeight: 1, l2: 1 },
  { ...ROUTE_BOOST_OPTIONS, escalationWeight: 1 },
  { ...ROUTE_BOOST_OPTIONS, escalationWeight: 1.5 },
  ROUTE_BOOST_OPTIONS,
  { ...ROUTE_BOOST_OPTIONS, escalationWeight: 3 },
  { ...ROUTE_BOOST_OPTIONS, l2: 1 },
  { ...ROUTE_BOOST_OPTIONS, depth: 1, trees: 300 },
  { ...ROUTE_BOOST_OPTIONS, depth: 3 },
  { ...ROUTE_BOOST_OPTIONS, trees: 150 },
  { ...ROUTE_BOOST_OPTIONS, minLeaf: 16 },
];

/**
 * The route model (route-model.ts): the golden sets but test run through the offline agent, the
 * open messages fitted with boosted trees; the figures printed are leave-one-set-out.
 */
async function trainRoute(cv: boolean): Promise<void> {
  const cases = await collectRouteCases(
    loadConfig(),
    createLogger({ level: process.env.LOG_LEVEL ?? 'warn' }),
  );
  const examples = routeExamples(cases);
  console.log(
    `  route: ${cases.length} labelled messages, ${examples.length} whose route no rule decides (${examples.filter((e) => e.y === 1).length} answerable)`,
  );
  if (cv) {
    console.log(
      formatFolds(
        "today's routing (answerability fitted on train and dev: in-sample there)",
        ROUTE_SOURCES.map((heldOut) => ({ heldOut, ...scoreRoutesOf(cases, heldOut) })),
      ),
    );
    console.log(
      formatFolds(
        'answerability regression refitted per fold (the approach before)',
        crossValidate(cases, answerabilityFitter),
      ),
    );
    for (const opts of CANDIDATES) {
      const folds = crossValidate(cases, boostFitter(opts));
      const m = meanFold(folds);
      console.log(
        `  boosted trees ${JSON.stringify(opts)}: mean route ${(m.route * 100).toFixed(1)}%, escalation ${(m.escalationPrecision * 100).toFixed(1)}% / ${(m.escalationRecall * 100).toFixed(1)}%`,
      );
    }
  }
  const folds = crossValidate(cases, boostFitter(ROUTE_BOOST_OPTIONS));
  console.log(formatFolds(`route model, leave one set out ${JSON.stringify(ROUTE_BOOST_OPTIONS)}`, folds));
  const fitted = fitRouteModel(examples, ROUTE_BOOST_OPTIONS);
  const model: RouteModel = {
    format: 'switchboard-route/1',
    features: [...ROUTE_FEATURES],
    ...fitted,
    trainedOn: {
      examples: examples.length,
      answerable: examples.filter((e) => e.y === 1).length,
      sources: Object.fromEntries(
        ROUTE_SOURCES.map((s) => [s, routeExamples(cases.filter((c) => c.source === s)).length]),
      ),
    },
    crossValidated: folds,
    options: ROUTE_BOOST_OPTIONS,
  };
  writeFileSync(ROUTE_MODEL_FILE, JSON.stringify(model) + '\n');
}

function scoreRoutesOf(cases: RouteCase[], heldOut: string) {
  return scoreRoutes(
    cases.filter((c) => c.source === heldOut),
    currentScorer,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { cv: { type: 'boolean', default: false }, 'route-only': { type: 'boolean', default: false } },
  });
  const started = Date.now();
  if (values['route-only']) {
    await trainRoute(values.cv!);
    console.log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
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
  await trainAnswerability();
  // Retrieval reads the answerability model just written: the route model learns from the code as it now runs.
  useAnswerabilityModel(undefined);
  await trainRoute(values.cv!);
  console.log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
