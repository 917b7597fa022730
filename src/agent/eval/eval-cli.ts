/**
 * `npm run eval [-- --split test|dev|dev2|dev3|dev4|dev5|train] [--input FILE.jsonl] [--engine offline|llm]
 * [--base-url URL] [--model NAME] [--output eval-report.json]`: runs a labelled set through the
 * agent against the demo store in a throwaway database and prints intent, urgency (critical
 * recall apart), route, escalation precision/recall, facts present, unsafe actions, staff text
 * in customer replies and per-language figures. The test split is the default: it is reported,
 * never tuned on. Zero config: it starts its own MongoDB-wire server when none is given.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { createAgent } from '../create-agent.js';
import { withDemoEnvironment } from './environment.js';
import { GOLDEN_SPLITS, loadGoldenSet } from './golden.js';
import { printReport } from './print-report.js';
import { runEval } from './run-eval.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'test' },
      input: { type: 'string' },
      engine: { type: 'string' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      output: { type: 'string', default: 'eval-report.json' },
    },
  });
  if (!(GOLDEN_SPLITS as readonly string[]).includes(values.split!)) {
    throw new Error(`--split must be one of ${GOLDEN_SPLITS.join(', ')}`);
  }
  const config = loadConfig();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const input = path.resolve(values.input ?? `test/golden/${values.split}.jsonl`);
  const engine = values.engine ?? (config.openai || values['base-url'] ? 'llm' : 'offline');
  if (engine !== 'llm' && engine !== 'offline') throw new Error('--engine must be llm or offline');
  // --engine llm points at any OpenAI-compatible endpoint; a local server needs no real key.
  const openai =
    engine === 'llm'
      ? {
          apiKey: config.openai?.apiKey ?? 'eval',
          baseURL: values['base-url'] ?? config.openai?.baseURL,
          model: values.model ?? config.openai?.model ?? 'gpt-4o-mini',
          timeoutMs: config.openai?.timeoutMs ?? 20_000,
        }
      : undefined;
  const messages = await loadGoldenSet(input);

  await withDemoEnvironment(config, logger, async (deps) => {
    const agent = createAgent({ openai, kb: deps.kb, logger, clock: deps.clock });
    const { report } = await runEval(messages, { ...deps, agent });
    printReport(report, path.relative(process.cwd(), input));
    writeFileSync(values.output!, JSON.stringify(report, null, 2));
    console.log(`  wrote ${values.output}`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
