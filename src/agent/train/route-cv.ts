import { ANSWERABILITY_FEATURES, answerabilityProbability, fitAnswerability } from '../answerability.js';
import { routeProbability, type RouteFold } from '../route-model.js';
import { fitRouteModel, type BoostOptions, type RouteExample } from './route-fit.js';
import { ROUTE_SOURCES, type RouteCase } from './route-data.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A way to score an open message: the confidence the router compares with its bar. */
export type Scorer = (x: number[], c: RouteCase) => number;

/** The route a message gets when the route stage's confidence is `score` (as pipeline.ts and route.ts decide). */
export function simulatedRoute(c: RouteCase, scorer: Scorer): 'resolve' | 'escalate' | 'ignore' {
  const o = c.observation;
  if (!o || o.byRule || !o.features) return c.whenAnswered;
  const confidence = Math.min(scorer(o.features, c), o.cap);
  return round2(confidence) < round2(o.threshold) ? 'escalate' : c.whenAnswered;
}

/**
 * The messages whose route the model decides: an answer exists, no rule decided, the intent's cap
 * leaves the bar reachable and the resolver answers when asked to.
 */
export function routeExamples(cases: RouteCase[]): RouteExample[] {
  const out: RouteExample[] = [];
  for (const c of cases) {
    const o = c.observation;
    if (!o || o.byRule || !o.features || o.cap < o.threshold || c.whenAnswered !== 'resolve') continue;
    if (c.label !== 'resolve' && c.label !== 'escalate') continue;
    out.push({ x: o.features, y: c.label === 'resolve' ? 1 : 0, threshold: o.threshold });
  }
  return out;
}

/** Route accuracy and escalation precision and recall over the messages labelled with a route. */
export function scoreRoutes(cases: RouteCase[], scorer: Scorer): Omit<RouteFold, 'heldOut'> {
  let right = 0;
  let tp = 0;
  let predicted = 0;
  let actual = 0;
  const labelled = cases.filter((c) => c.label);
  for (const c of labelled) {
    const got = simulatedRoute(c, scorer);
    if (got === c.label) right++;
    if (got === 'escalate') predicted++;
    if (c.label === 'escalate') actual++;
    if (got === 'escalate' && c.label === 'escalate') tp++;
  }
  const r = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 10000 : 0);
  return {
    messages: labelled.length,
    route: r(right, labelled.length),
    escalationPrecision: r(tp, predicted),
    escalationRecall: r(tp, actual),
  };
}

/** Fits on the examples of some sets and returns the scorer for the others. */
export type Fitter = (train: RouteCase[]) => Scorer;

export const boostFitter =
  (opts: BoostOptions): Fitter =>
  (train) => {
    const model = fitRouteModel(routeExamples(train), opts);
    return (x) => routeProbability(model, x);
  };

/**
 * Before this change, refitted the same way: the answerability regression over the 16
 * knowledge-base signals (kb answers only) and the hand-set confidence of order answers.
 */
export const answerabilityFitter: Fitter = (train) => {
  const d = ANSWERABILITY_FEATURES.length;
  const kindKb = d;
  const examples = routeExamples(train)
    .filter((e) => e.x[kindKb] === 1)
    .map((e) => ({ x: e.x.slice(0, d), y: e.y }));
  const model = fitAnswerability(examples, { examples: 0, answerable: 0, sources: {} });
  return (x, c) =>
    x[kindKb] === 1 ? answerabilityProbability(model, x.slice(0, d)) : c.observation!.evidenceConfidence;
};

/** Today's confidence as retrieval gives it (its answerability model was fitted on train and dev). */
export const currentScorer: Scorer = (_x, c) => c.observation!.evidenceConfidence;

/** Leave one set out: fit on the other four, score the fifth; one fold per set. */
export function crossValidate(cases: RouteCase[], fitter: Fitter): RouteFold[] {
  return ROUTE_SOURCES.map((heldOut) => {
    const scorer = fitter(cases.filter((c) => c.source !== heldOut));
    return {
      heldOut,
      ...scoreRoutes(
        cases.filter((c) => c.source === heldOut),
        scorer,
      ),
    };
  });
}

export function meanFold(folds: RouteFold[]): Omit<RouteFold, 'heldOut'> {
  const mean = (k: 'route' | 'escalationPrecision' | 'escalationRecall') =>
    Math.round((folds.reduce((s, f) => s + f[k], 0) / folds.length) * 10000) / 10000;
  return {
    messages: folds.reduce((s, f) => s + f.messages, 0),
    route: mean('route'),
    escalationPrecision: mean('escalationPrecision'),
    escalationRecall: mean('escalationRecall'),
  };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`.padStart(6);

/** One line per fold and the mean, for the terminal. */
export function formatFolds(title: string, folds: RouteFold[]): string {
  const lines = [`  ${title}`];
  for (const f of [...folds, { heldOut: 'mean', ...meanFold(folds) }])
    lines.push(
      `    ${f.heldOut.padEnd(6)} ${String(f.messages).padStart(4)} msgs  route ${pct(f.route)}  escalation precision ${pct(f.escalationPrecision)} recall ${pct(f.escalationRecall)}`,
    );
  return lines.join('\n');
}
