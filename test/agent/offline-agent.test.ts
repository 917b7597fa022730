import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import { phrase } from '../../src/agent/phrases.js';
import type { Agent, KnowledgeBase } from '../../src/agent/types.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { inputFor, JORDAN, MAYA, PRIYA } from './agent-input.js';

let env: SeededEnv;
let kb: KnowledgeBase;
let agent: Agent;

beforeAll(async () => {
  env = await createSeededEnv();
  kb = createKnowledgeBase({ source: env.stores.kbArticles });
  agent = createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) });
});
afterAll(async () => env?.close());

const run = async (email: string | null, text: string) => agent.run(await inputFor(env, kb, email, text));

describe('offline engine on the demo store', () => {
  it('answers "where is order 1042" from order data with carrier, tracking and estimate', async () => {
    const r = await run(MAYA, 'Where is order 1042?');
    expect(r.route).toBe('resolve');
    expect(r.confidence).toBeGreaterThanOrEqual(0.9);
    expect(r.reply?.text).toMatch(/1042 shipped on .* with UPS/);
    expect(r.reply?.text).toContain('1Z999AA10123456784');
    expect(r.reply?.text).toMatch(/Estimated delivery: November 22, 2026/);
    expect(r.record.tools.map((t) => t.name)).toEqual(['get_order', 'return_eligibility']);
  });

  it('answers a question in everyday words from the article that names it otherwise', async () => {
    const codes = await run(PRIYA, 'how many spare codes come with 2-step verification?');
    expect(codes.route).toBe('resolve');
    expect(codes.reply?.text).toContain('10 recovery codes');
    const card = await run(null, 'can we pay with amex?');
    expect(card.route).toBe('resolve');
    expect(card.reply?.text).toContain('American Express');
  });

  it('answers a how-long question when the passage states the duration, though the wording differs', async () => {
    const r = await run(PRIYA, 'typed a wrong password too often, for how long does the lock stay?');
    expect(r.reply?.text).toContain('30 minutes');
    expect(r.route).toBe('resolve');
  });

  it('keeps the address an article publishes in the answer (the filter removes only others)', async () => {
    const r = await run(PRIYA, 'how would I go about reporting a vulnerability in your checkout?');
    expect(r.reply?.text).toContain('security@northwind.example');
    expect(r.reply?.text).not.toContain('[email removed]');
  });

  it('answers the return window from data: open for 1043, closed for 1046', async () => {
    const open = await run(MAYA, 'Can I return order 1043?');
    expect(open.reply?.text).toMatch(
      /1043 can be returned until December 15, 2026 \(30-day return window\)\. The refundable amount is \$250\.00/,
    );
    const closed = await run(PRIYA, 'can i still return order 1046?');
    expect(closed.reply?.text).toMatch(/30-day return window for order 1046 closed on October 21, 2026/);
  });

  it('answers in Spanish with the data', async () => {
    const r = await run(MAYA, '¿Dónde está mi pedido 1042?');
    expect(r.understanding.language).toBe('es');
    expect(r.reply?.text).toMatch(/El pedido 1042 se envió el .* con UPS/);
  });

  it('proposes a refund for the refundable amount, or the customer’s smaller amount, never executing it', async () => {
    const full = await run(MAYA, 'I want a refund for order 1043');
    expect(full.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 25_000 });
    const part = await run(MAYA, 'refund $20 on order 1043 please, one part was missing');
    expect(part.proposedAction).toMatchObject({ type: 'refund', orderId: '1043', amountMinor: 2_000 });
    const order = await env.orderSystem.getOrder(env.tenantId, '1043');
    expect(order?.refunds).toEqual([]);
  });

  it('proposes a refund asked for in Thai or Arabic (the ask is found in scripts the word lexicons do not read)', async () => {
    const thai = await run(MAYA, 'ขอคืนเงินคำสั่งซื้อ 1043 ค่ะ');
    expect(thai.proposedAction).toMatchObject({ type: 'refund', orderId: '1043' });
    const arabic = await run(PRIYA, 'أريد استرداد أموالي للطلب 1045');
    expect(arabic.proposedAction).toMatchObject({ type: 'refund', orderId: '1045' });
  });

  it('proposes no refund when the customer says they do not want one, whatever the intent read', async () => {
    for (const text of [
      "the chair from 1043 came with a cracked leg. I don't want my money back, just send a new one",
      'no refund please, just a replacement for order 1043',
      'No quiero un reembolso del pedido 1043, solo que me manden otro',
    ]) {
      const r = await run(MAYA, text);
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.reply?.text ?? '', text).not.toMatch(/refund of \$|reembolso de/i);
    }
  });

  it('escalates a refund above what is refundable instead of proposing it', async () => {
    const r = await run(MAYA, 'Refund $5000 for order 1043 please');
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/exceeds/);
  });

  it('proposes cancelling an unshipped order and explains a shipped one', async () => {
    expect((await run(JORDAN, 'Please cancel order 1047')).proposedAction).toMatchObject({
      type: 'cancellation',
      orderId: '1047',
    });
    const shipped = await run(MAYA, 'cancel my order 1042');
    expect(shipped.proposedAction).toBeUndefined();
    expect(shipped.reply?.text).toMatch(/already shipped/);
  });

  it('does not show another customer’s order', async () => {
    const r = await run(MAYA, 'Where is order 1044?');
    expect(r.reply?.text ?? r.escalation?.customerMessage).not.toMatch(/delivered|750/);
    expect(r.reply?.text).toMatch(/couldn’t find order 1044 on your account/);
  });

  it('asks an unidentified person to write from the registered address', async () => {
    const r = await run(null, 'Where is order 1042?');
    expect(r.reply?.text).toBe(phrase('identify_for_orders', 'en'));
    expect(r.record.tools).toEqual([]);
  });

  it('answers a policy question from an article, citing it', async () => {
    const r = await run(null, 'What is your return policy?');
    expect(r.route).toBe('resolve');
    expect(r.reply?.citations.length).toBe(1);
    expect(r.reply?.text).toContain(`Source: ${r.reply?.citations[0]?.title}`);
  });

  it('escalates a request for a person with a summary and an empathetic message', async () => {
    const r = await run(MAYA, 'I want to talk to a human about order 1043');
    expect(r.route).toBe('escalate');
    expect(r.escalation?.summary).toMatch(/Bluebird Cafe \(free\) asks about talking to a person/);
    expect(r.escalation?.customerMessage).toBe(phrase('escalated', 'en', { ticketId: 'TKT-TEST01' }));
  });

  it('ignores pleasantries', async () => {
    expect((await run(MAYA, 'thanks!')).route).toBe('ignore');
    expect((await run(MAYA, '👍')).route).toBe('ignore');
  });
});

