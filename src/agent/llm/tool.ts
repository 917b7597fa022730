import { z } from 'zod';
import type { Intent } from '../../domain/index.js';
import type { ProposalContext } from '../actions.js';
import type { AgentTools, ProposedAction } from '../types.js';

/** Tool state across one resolve: the proposal the code accepted, and any it refused. */
export interface ToolRunState {
  proposal?: ProposedAction;
  refused: string[];
  /** Why the code changed a proposed amount (for the decision record). */
  notes: string[];
}

/** What a tool's `execute` may use: the customer-scoped tools and this run's state. */
export interface ToolContext {
  tools: AgentTools;
  state: ToolRunState;
  proposal: ProposalContext;
}

/**
 * One agent tool, declared once: the model's function definition, argument validation,
 * execution, intent scoping and the customer-safe view of its result all come from here.
 */
export interface AgentTool<N extends string = string, P extends z.ZodObject = z.ZodObject, R = unknown> {
  readonly name: N;
  readonly description: string;
  /** Arguments, validated before `execute`; the JSON schema the model sees is derived from it. */
  readonly parameters: P;
  /** Intents whose resolver may offer and run this tool; `'any'` for every intent. */
  readonly intents: readonly Intent[] | 'any';
  execute(args: z.infer<P>, ctx: ToolContext): Promise<R>;
  /**
   * What the model is shown of the result. Only what could be said to the customer: no staff
   * notes, internal summaries, internal ids or idempotency keys. Whatever the model sees, it may repeat.
   */
  view(result: R): unknown;
}

/** Declares a tool (the shape of openai-agents-js `tool({...})`, plus scoping and a safe view). */
export function tool<const N extends string, P extends z.ZodObject, R>(
  def: AgentTool<N, P, R>,
): AgentTool<N, P, R> {
  return def;
}

/** The OpenAI function-calling definition of a tool, derived from its zod parameters. */
export function toFunctionDefinition(t: AgentTool): {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
} {
  const { $schema: _drop, ...parameters } = z.toJSONSchema(t.parameters, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return { type: 'function', function: { name: t.name, description: t.description, parameters } };
}

/** True when the tool may be offered and run for this intent. */
export function inScope(t: Pick<AgentTool, 'intents'>, intent: Intent): boolean {
  return t.intents === 'any' || t.intents.includes(intent);
}
