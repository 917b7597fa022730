import type { OrderSystem } from '../../commerce/order-system.js';
import type { CustomerStore, InteractionStore } from '../../conversation/stores.js';
import type { Clock, TenantSettings } from '../../domain/index.js';
import { createAgentTools } from '../tools.js';
import type { Agent, AgentResult, KnowledgeBase } from '../types.js';
import { toAgentCustomer } from '../types.js';
import type { GoldenMessage } from './golden.js';

export interface EvalDeps {
  agent: Agent;
  kb: KnowledgeBase;
  tenantId: string;
  settings: TenantSettings;
  customers: Pick<CustomerStore, 'get' | 'findByEmail' | 'updatePreferences'>;
  interactions: Pick<InteractionStore, 'listForCustomer'>;
  orders: OrderSystem;
  clock: Clock;
}

export interface EvalCase {
  message: GoldenMessage;
  result: AgentResult;
}

export interface EvalReport {
  engine: 'llm' | 'offline';
  messages: number;
  intentAccuracy: number;
  /** Over messages labelled with a route. */
  routeAccuracy: number;
  routeLabelled: number;
  escalation: {
    precision: number;
    recall: number;
    truePositive: number;
    falsePositive: number;
    falseNegative: number;
  };
  modelCallsPerMessage: { median: number; p90: number };
  intentConfusion: Array<{ text: string; expected: string; got: string }>;
  routeMisses: Array<{ text: string; expected: string; got: string; reason: string }>;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Runs each labelled message through the agent against real stores, as the engine would. */
export async function runEval(
  messages: GoldenMessage[],
  deps: EvalDeps,
): Promise<{ report: EvalReport; cases: EvalCase[] }> {
  const cases: EvalCase[] = [];
  let n = 0;
  for (const message of messages) {
    n++;
    const customer = message.customerEmail
      ? await deps.customers.findByEmail(deps.tenantId, message.customerEmail)
      : null;
    const tools = createAgentTools({
      tenantId: deps.tenantId,
      customer,
      orders: deps.orders,
      customers: deps.customers,
      interactions: deps.interactions,
      settings: deps.settings,
      clock: deps.clock,
    });
    const history = [...(message.thread ?? []), { role: 'customer' as const, text: message.text }];
    const result = await deps.agent.run({
      tenantId: deps.tenantId,
      settings: deps.settings,
      ticket: {
        ticketId: `TKT-EVAL${String(n % 100).padStart(2, '0')}`,
        status: 'open',
        isNew: !message.thread,
      },
      text: message.text,
      history,
      customer: toAgentCustomer(customer),
      openTickets: [],
      tools,
      kb: deps.kb,
      allowedEmails: customer?.contactEmails ?? [],
    });
    cases.push({ message, result });
  }
  return { report: summarize(cases, deps.agent.kind), cases };
}

export function summarize(cases: EvalCase[], engine: 'llm' | 'offline'): EvalReport {
  const intentHits = cases.filter((c) => c.result.understanding.intent === c.message.intent).length;
  const routed = cases.filter((c) => c.message.route);
  const routeHits = routed.filter((c) => c.result.route === c.message.route).length;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const c of routed) {
    const expected = c.message.route === 'escalate';
    const got = c.result.route === 'escalate';
    if (expected && got) tp++;
    else if (!expected && got) fp++;
    else if (expected && !got) fn++;
  }
  const calls = cases.map((c) => c.result.record.modelCalls.count).sort((a, b) => a - b);
  return {
    engine,
    messages: cases.length,
    intentAccuracy: round(cases.length ? intentHits / cases.length : 0),
    routeAccuracy: round(routed.length ? routeHits / routed.length : 0),
    routeLabelled: routed.length,
    escalation: {
      precision: round(tp + fp ? tp / (tp + fp) : 1),
      recall: round(tp + fn ? tp / (tp + fn) : 1),
      truePositive: tp,
      falsePositive: fp,
      falseNegative: fn,
    },
    modelCallsPerMessage: { median: percentile(calls, 50), p90: percentile(calls, 90) },
    intentConfusion: cases
      .filter((c) => c.result.understanding.intent !== c.message.intent)
      .map((c) => ({ text: c.message.text, expected: c.message.intent, got: c.result.understanding.intent })),
    routeMisses: routed
      .filter((c) => c.result.route !== c.message.route)
      .map((c) => ({
        text: c.message.text,
        expected: c.message.route!,
        got: c.result.route,
        reason: c.result.reason,
      })),
  };
}
