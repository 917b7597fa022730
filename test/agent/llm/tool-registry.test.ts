import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { IntentSchema } from '../../../src/domain/index.js';
import { AGENT_TOOLS, AGENT_TOOL_NAMES, type AgentToolName } from '../../../src/agent/llm/tool-registry.js';
import { toolDefinitionsFor } from '../../../src/agent/llm/tool-runner.js';
import { inScope } from '../../../src/agent/llm/tool.js';
import type { AgentTools } from '../../../src/agent/types.js';

/** The customer-scoped data tools each model tool reaches (what a registry entry must cover). */
const REACHES: Record<AgentToolName, ReadonlyArray<keyof AgentTools>> = {
  lookup_customer: ['lookupCustomer'],
  list_orders: ['listOrders'],
  get_order: ['getOrder'],
  shipping_status: ['shippingStatus'],
  return_eligibility: ['returnEligibility'],
  interaction_history: ['interactionHistory'],
  get_preferences: ['getPreferences'],
  update_preferences: ['updatePreferences'],
  propose_refund: ['getOrder', 'returnEligibility'],
  propose_cancellation: ['getOrder'],
};

describe('agent tool registry', () => {
  it('pins the tool names at the type level', () => {
    expectTypeOf<AgentToolName>().toEqualTypeOf<keyof typeof REACHES>();
  });

  it('declares each tool once, and every data tool of AgentTools is reachable through one', () => {
    expect(new Set(AGENT_TOOL_NAMES).size).toBe(AGENT_TOOLS.length);
    const methods: Array<keyof AgentTools> = [
      'lookupCustomer',
      'listOrders',
      'getOrder',
      'shippingStatus',
      'returnEligibility',
      'interactionHistory',
      'getPreferences',
      'updatePreferences',
    ];
    const reached = new Set(Object.values(REACHES).flat());
    for (const m of methods) expect(reached, m).toContain(m);
  });

  it('offers every tool for at least one intent, with the schema derived from its zod parameters', () => {
    for (const t of AGENT_TOOLS) {
      const intents = IntentSchema.options.filter((i) => inScope(t, i));
      expect(intents.length, t.name).toBeGreaterThan(0);
      const def = toolDefinitionsFor(intents[0]!).find((d) => d.function.name === t.name);
      expect(def, t.name).toBeDefined();
      const { $schema: _ignored, ...expected } = z.toJSONSchema(t.parameters, { io: 'input' });
      expect(def!.function.parameters).toEqual(expected);
      expect(def!.function.parameters).toMatchObject({ type: 'object' });
    }
  });

  it('keeps money tools to the intents that ask for money', () => {
    const offered = (intent: z.infer<typeof IntentSchema>) =>
      toolDefinitionsFor(intent).map((d) => d.function.name);
    expect(offered('order_status')).not.toContain('propose_refund');
    expect(offered('order_status')).not.toContain('propose_cancellation');
    expect(offered('general')).not.toContain('get_order');
    expect(offered('refund')).toContain('propose_refund');
    expect(offered('cancel')).toContain('propose_cancellation');
    expect(offered('cancel')).not.toContain('propose_refund');
  });
});
