import { ANSWERABILITY_FEATURES, fitAnswerability } from '../answerability.js';
import { baseLogit, type RouteModel, type TreeNode } from '../route-model.js';
import { ROUTE_FEATURES } from '../route-features.js';

/**
 * Gradient-boosted regression trees on the logistic loss (second-order leaves, as XGBoost does),
 * written here rather than taken from npm: about 120 lines, no randomness (no row or column
 * sampling; ties between splits go to the lower feature index, then the lower threshold), so
 * the same examples give a byte-identical model file.
 */
export interface RouteExample {
  x: number[];
  /** 1: the answer found should be given (labelled resolve); 0: a person should answer. */
  y: 0 | 1;
  /**
   * The router's bar for this message (0.60, or 0.75 when urgent or negative): fitted as an
   * offset, so the model learns the score whose comparison with the bar gives the right route.
   */
  threshold: number;
  weight?: number;
  /** Log-odds the trees start from (the knowledge-base regression's), 0 when none. */
  base?: number;
}

export interface BoostOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Fewest examples on either side of a split. */
  minLeaf: number;
  /** L2 on leaf values (XGBoost's lambda). */
  l2: number;
  /** How much a labelled escalation counts against an answer in the trees (escalations are the rarer class). */
  escalationWeight: number;
}

export const ROUTE_BOOST_OPTIONS: BoostOptions = {
  trees: 100,
  depth: 2,
  learningRate: 0.05,
  minLeaf: 8,
  l2: 5,
  escalationWeight: 2,
};

const KIND_KB = ROUTE_FEATURES.indexOf('kindKb');

/**
 * The route model's fitted parts: the knowledge-base regression on the help-center answers, then
 * the trees on every example, starting from the regression's (or the order answer's) log-odds.
 */
export function fitRouteModel(
  examples: RouteExample[],
  opts: BoostOptions = ROUTE_BOOST_OPTIONS,
): Pick<RouteModel, 'knowledgeBase' | 'bias' | 'trees'> {
  const d = ANSWERABILITY_FEATURES.length;
  const kb = fitAnswerability(
    examples.filter((e) => e.x[KIND_KB] === 1).map((e) => ({ x: e.x.slice(0, d), y: e.y })),
    { examples: 0, answerable: 0, sources: {} },
  );
  const knowledgeBase = { mean: kb.mean, scale: kb.scale, weights: kb.weights, bias: kb.bias };
  const trees = fitRouteBoost(
    examples.map((e) => ({
      ...e,
      base: baseLogit(knowledgeBase, e.x),
      weight: (e.weight ?? 1) * (e.y === 0 ? opts.escalationWeight : 1),
    })),
    opts,
  );
  return { knowledgeBase, ...trees };
}

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitRouteBoost(
  examples: RouteExample[],
  opts: BoostOptions = ROUTE_BOOST_OPTIONS,
): Pick<RouteModel, 'bias' | 'trees'> {
  const n = examples.length;
  const d = examples[0]?.x.length ?? 0;
  const w = examples.map((e) => e.weight ?? 1);
  const offset = examples.map((e) => (e.base ?? 0) - logit(e.threshold));
  // The bias: Newton steps on the constant model with the offsets.
  let bias = 0;
  for (let it = 0; it < 30; it++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < n; i++) {
      const p = sigmoid(bias + offset[i]!);
      g += w[i]! * (p - examples[i]!.y);
      h += w[i]! * p * (1 - p);
    }
    bias -= g / Math.max(h, 1e-9);
  }
  bias = r6(bias);
  // Each feature's example order, sorted once: (value, index), so ties are deterministic.
  const order = Array.from({ length: d }, (_, j) =>
    Array.from({ length: n }, (_, i) => i).sort((a, b) => examples[a]!.x[j]! - examples[b]!.x[j]! || a - b),
  );
  const score = examples.map((_, i) => bias + offset[i]!);
  const trees: TreeNode[][] = [];
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  for (let t = 0; t < opts.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(score[i]!);
      grad[i] = w[i]! * (p - examples[i]!.y);
      hess[i] = w[i]! * p * (1 - p);
    }
    const nodes: TreeNode[] = [];
    const member = new Int32Array(n).fill(0);
    const build = (id: number, rows: number[], depth: number): number => {
      const at = nodes.length;
      let G = 0;
      let H = 0;
      for (const i of rows) {
        G += grad[i]!;
        H += hess[i]!;
      }
      const leaf = (): number => {
        nodes.push({ leaf: r6((-G / (H + opts.l2)) * opts.learningRate) });
        return at;
      };
      if (depth >= opts.depth || rows.length < 2 * opts.minLeaf) return leaf();
      for (const i of rows) member[i] = id;
      const parent = (G * G) / (H + opts.l2);
      let best = { gain: 1e-9, feature: -1, threshold: 0 };
      for (let j = 0; j < d; j++) {
        let gl = 0;
        let hl = 0;
        let count = 0;
        let prev = Number.NaN;
        for (const i of order[j]!) {
          if (member[i] !== id) continue;
          const v = examples[i]!.x[j]!;
          if (count >= opts.minLeaf && rows.length - count >= opts.minLeaf && v !== prev) {
            const gr = G - gl;
            const hr = H - hl;
            const gain = (gl * gl) / (hl + opts.l2) + (gr * gr) / (hr + opts.l2) - parent;
            if (gain > best.gain) best = { gain, feature: j, threshold: r6((prev + v) / 2) };
          }
          gl += grad[i]!;
          hl += hess[i]!;
          count++;
          prev = v;
        }
      }
      if (best.feature < 0) return leaf();
      const node = { feature: best.feature, threshold: best.threshold, left: -1, right: -1 };
      nodes.push(node);
      const left = rows.filter((i) => examples[i]!.x[best.feature]! <= best.threshold);
      const right = rows.filter((i) => examples[i]!.x[best.feature]! > best.threshold);
      node.left = build(id * 2, left, depth + 1);
      node.right = build(id * 2 + 1, right, depth + 1);
      return at;
    };
    build(
      1,
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    trees.push(nodes);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (;;) {
        const nd = nodes[k]!;
        if ('leaf' in nd) {
          score[i]! += nd.leaf;
          break;
        }
        k = examples[i]!.x[nd.feature]! <= nd.threshold ? nd.left : nd.right;
      }
    }
  }
  return { bias, trees };
}
