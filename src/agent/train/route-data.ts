import path from 'node:path';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { withDemoEnvironment } from '../eval/environment.js';
import { loadGoldenSet, type GoldenMessage } from '../eval/golden.js';
import { runEval, type EvalDeps } from '../eval/run-eval.js';
import { createOfflineAgent } from '../offline/offline-agent.js';
import { ROUTE_FEATURES } from '../route-features.js';
import { useRouteModel, type RouteModel } from '../route-model.js';
import type { RouteObservation } from '../types.js';

/**
 * The labelled sets the route model learns from: every golden split but test (never read here).
 * dev5 is not among them: it is held out for the lead's one scoring.
 */
export const ROUTE_SOURCES = ['train', 'dev', 'dev2', 'dev3', 'dev4'] as const;
export type RouteSource = (typeof ROUTE_SOURCES)[number];

/** One labelled message as the route stage saw it, and where it went when the answer was always given. */
export interface RouteCase {
  source: RouteSource;
  text: string;
  label: GoldenMessage['route'];
  observation: RouteObservation | null;
  /** The final route when the route model always answers: a rule's route, or what the resolver did. */
  whenAnswered: 'resolve' | 'escalate' | 'ignore';
}

/** "Always answer": the most the router can be told, so the run shows what each rule and the resolver do. */
export const ALWAYS_ANSWER: RouteModel = {
  format: 'switchboard-route/1',
  features: [...ROUTE_FEATURES],
  knowledgeBase: {
    mean: ROUTE_FEATURES.map(() => 0),
    scale: ROUTE_FEATURES.map(() => 1),
    weights: ROUTE_FEATURES.map(() => 0),
    bias: 0,
  },
  bias: 40,
  trees: [],
  trainedOn: { examples: 0, answerable: 0, sources: {} },
  crossValidated: [],
  options: { trees: 0, depth: 0, learningRate: 0, minLeaf: 0, l2: 0, escalationWeight: 1 },
};

/**
 * Runs every labelled message through the offline agent against the demo organization, as `npm
 * run eval` does, and records the route stage: the features come from the current code (never a
 * cache), so a change to retrieval is learned by the next `npm run train`.
 */
export async function collectRouteCases(
  config: Pick<Config, 'mongo' | 'org'>,
  logger: Logger,
): Promise<RouteCase[]> {
  return withDemoEnvironment(config, logger, (deps) => routeCasesOn(deps, logger));
}

/** The same, against stores already seeded with the demo organization (tests pass their own). */
export async function routeCasesOn(deps: Omit<EvalDeps, 'agent'>, logger: Logger): Promise<RouteCase[]> {
  const cases: RouteCase[] = [];
  useRouteModel(ALWAYS_ANSWER);
  const agent = createOfflineAgent({ clock: deps.clock, logger });
  try {
    for (const source of ROUTE_SOURCES) {
      const messages = await loadGoldenSet(path.resolve(`test/golden/${source}.jsonl`));
      const seen: Array<RouteObservation | null> = messages.map(() => null);
      const { cases: ran } = await runEval(messages, { ...deps, agent }, (_m, i) => ({
        onRoute: (o) => (seen[i] = o),
      }));
      ran.forEach((c, i) =>
        cases.push({
          source,
          text: c.message.text,
          label: c.message.route,
          observation: seen[i]!,
          whenAnswered: c.result.route,
        }),
      );
    }
  } finally {
    useRouteModel(undefined);
  }
  return cases;
}
