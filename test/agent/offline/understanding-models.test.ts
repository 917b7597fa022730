import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  classifyIntent,
  detectConcern,
  toneOfProbabilities,
} from '../../../src/agent/offline/classify-intent.js';
import { model } from '../../../src/agent/offline/model/models.js';
import { understandOffline } from '../../../src/agent/understand.js';
import { INTENT_IDS, INTENTS, intentPromptList, type Plan } from '../../../src/domain/index.js';

const understand = (text: string, plan?: Plan) =>
  understandOffline({ text, plan, isNewTicket: true, openTickets: [] });

describe('the intent registry and the trained intent model agree', () => {
  it('the model knows exactly the registry’s intents', () => {
    expect([...model('intent').classes].sort()).toEqual([...INTENT_IDS].sort());
  });

  it('every intent is classifiable: some held-out corpus message is understood as it', () => {
    const dev = readFileSync('data/corpus/dev.jsonl', 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { text: string; intent: string; concernOnly?: true })
      // The incident banks' records are fitted by the concern head alone (corpus.ts).
      .filter((r) => !r.concernOnly);
    for (const intent of INTENT_IDS) {
      const mine = dev.filter((r) => r.intent === intent);
      const right = mine.filter((r) => classifyIntent(r.text).intent === intent);
      expect(right.length, intent).toBeGreaterThanOrEqual(Math.ceil(mine.length * 0.6));
    }
  });

  it('every intent has a description for the model prompt and a label for staff', () => {
    for (const id of INTENT_IDS) {
      expect(INTENTS[id].description.length, id).toBeGreaterThan(10);
      expect(intentPromptList()).toContain(`${id} (`);
    }
  });
});

describe('measured misses of the keyword classifier (all went to "other")', () => {
  it.each([
    ['i put the wrong street on my parcel', 'shipping'],
    ['problem updating where it ships', 'shipping'],
    ['what does it cost to get out of the contract early', 'billing'],
    ['need help cancleing purchase 5580021', 'cancel'],
    ['how do I sign up', 'account'],
    ['cant get into my profile', 'account'],
    ['contact customer service', 'general'],
    ['how long does delivery take to reach me', 'shipping'],
    ['is there a fee if we end our contract early?', 'billing'],
    ['I would like to register a new account', 'account'],
  ])('%s → %s', (text, intent) => {
    const u = understand(text);
    expect(u.intent).toBe(intent);
    expect(u.intentConfidence).toBeGreaterThan(0.4);
  });

  it('survives typos: character n-grams and the lexicon’s one-edit match', () => {
    expect(understand('refnd for 1045 pls the arm is broken').intent).toBe('refund');
    expect(understand('pasword reset pls').intent).toBe('account');
    expect(understand('wheres my packge 1042').intent).toBe('order_status');
  });

  it('understands the eight reply languages', () => {
    expect(understand('Vorrei un rimborso per l’ordine 1005').intent).toBe('refund');
    expect(understand('Ik wil mijn bestelling 1013 annuleren').intent).toBe('cancel');
    expect(understand('Zapomniałem hasła do konta').intent).toBe('account');
    expect(understand('Wie lange dauert der Versand nach Österreich?').intent).toBe('shipping');
  });
});

describe('confusions the retrained intent model fixes (issue 11, round five: train, dev and dev2 misses)', () => {
  // Phrasings written for this test, unlike any corpus or golden line; each went elsewhere before.
  it.each([
    ['a completely different product showed up in our box', 'return'],
    ['how long is the guarantee on a standing desk', 'return'],
    ['can I get every order we placed as an excel sheet', 'account'],
    ['how fast is a revoked key dead', 'technical'],
    ['what does it cost to be on pro', 'billing'],
  ])('%s → %s', (text, intent) => {
    expect(understand(text).intent).toBe(intent);
  });
});

describe('urgency: plan rules on top of the understood topic (measured: 1 of 11 right)', () => {
  it.each<[string, Plan, string]>([
    ['Our order portal has been unreachable for every office since 8am.', 'enterprise', 'critical'],
    [
      'none of our people can get into the ordering site, the whole company is stuck',
      'enterprise',
      'critical',
    ],
    ['All API calls to you are timing out and our production line is blocked.', 'enterprise', 'critical'],
    ['After yesterday’s update our whole order history has vanished.', 'enterprise', 'critical'],
    ['you billed us $4,000 instead of $400', 'enterprise', 'high'],
    ['We got charged twice for the same invoice this month', 'enterprise', 'high'],
    ['there is a suspicious login from abroad on my profile', 'pro', 'critical'],
    ['someone signed into our account from Vietnam, not one of us', 'free', 'critical'],
    ['there are orders on my account I never placed', 'free', 'critical'],
    ['your site is down, nothing loads for me', 'pro', 'high'],
  ])('%s (%s) → %s', (text, plan, urgency) => {
    expect(understand(text, plan).urgency).toBe(urgency);
  });

  it('a security concern found by the model is flagged whatever the wording', () => {
    const u = understand('I received a new-device sign-in alert from Lisbon and it was not me');
    expect(u.securityConcern).toBe(true);
    expect(u.urgencySignals.join()).toMatch(/security/);
  });

  it('ordinary questions raise no concern and stay medium or low', () => {
    expect(detectConcern('has 1047 gone out yet?')).toBeNull();
    expect(understand('status check on 1047 please — has it gone out yet?', 'enterprise').urgency).toBe(
      'medium',
    );
    expect(understand('what are your opening hours?', 'free').urgency).toBe('low');
  });

  // The concern head also fits the customers' answered questions of the consumed sets as raising
  // none (golden-labels.ts): fitted on the corpus alone it read these as an outage or a breach.
  it.each([
    'if we turn on SSO, can the owner still sign in when our identity provider is down?',
    'if our identity provider goes down, can admins still log in with a password?',
    'is the desk on 1040 delivered yet? nobody at reception has signed for anything',
  ])('a question that only sounds like an incident raises no concern: %s', (text) => {
    expect(detectConcern(text)).toBeNull();
  });
});

describe('sentiment and confidence', () => {
  it('reads anger and appreciation', () => {
    expect(understand('This is ridiculous, third time I write and still no refund!!').sentiment).toBe(
      'negative',
    );
    expect(understand('Thanks so much, love your products! quick question about invoices').sentiment).toBe(
      'positive',
    );
  });

  it('is more confident about a clear request than about noise', () => {
    const clear = understand('please cancel order 1047').intentConfidence!;
    const noise = understand('hmm so about the thing').intentConfidence!;
    expect(clear).toBeGreaterThan(0.8);
    expect(noise).toBeLessThan(clear);
  });
});

describe('a negative reading raises the confidence bar only when the sentiment model is sure', () => {
  it('a slight lead for negative is read as the likelier of the other two', () => {
    expect(toneOfProbabilities({ negative: 0.55, neutral: 0.4, positive: 0.05 })).toBe('neutral');
    expect(toneOfProbabilities({ negative: 0.5, neutral: 0.1, positive: 0.4 })).toBe('positive');
  });

  it('a clear negative stays negative, and the other labels are taken as the model gives them', () => {
    expect(toneOfProbabilities({ negative: 0.9, neutral: 0.08, positive: 0.02 })).toBe('negative');
    expect(toneOfProbabilities({ negative: 0.1, neutral: 0.3, positive: 0.6 })).toBe('positive');
    expect(understand('this is terrible, nothing works and nobody answers').sentiment).toBe('negative');
  });
});
