import { describe, expect, it } from 'vitest';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, not taken from a set.
describe('what the warranty is, or what a claim needs, asked beside a failure', () => {
  it.each([
    "what's the warranty on the headsets? the one from 1050 died yesterday",
    'what is the warranty for the monitor arms? the one on 1045 gave out last week',
    'the grinder on 1043 stopped working after six weeks, what documents do you need for the warranty?',
    'router from 1052 keeps rebooting. what information do you need from us for a warranty claim?',
    'our label printer died after 3 months. what do you need from us to get it repaired under warranty?',
  ])('is a question the warranty article answers, not a claim: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).not.toBe('warranty_claim');
  });

  it.each([
    'the router from 1052 died after 5 weeks, we want to file a warranty claim. what do you need?',
    'printer from 1046 died after 2 months, please replace it under warranty. what details do you need?',
    'the grinder from 1043 quit on us, only had it six weeks. what now, warranty?',
    'the grinder on 1043 stopped working after six weeks, what documents do you need for the claim?',
  ])('a claim wanted or asked of us stays a claim: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('warranty_claim');
  });

  it('is answered from the warranty article with the order named, and nothing is proposed', async () => {
    for (const [email, text] of [
      [PRIYA, "what's the warranty on the headsets? the one from 1050 died yesterday"],
      [PRIYA, 'router from 1052 keeps rebooting. what information do you need from us for a warranty claim?'],
      [
        MAYA,
        'the grinder on 1043 stopped working after six weeks, what documents do you need for the warranty?',
      ],
    ] as const) {
      const r = await run(email, text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toMatch(/warrant/i);
      expect(r.proposedAction, text).toBeUndefined();
    }
  });
});
