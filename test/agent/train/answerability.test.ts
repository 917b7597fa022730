import { afterEach, describe, expect, it } from 'vitest';
import {
  ANSWERABILITY_FEATURES,
  answerabilityModel,
  answerabilityProbability,
  fitAnswerability,
  useAnswerabilityModel,
  type LabelledSignals,
} from '../../../src/agent/answerability.js';
import {
  memoryKnowledgeBase,
  labelledSignals,
  reweightToPrior,
  type LabelledExample,
} from '../../../src/agent/train/answerability-data.js';
import { retrieve } from '../../../src/agent/retrieve.js';
import type { AgentTools } from '../../../src/agent/types.js';
import { understandOffline } from '../../../src/agent/understand.js';

const d = ANSWERABILITY_FEATURES.length;
const at = (coverage: number, typeMissing: 0 | 1): number[] => {
  const x = new Array<number>(d).fill(0);
  x[ANSWERABILITY_FEATURES.indexOf('coverage')] = coverage;
  x[ANSWERABILITY_FEATURES.indexOf('typeMissing')] = typeMissing;
  return x;
};
const trainedOn = { examples: 0, answerable: 0, sources: {} };

afterEach(() => useAnswerabilityModel(undefined));

describe('the answerability model', () => {
  it('learns from labelled signals, and the same examples give the same weights', () => {
    const examples: LabelledSignals[] = [];
    for (let i = 0; i < 20; i++) {
      examples.push({ x: at(0.7 + i / 100, 0), y: 1 });
      examples.push({ x: at(0.2 + i / 100, (i % 2) as 0 | 1), y: 0 });
    }
    const a = fitAnswerability(examples, trainedOn);
    expect(fitAnswerability(examples, trainedOn)).toEqual(a);
    expect(answerabilityProbability(a, at(0.85, 0))).toBeGreaterThan(0.75);
    expect(answerabilityProbability(a, at(0.25, 1))).toBeLessThan(0.25);
  });

  it('the committed model (npm run train) reads the features retrieval gives it', () => {
    const m = answerabilityModel();
    expect(m?.features).toEqual([...ANSWERABILITY_FEATURES]);
    expect(m!.trainedOn.examples).toBeGreaterThan(200);
  });

  it('is the confidence of a knowledge-base answer: a question the articles answer clears the 0.60 bar, one they do not fall below it', async () => {
    const kb = await memoryKnowledgeBase();
    const confidence = async (text: string) => {
      const u = understandOffline({ text, isNewTicket: true, openTickets: [] });
      const ev = await retrieve(u, {
        tenantId: 'train',
        text,
        searchText: text,
        identified: false,
        tools: {} as AgentTools,
        kb,
      });
      expect(ev.kind).toBe('kb');
      return ev.confidence;
    };
    expect(
      await confidence('how many recovery codes do I get with two-factor authentication?'),
    ).toBeGreaterThanOrEqual(0.6);
    expect(await confidence('do you sell the chairs in purple velvet?')).toBeLessThan(0.6);
    // Without a model the hand-set confidence applies (a deployment that never ran npm run train).
    useAnswerabilityModel(null);
    expect(
      await confidence('how many recovery codes do I get with two-factor authentication?'),
    ).toBeGreaterThan(0);
  });

  it('leaves out what other rules route: a request for a person is not a knowledge-base example', async () => {
    const kb = await memoryKnowledgeBase();
    expect(
      await labelledSignals(kb, { text: 'I want to talk to a human please', route: 'escalate' }),
    ).toBeNull();
    const e = await labelledSignals(kb, {
      text: 'how long is the password reset link valid?',
      route: 'resolve',
    });
    expect(e?.y).toBe(1);
  });

  it('train2, written half near-misses, is weighted to the answerable share of customer messages', () => {
    const ex = (y: 0 | 1): LabelledExample => ({
      x: [],
      y,
      confidence: 0,
      text: '',
      article: 'a',
      threshold: 0.6,
      terms: [],
      articleKey: 'a',
    });
    const boundary = [...Array.from({ length: 5 }, () => ex(1)), ...Array.from({ length: 5 }, () => ex(0))];
    const customers = [...Array.from({ length: 3 }, () => ex(1)), ex(0)];
    reweightToPrior(boundary, [{ source: 'train', examples: customers }]);
    const weight = (y: 0 | 1) => boundary.filter((e) => e.y === y).reduce((s, e) => s + (e.weight ?? 1), 0);
    // 75% answerable, as in the reference; the answerable examples keep their weight.
    expect(weight(1) / (weight(1) + weight(0))).toBeCloseTo(0.75, 2);
    expect(weight(1)).toBe(5);
  });
});
