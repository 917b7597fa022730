import type { AgentInput, KnowledgeBase } from '../../src/agent/types.js';
import { toAgentCustomer } from '../../src/agent/types.js';
import { createAgentTools } from '../../src/agent/tools.js';
import type { SeededEnv } from '../support/seeded.js';

/** An agent input as the engine builds it, for a demo customer (by contact email) or a stranger. */
export async function inputFor(
  env: SeededEnv,
  kb: KnowledgeBase,
  email: string | null,
  text: string,
  extra: Partial<AgentInput> = {},
): Promise<AgentInput> {
  const tenant = await env.stores.tenants.get(env.tenantId);
  const customer = email ? await env.stores.customers.findByEmail(env.tenantId, email) : null;
  const settings = tenant!.settings;
  return {
    tenantId: env.tenantId,
    settings,
    ticket: { ticketId: 'TKT-TEST01', status: 'open', isNew: true },
    text,
    history: [{ role: 'customer', text }],
    customer: toAgentCustomer(customer),
    openTickets: [],
    tools: createAgentTools({
      tenantId: env.tenantId,
      customer,
      orders: env.orderSystem,
      customers: env.stores.customers,
      interactions: env.stores.interactions,
      settings,
      clock: env.clock,
    }),
    kb,
    allowedEmails: customer?.contactEmails ?? [],
    ...extra,
  };
}

export const MAYA = 'maya@bluebirdcafe.example';
export const JORDAN = 'jordan@acme-robotics.example';
export const PRIYA = 'priya@cobaltlabs.example';
