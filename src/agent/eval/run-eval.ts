import type { OrderSystem } from '../../commerce/order-system.js';
import type { CustomerStore, InteractionStore } from '../../conversation/stores.js';
import type { Clock, TenantSettings } from '../../domain/index.js';
import { createAgentTools } from '../tools.js';
import type { Agent, KnowledgeBase } from '../types.js';
import { toAgentCustomer } from '../types.js';
import type { GoldenMessage } from './golden.js';
import { summarize, type EvalReport } from './report.js';
import type { EvalCase } from './score.js';
import { ticketRoute } from './ticket-route.js';

export type { EvalReport } from './report.js';
export type { EvalCase } from './score.js';

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
    cases.push({
      message,
      result,
      ticket: await ticketRoute(result, {
        tenantId: deps.tenantId,
        text: message.text,
        customer,
        settings: deps.settings,
        orders: deps.orders,
        clock: deps.clock,
      }),
      staffNotes: customer?.preferences.notes ? [customer.preferences.notes] : [],
    });
  }
  return { report: summarize(cases, deps.agent.kind), cases };
}
