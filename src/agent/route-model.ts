import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { MODEL_DIR } from './offline/model/models.js';
import { ANSWERABILITY_FEATURES } from './answerability.js';
import { ROUTE_FEATURES } from './route-features.js';

/**
 * The learned answer-vs-person decision (`npm run train`), fitted on every labelled golden set
 * outside the test split, in two parts: a logistic regression over the knowledge-base signals
 * (answerability.ts) gives a help-center answer its starting log-odds (an order answer starts
 * from its hand-set confidence, order-answers.ts), and shallow gradient-boosted trees over all
 * the route features correct it. The result is the score the router compares with the
 * organization's thresholds, below every hard rule (route.ts).
 */
const NodeSchema = z.union([
  z.object({ leaf: z.number() }),
  /** x[feature] <= threshold → left, else right (indexes into the tree's node list). */
  z.object({
    feature: z.number().int().nonnegative(),
    threshold: z.number(),
    left: z.number(),
    right: z.number(),
  }),
]);
export type TreeNode = z.infer<typeof NodeSchema>;

const FoldSchema = z.object({
  heldOut: z.string(),
  messages: z.number(),
  route: z.number(),
  escalationPrecision: z.number(),
  escalationRecall: z.number(),
});
export type RouteFold = z.infer<typeof FoldSchema>;

const LogisticSchema = z.object({
  /** Standardization: x' = (x - mean) / scale, then weights·x' + bias. */
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
});

export const RouteModelFileSchema = z.object({
  format: z.literal('switchboard-route/1'),
  features: z.array(z.string()),
  /** The knowledge-base regression, over the first `ANSWERABILITY_FEATURES.length` features. */
  knowledgeBase: LogisticSchema,
  /** Log-odds before the trees. */
  bias: z.number(),
  trees: z.array(z.array(NodeSchema).min(1)),
  trainedOn: z.object({
    examples: z.number(),
    answerable: z.number(),
    sources: z.record(z.string(), z.number()),
  }),
  /** Leave-one-set-out figures of this configuration (fitted on four sets, scored on the fifth). */
  crossValidated: z.array(FoldSchema),
  options: z.object({
    trees: z.number(),
    depth: z.number(),
    learningRate: z.number(),
    minLeaf: z.number(),
    l2: z.number(),
    escalationWeight: z.number(),
  }),
});
export type RouteModel = z.infer<typeof RouteModelFileSchema>;

export const ROUTE_MODEL_FILE = path.join(MODEL_DIR, 'route.json');

const KIND_KB = ROUTE_FEATURES.indexOf('kindKb');
const KIND_ORDERS = ROUTE_FEATURES.indexOf('kindOrders');
const ORDER_CONFIDENCE = ROUTE_FEATURES.indexOf('orderConfidence');
const D_KB = ANSWERABILITY_FEATURES.length;
const clampedLogit = (p: number) => {
  const q = Math.min(0.98, Math.max(0.02, p));
  return Math.log(q / (1 - q));
};

/** Where the trees start: the knowledge-base regression, an order answer's own confidence, or even odds. */
export function baseLogit(kb: RouteModel['knowledgeBase'], x: number[]): number {
  if (x[KIND_KB] === 1) {
    let z = kb.bias;
    for (let j = 0; j < D_KB; j++) z += (kb.weights[j]! * (x[j]! - kb.mean[j]!)) / kb.scale[j]!;
    return clampedLogit(1 / (1 + Math.exp(-z)));
  }
  if (x[KIND_ORDERS] === 1) return clampedLogit(x[ORDER_CONFIDENCE]!);
  return 0;
}

function treeValue(nodes: TreeNode[], x: number[]): number {
  let i = 0;
  for (;;) {
    const n = nodes[i]!;
    if ('leaf' in n) return n.leaf;
    i = x[n.feature]! <= n.threshold ? n.left : n.right;
  }
}

/** The trees' correction to the starting log-odds. */
export function treesLogit(model: Pick<RouteModel, 'bias' | 'trees'>, x: number[]): number {
  let z = model.bias;
  for (const t of model.trees) z += treeValue(t, x);
  return z;
}

/** The score the router compares with its bar: whether the answer found should be given. */
export function routeProbability(
  model: Pick<RouteModel, 'knowledgeBase' | 'bias' | 'trees'>,
  x: number[],
): number {
  return 1 / (1 + Math.exp(-(baseLogit(model.knowledgeBase, x) + treesLogit(model, x))));
}

/** Parses a route model file; a stale or damaged one fails with one sentence naming the fix. */
export function parseRouteModel(json: unknown, file = ROUTE_MODEL_FILE): RouteModel {
  const parsed = RouteModelFileSchema.safeParse(json);
  if (!parsed.success || parsed.data.features.join() !== ROUTE_FEATURES.join()) {
    throw new ConfigError(`${file} does not match the route features of this version; run npm run train`);
  }
  return parsed.data;
}

let cached: RouteModel | null | undefined;

/** The trained route model; null before `npm run train` has written one (the thresholds apply to the evidence's confidence). */
export function routeModel(): RouteModel | null {
  if (cached !== undefined) return cached;
  if (!existsSync(ROUTE_MODEL_FILE)) return (cached = null);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(ROUTE_MODEL_FILE, 'utf8'));
  } catch {
    throw new ConfigError(`${ROUTE_MODEL_FILE} is not valid JSON; run npm run train`);
  }
  return (cached = parseRouteModel(json));
}

/** For training and tests: use this model (null: none; undefined: read the file again on the next call). */
export function useRouteModel(model: RouteModel | null | undefined): void {
  cached = model;
}
