import type { Intent } from '../../domain/index.js';
import { describeZodIssues } from '../../errors.js';
import type { ToolCallRecord } from '../types.js';
import { AGENT_TOOLS } from './tool-registry.js';
import { inScope, toFunctionDefinition, type AgentTool, type ToolContext } from './tool.js';

export type { ToolRunState, ToolContext } from './tool.js';

// The registry's tuple keeps each tool's own types; the runner only needs the common shape.
const REGISTRY: readonly AgentTool[] = AGENT_TOOLS as unknown as readonly AgentTool[];
const BY_NAME = new Map(REGISTRY.map((t) => [t.name, t]));

/** The function definitions offered to the model for this intent (an order question gets no refund tool). */
export function toolDefinitionsFor(intent: Intent): ReturnType<typeof toFunctionDefinition>[] {
  return REGISTRY.filter((t) => inScope(t, intent)).map(toFunctionDefinition);
}

/** One model tool call, for the decision record's trace. */
export type ToolTrace = ToolCallRecord;

/**
 * Runs one model tool call: known tool, in scope for the intent, arguments valid (zod), then
 * `execute`, and the model is shown the tool's customer-safe `view` of the result. Anything
 * else comes back to the model as an error object, and the call is traced either way.
 */
export async function runModelTool(
  name: string,
  rawArgs: string,
  intent: Intent,
  ctx: ToolContext,
  trace: (record: ToolTrace) => void = () => {},
): Promise<unknown> {
  const started = performance.now();
  const done = (ok: boolean, error?: string) =>
    trace({ name: `model:${name}`, durationMs: Math.round(performance.now() - started), ok, error });
  const t = BY_NAME.get(name);
  if (!t) {
    done(false, 'unknown tool');
    return { error: `unknown tool ${name}` };
  }
  if (!inScope(t, intent)) {
    // Offered tools are scoped already; a call outside them is a model ignoring its tool list.
    done(false, `not available for ${intent}`);
    return { error: `${name} is not available for this question` };
  }
  let args: unknown;
  try {
    args = rawArgs ? JSON.parse(rawArgs) : {};
  } catch {
    done(false, 'arguments were not valid JSON');
    return { error: 'arguments were not valid JSON' };
  }
  const parsed = t.parameters.safeParse(args);
  if (!parsed.success) {
    const why = describeZodIssues(parsed.error.issues);
    done(false, `invalid arguments: ${why}`.slice(0, 300));
    return { error: `invalid arguments: ${why}` };
  }
  try {
    const view = t.view(await t.execute(parsed.data, ctx));
    // Data tools are traced by the recorder already; a proposal touches no recorded tool of its own.
    if (name.startsWith('propose_')) done(true);
    return view;
  } catch (err) {
    done(false, err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : 'failed');
    throw err;
  }
}
