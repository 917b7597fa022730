import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import type { Agent, AgentInput } from '../../src/agent/types.js';
import { OrderSchema } from '../../src/domain/index.js';
import { callTools, say } from '../support/fake-openai.js';
import {
  inputFor,
  MAYA,
  PRIYA,
  scriptedLlmAgent,
  understoodRefund,
  useSeededWithFakeModel,
} from './agent-input.js';

// Order 1043 is Maya's $250.00 order, delivered and eligible for a refund (see DEMO).

const seeded = useSeededWithFakeModel();

const llmAgent = (): Agent => scriptedLlmAgent(seeded.env, seeded.fake);

const offline = () => createOfflineAgent({ clock: seeded.env.clock, logger: pino({ level: 'silent' }) });

const escalation = say({
  summary: 'The customer wants a refund on order 1043; the amount needs a person.',
  internalNote: 'Amount check.',
  customerMessage: 'A person will follow up.',
});
const answer = (reply: string) => say({ reply, citations: [], needsEscalation: false });

/** The model proposes `amountMinor` on order 1043 and then answers with `reply`. */
function scriptProposal(amountMinor: number | undefined, reply: string) {
  seeded.fake.script(
    understoodRefund('1043'),
    callTools({
      name: 'propose_refund',
      args: amountMinor === undefined ? { orderId: '1043' } : { orderId: '1043', amountMinor },
    }),
    answer(reply),
    escalation,
  );
}

describe('LLM engine: a proposed amount stands only if the customer wrote it', () => {
  it('reads the model’s 45 for a customer’s "$45" as $45.00, not $0.45, and tells the model so', async () => {
    scriptProposal(45, 'I have asked our team to refund $45.00 on order 1043.');
    const r = await llmAgent().run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'Order 1043 came with a broken stapler, please refund $45'),
    );
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 4500 });
    expect(r.record.reason).toMatch(/customer's \$45\.00 in major units; corrected/);
    // What the model was told back, so its reply can only repeat the settled amount.
    const toolAnswer = JSON.parse(
      seeded.fake.requests[2]!.body.messages.find((m) => m.role === 'tool')!.content!,
    );
    expect(toolAnswer).toMatchObject({ accepted: true, amountMinor: 4500, amount: '$45.00' });
  });

  it('escalates when the model proposes $50.00 and the customer asked for $250', async () => {
    scriptProposal(5000, 'I have asked our team to refund $50.00 on order 1043.');
    const r = await llmAgent().run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'Please refund $250 for order 1043'),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/proposed \$50\.00 is not the amount the customer asked for \(\$250\.00\)/);
    expect(r.escalation?.customerMessage).toContain('TKT-TEST01');
  });

  it('drops an amount the customer never wrote: the order’s refundable amount goes to policy', async () => {
    scriptProposal(1000, 'I have asked our team to refund order 1043.');
    const r = await llmAgent().run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'Order 1043 arrived broken, I want my money back'),
    );
    expect(r.route).toBe('resolve');
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 25_000 });
    expect(r.record.reason).toMatch(/named no amount.*\$10\.00 was replaced by the refundable \$250\.00/);
  });

  it('accepts the amount the customer wrote in an earlier message of the ticket', async () => {
    scriptProposal(2000, 'I have asked our team to refund $20.00 on order 1043.');
    const first = 'Order 1043 was missing a stapler, I would like $20 back';
    const input = await inputFor(seeded.env, seeded.kb, MAYA, 'yes please go ahead', {
      history: [
        { role: 'customer', text: first },
        { role: 'bot', text: 'Order 1043 is refundable up to $250.00. Shall I request the refund?' },
        { role: 'customer', text: 'yes please go ahead' },
      ],
    });
    const r = await llmAgent().run(input);
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 2000 });
  });

  it('escalates when the model leaves out the amount the customer asked for', async () => {
    scriptProposal(undefined, 'I have asked our team to refund order 1043.');
    const r = await llmAgent().run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'refund $20 on order 1043 please, one part was missing'),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/asked for \$20\.00, but the proposal is for the full \$250\.00/);
  });

  it('escalates without a draft when the reply states a different amount than the proposal', async () => {
    scriptProposal(45, 'Done: $0.45 has been refunded on order 1043.');
    const r = await llmAgent().run(
      await inputFor(seeded.env, seeded.kb, MAYA, 'Please refund $45 for order 1043'),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/reply states \$0\.45, but the proposal is for \$45\.00/);
    expect(r.draft).toBeUndefined();
  });
});

describe('offline engine: the amount comes from the customer’s words', () => {
  const run = async (email: string, text: string, extra: Partial<AgentInput> = {}) =>
    offline().run(await inputFor(seeded.env, seeded.kb, email, text, extra));

  it('proposes $45.00 for "$45"', async () => {
    const r = await run(MAYA, 'Please refund $45 for order 1043');
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 4500 });
    expect(r.reply?.text).toContain('$45.00');
  });

  it('leaves out the order total when the customer names it beside the amount they want back', async () => {
    const r = await run(MAYA, 'I paid $250 for order 1043 but a $20 stapler was missing, please refund it');
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 2000 });
  });

  it('asks a person when several amounts could be the one meant', async () => {
    const r = await run(MAYA, 'please refund $20 or $30 on order 1043');
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/several amounts \(\$20\.00, \$30\.00\)/);
  });

  it('uses an amount from an earlier customer message of the ticket', async () => {
    const r = await run(MAYA, 'please refund order 1043', {
      history: [
        { role: 'customer', text: 'a $20 part of my order was missing' },
        { role: 'bot', text: 'Sorry to hear that. Which order was it?' },
        { role: 'customer', text: 'please refund order 1043' },
      ],
    });
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 2000 });
  });

  it('reads yen without a minor unit: "¥1,500" on a JPY order is 1500, shown as ¥1,500', async () => {
    const now = seeded.env.clock.now();
    await seeded.env.stores.orders.upsert(
      OrderSchema.parse({
        tenantId: seeded.env.tenantId,
        orderId: '7001',
        customerId: 'cus_cobalt',
        items: [{ sku: 'JP-1', name: 'Desk lamp', quantity: 1, unitPriceMinor: 4500 }],
        totalMinor: 4500,
        currency: 'JPY',
        status: 'delivered',
        placedAt: new Date(now.getTime() - 6 * 86_400_000),
        shippedAt: new Date(now.getTime() - 5 * 86_400_000),
        deliveredAt: new Date(now.getTime() - 3 * 86_400_000),
      }),
    );
    const part = await run(PRIYA, 'Please refund ¥1,500 on order 7001, the lamp shade was cracked');
    expect(part.proposedAction).toMatchObject({ type: 'refund', orderId: '7001', amountMinor: 1500 });
    expect(part.reply?.text).toContain('¥1,500');
    const full = await run(PRIYA, 'Can I return order 7001?');
    expect(full.reply?.text).toContain('¥4,500');
    expect(full.reply?.text).not.toContain('¥45');
  });
});
