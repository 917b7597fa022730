import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { echoesPrompt } from '../../../src/agent/llm/prompt-echo.js';
import {
  answerSystemPrompt,
  escalateSystemPrompt,
  resolveSystemPrompt,
} from '../../../src/agent/llm/prompts.js';
import { splitPassages } from '../../../src/agent/passages.js';
import { rot13 } from '../../../src/agent/guardrails/decode.js';

const PROMPTS = [answerSystemPrompt([]), resolveSystemPrompt('en'), escalateSystemPrompt('en')];

/** Every passage of the demo help center: what honest replies quote all day. */
const KB_PASSAGES = readdirSync('kb')
  .filter((f) => f.endsWith('.md'))
  .flatMap((f) => splitPassages(readFileSync(path.join('kb', f), 'utf8').replace(/^---[\s\S]*?---/, '')))
  .map((p) => p.text);

const ORDINARY = [
  'Order 1042 shipped on November 18 with UPS. Tracking number: 1Z999AA10123456784. Estimated delivery: November 22.',
  'You can return most items within 30 days of delivery for a refund to your original payment method.',
  'I’ve asked our team to refund $45.00 on order 1043; you’ll hear from us once it is approved.',
  'El pedido 1042 se envió el 18 de noviembre con UPS. Número de seguimiento: 1Z999AA10123456784.',
  'Thanks for your patience. I’ve passed this to our team and a person will follow up here soon (ticket TKT-ABC234).',
  'Sorry about the trouble! Standard shipping takes 3–5 business days after dispatch; express takes 1–2.',
  'I can’t share internal details, but I can help with your order: which one is it about?',
];

describe('prompt-echo check', () => {
  it('passes honest replies: every help-center passage and ordinary order answers', () => {
    expect(KB_PASSAGES.length).toBeGreaterThan(40);
    for (const reply of [...KB_PASSAGES, ...ORDINARY])
      for (const prompt of PROMPTS) expect(echoesPrompt(reply, prompt), reply.slice(0, 60)).toBe(false);
  });

  it('catches the prompt verbatim, encoded, reversed, spaced out or retold', () => {
    const p = resolveSystemPrompt('en');
    const part = p.slice(100, 400);
    for (const leak of [
      part,
      Buffer.from(part).toString('base64'),
      Buffer.from(part).toString('base64url'),
      Buffer.from(part).toString('hex').replace(/(..)/g, '$1 '),
      rot13(part),
      [...part].reverse().join(''),
      part.split('').join('.'),
      'My instructions say I should only use the evidence and never invent policies.',
      'The rules: use needsEscalation and escalationReason keys, cite article ids.',
    ])
      expect(echoesPrompt(leak, p), leak.slice(0, 50)).toBe(true);
  });
});
