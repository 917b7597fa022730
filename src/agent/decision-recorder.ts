import type { Clock, DecisionRecord } from '../domain/index.js';
import type { AgentHooks, AgentTools, ToolCallRecord } from './types.js';

type StageName = DecisionRecord['stages'][number]['name'];

/** Collects what happened during one run: stage timings, model usage, tool calls. */
export class DecisionRecorder {
  readonly stages: DecisionRecord['stages'] = [];
  readonly tools: ToolCallRecord[] = [];
  readonly model = { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly hooks?: AgentHooks,
  ) {}

  /** Runs one stage, timing it and telling the live hooks when it starts and ends. */
  async stage<T>(
    name: StageName,
    fn: () => Promise<T> | T,
    note?: (out: T) => string | undefined,
  ): Promise<T> {
    const startedAt = this.clock.now();
    const started = performance.now();
    this.hooks?.onStage?.(name, 'start');
    try {
      const out = await fn();
      this.stages.push({
        name,
        startedAt,
        durationMs: Math.round(performance.now() - started),
        ok: true,
        note: note?.(out),
      });
      this.hooks?.onStage?.(name, 'end', true);
      return out;
    } catch (err) {
      this.stages.push({
        name,
        startedAt,
        durationMs: Math.round(performance.now() - started),
        ok: false,
        note: err instanceof Error ? err.message.slice(0, 200) : 'failed',
      });
      this.hooks?.onStage?.(name, 'end', false);
      throw err;
    }
  }

  addModelCall(usage: { tokensIn?: number; tokensOut?: number; latencyMs: number }): void {
    this.model.count += 1;
    this.model.tokensIn += usage.tokensIn ?? 0;
    this.model.tokensOut += usage.tokensOut ?? 0;
    this.model.latencyMs += Math.round(usage.latencyMs);
  }

  /** Wraps the tools so every call made during this run is timed and recorded, errors included. */
  wrapTools(tools: AgentTools): AgentTools {
    const names: Record<
      Exclude<
        keyof AgentTools,
        // Not tools: flags, and what a run read (not a call of its own).
        'ordersAvailable' | 'ordersUnreachable' | 'cancelUnsupported' | 'customerOrdersRead'
      >,
      string
    > = {
      lookupCustomer: 'lookup_customer',
      listOrders: 'list_orders',
      getOrder: 'get_order',
      shippingStatus: 'shipping_status',
      returnEligibility: 'return_eligibility',
      interactionHistory: 'interaction_history',
      getPreferences: 'get_preferences',
      updatePreferences: 'update_preferences',
    };
    const wrapped = {} as Record<string, unknown>;
    for (const [method, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
      const fn = tools[method] as (...args: unknown[]) => Promise<unknown>;
      wrapped[method] = async (...args: unknown[]) => {
        const started = performance.now();
        try {
          const out = await fn.apply(tools, args);
          this.tools.push({ name, durationMs: Math.round(performance.now() - started), ok: true });
          return out;
        } catch (err) {
          const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
          this.tools.push({
            name,
            durationMs: Math.round(performance.now() - started),
            ok: false,
            error: error.slice(0, 300),
          });
          throw err;
        }
      };
    }
    wrapped.ordersAvailable = tools.ordersAvailable;
    wrapped.ordersUnreachable = tools.ordersUnreachable;
    wrapped.cancelUnsupported = tools.cancelUnsupported;
    return wrapped as unknown as AgentTools;
  }
}
