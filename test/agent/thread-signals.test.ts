import { describe, expect, it } from 'vitest';
import { threadSignals } from '../../src/agent/thread-signals.js';
import type { AgentInput } from '../../src/agent/types.js';
import { historyAfter as after, MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

type History = AgentInput['history'];

// Phrasings written for this test, in other words than any labelled set's.
describe('"ok but…" past an answer on the same subject asks again', () => {
  it.each([
    [
      'how long does a return take to process?',
      'Returns are processed within 3 business days of arrival.',
      'right, but when will our return actually get processed? it has been a week',
    ],
    [
      'when do returns get processed?',
      'Returns are processed within 3 business days of arrival.',
      'yes but our return arrived last week, why is nothing processed',
    ],
    [
      '¿cuánto tarda un reembolso?',
      'Los reembolsos se envían el mismo día en que se aprueban.',
      'vale, pero ¿cuándo veré el reembolso en la tarjeta?',
    ],
    [
      'Combien de temps prend un remboursement ?',
      'Le remboursement est envoyé le jour de son approbation.',
      "d'accord mais quand est-ce que le remboursement arrive sur ma carte ?",
    ],
    [
      'Wie lange dauert eine Erstattung?',
      'Erstattungen werden am Tag der Genehmigung ausgelöst.',
      'ja, aber wann ist die Erstattung auf meinem Konto?',
    ],
  ])('%s → %s → %s', (question, answer, text) => {
    expect(threadSignals(after(question, answer, text), text).repeatsQuestion).toBe(true);
  });

  it.each([
    [
      'how long does a return take to process?',
      'Returns are processed within 3 business days of arrival.',
      'ok but can I also get a copy of the invoice?',
    ],
    [
      'how long does a return take to process?',
      'Returns are processed within 3 business days of arrival.',
      'but that is fine, thanks',
    ],
  ])('a new subject after "ok but", or no question, is not: %s → %s → %s', (question, answer, text) => {
    expect(threadSignals(after(question, answer, text), text).repeatsQuestion).toBe(false);
  });

  it('a "but" without an answer before it is a first question', () => {
    const text = 'but when will the refund arrive?';
    expect(threadSignals([{ role: 'customer', text }], text).repeatsQuestion).toBe(false);
  });

  it('goes to a person instead of the same article again', async () => {
    const question = 'how long do refunds take to reach a card?';
    const first = await run(MAYA, question);
    expect(first.route).toBe('resolve');
    const text = 'right, but when will the refund actually be back on my card?';
    const history: History = [
      { role: 'customer', text: question },
      { role: 'bot', text: first.reply!.text },
      { role: 'customer', text },
    ];
    const r = await run(MAYA, text, {
      history,
      ticket: { ticketId: 'TKT-TEST01', status: 'open', isNew: false },
    });
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
  });
});