describe('issue 11 round six: pleasantries in other words and billing disputes (offline engine)', () => {
  it('thanks, approval and greetings in other words are pleasantries, in several languages', async () => {
    for (const text of [
      'perfect, much appreciated',
      'all good on our side now, cheers',
      'hello there',
      'muchas gracias, muy amables',
      'merci, tout est réglé',
      'Super, danke dir!',
      'obrigada, funcionou',
      'perfetto, grazie mille',
      'top, bedankt',
      'dziękujemy bardzo',
      'ありがとうございます',
      '非常感谢',
      'شكرا لكم',
      'ขอบคุณค่ะ',
    ]) {
      expect((await run(MAYA, text)).route, text).toBe('ignore');
    }
    // Anything beside the courtesy words is a message to answer.
    expect((await run(MAYA, 'thanks, but the lamp still flickers')).route).not.toBe('ignore');
    expect((await run(MAYA, 'help')).route).not.toBe('ignore');
  });

  it('a charge the customer says is wrong escalates as a billing dispute, whatever the order data says', async () => {
    for (const text of [
      'hey, you billed me twice for order 1043',
      'Me cobraron el pedido 1043 dos veces',
      'Vous avez débité deux fois ma commande 1043',
      'we were invoiced $2,500 for order 1043 instead of $250',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/billing dispute/);
      expect(r.reply, text).toBeUndefined();
      expect(r.proposedAction, text).toBeUndefined();
    }
    // A question about charges in general is not a dispute.
    const tax = await run(MAYA, 'we are a nonprofit, how do we stop being charged sales tax?');
    expect(tax.reason).not.toMatch(/billing dispute/);
  });
});
