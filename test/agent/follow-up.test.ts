import { describe, expect, it } from 'vitest';
import { routeMessage } from '../../src/agent/route.js';
import { threadSignals } from '../../src/agent/thread-signals.js';
import { historyAfter as after } from './agent-input.js';

// Follow-ups after an answer that ask something the bot can answer, told apart from complaints.
// Phrasings written for these tests.
describe('a question narrowed after a missed answer is not "the answer did not help"', () => {
  it.each([
    [
      'where are my orders?',
      'Your latest order 1042 was delivered on Monday.',
      "that doesn't answer my question, I asked about 1046 specifically. has it left yet?",
    ],
    [
      'how long are API keys valid?',
      'You can create API keys in Settings → API.',
      'not what I asked: do keys expire on their own or only when we revoke them?',
    ],
    [
      '¿cuánto tarda la devolución?',
      'Las devoluciones se aceptan durante 30 días.',
      'no es lo que pregunté, ¿cuántos días tarda el reembolso en llegar a la tarjeta?',
    ],
  ])('%s → %s → %s', (question, answer, text) => {
    expect(threadSignals(after(question, answer, text), text).saysNotHelped).toBe(false);
  });

  it.each([
    'that did not answer it, and I already tried the reset twice, still locked. get me someone',
    "that didn't help. still no email?? it's been two days",
    'not what I asked, this is useless',
    "that didn't answer my question. the label got lost, can you send a new one?",
  ])('a complaint still is: %s', (text) => {
    const history = after('how do I reset my password?', 'Use "Forgot password" on the sign-in page.', text);
    expect(threadSignals(history, text).saysNotHelped).toBe(true);
  });
});

describe('a calm follow-up question read as negative by the model alone', () => {
  const settings = { confidenceHigh: 0.75, confidenceNormal: 0.6 };

  it.each([
    'and if the order goes in after 4pm, does it still leave the same day?',
    'ok, what if the chair turns out too tall, can it still go back after two weeks?',
    '¿y si lo devolvemos sin la caja original?',
  ])('is routed by the raised bar, not handed over: %s', (text) => {
    const history = after('when do orders ship?', 'Orders placed before 2pm ship the same day.', text);
    const signals = threadSignals(history, text);
    expect(signals.plainFollowUp).toBe(true);
    const base = {
      urgency: 'medium',
      wantsHuman: false,
      securityConcern: false,
      sentiment: 'negative',
    } as const;
    expect(routeMessage({ ...base, confidence: 0.8, thread: signals, settings }).route).toBe('resolve');
    expect(routeMessage({ ...base, confidence: 0.7, thread: signals, settings }).route).toBe('escalate');
  });

  it.each([
    'still nothing?? where is it',
    'why is this STILL not shipped?',
    'any update on this? it has been a week',
    'that is ridiculous, why does it take so long?',
  ])('a complaint still goes to a person: %s', (text) => {
    const history = after('when do orders ship?', 'Orders placed before 2pm ship the same day.', text);
    expect(threadSignals(history, text).plainFollowUp).toBe(false);
  });
});
