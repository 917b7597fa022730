import { describe, expect, it } from 'vitest';
import {
  ANSWERABILITY_FEATURES,
  answerabilityModel,
  answerabilityProbability,
} from '../../src/agent/answerability.js';
import { articleKey, neighbourIndex, neighbourVote } from '../../src/agent/answer-memory.js';
import { queryTerms } from '../../src/agent/kb-index.js';
import {
  answerMemory,
  crossFitNeighbourVotes,
  type AnswerabilitySet,
  type LabelledExample,
} from '../../src/agent/train/answerability-data.js';
import { JORDAN, useOfflineAgent } from './agent-input.js';

const VOTE = ANSWERABILITY_FEATURES.indexOf('neighbourVote');

const API = { articleId: 'api-access', title: 'API access', body: 'Keys, limits and the REST API.' };
const API_KEY = articleKey(API);

function example(text: string, y: 0 | 1): LabelledExample {
  return {
    x: new Array<number>(ANSWERABILITY_FEATURES.length).fill(0),
    y,
    confidence: 0,
    text,
    article: 'a',
    threshold: 0.6,
    terms: queryTerms(text),
    articleKey: API_KEY,
  };
}

describe('the labelled questions most like a new one', () => {
  const memory = answerMemory([
    {
      source: 'dev9',
      examples: [
        example('do you sell replacement casters for the task chairs?', 0),
        example('is there a GraphQL version of the ordering API?', 0),
        example('how long do refunds take to reach the card?', 1),
        example('how many recovery codes come with two-factor sign-in?', 1),
      ],
    },
  ]);
  const index = neighbourIndex(memory);
  const vote = (text: string, article = API_KEY) => neighbourVote(index, queryTerms(text), article);

  it('vote as they were routed: against an answer where a person had to reply, for one where the articles did', () => {
    expect(vote('do you sell casters for the task chairs separately?')).toBeLessThan(-0.3);
    expect(vote('does the ordering API come in GraphQL?')).toBeLessThan(-0.3);
    expect(vote('how long until a refund is back on my card?')).toBeGreaterThan(0.3);
  });

  it('say nothing about a question none of them is like', () => {
    expect(vote('what is the weight limit of the standing desk?')).toBe(0);
    expect(vote('')).toBe(0);
  });

  it('say nothing when the article found is not one they were read against: another article, or theirs since edited', () => {
    expect(vote('does the ordering API come in GraphQL?')).toBeLessThan(-0.3);
    const edited = { ...API, body: `${API.body} A GraphQL endpoint serves the same data.` };
    expect(vote('does the ordering API come in GraphQL?', articleKey(edited))).toBeNull();
    expect(
      vote('does the ordering API come in GraphQL?', articleKey({ ...API, articleId: 'reply-tkt-1' })),
    ).toBeNull();
  });

  it('without a vote, the answerability model reads the feature at its training mean: no evidence either way', () => {
    const model = answerabilityModel()!;
    const x = model.mean.slice();
    x[ANSWERABILITY_FEATURES.indexOf('coverage')] = 0.8;
    const unknown = x.slice();
    unknown[VOTE] = Number.NaN;
    expect(answerabilityProbability(model, unknown)).toBeCloseTo(answerabilityProbability(model, x), 12);
    const against = x.slice();
    against[VOTE] = -0.8;
    expect(answerabilityProbability(model, against)).toBeLessThan(answerabilityProbability(model, unknown));
  });

  it('in training, come from the other sets only: a set does not vote for its own lines', () => {
    const sets: AnswerabilitySet[] = [
      { source: 'dev9', examples: [example('is there a GraphQL version of the ordering API?', 0)] },
      {
        source: 'dev10',
        examples: [
          example('is there a GraphQL version of the ordering API?', 0),
          example('what is the weight limit of the standing desk?', 1),
        ],
      },
    ];
    crossFitNeighbourVotes(sets);
    // dev10's GraphQL line is voted on by dev9's twin; its desk line has no twin elsewhere.
    expect(sets[1]!.examples[0]!.x[VOTE]).toBe(-1);
    expect(sets[1]!.examples[1]!.x[VOTE]).toBe(0);
    expect(sets[0]!.examples[0]!.x[VOTE]).toBe(-1);
  });
});

describe('a help-center question customers asked before (the committed model, npm run train)', () => {
  const run = useOfflineAgent();

  it('goes to a person when the articles on its topic did not answer it then: an API style, a test environment, spare parts', async () => {
    for (const text of [
      'could we get a GraphQL endpoint for the order API?',
      'is your ordering API available as GraphQL, or REST only?',
      "is there a test environment for the API where orders don't actually ship?",
      'do you have a sandbox we can point our integration at before going live?',
      'do you sell replacement wheels for your desk chairs?',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/^confidence 0\.\d\d below/);
    }
  });

  it('is answered when the articles did answer it then: a removed member losing access', async () => {
    for (const text of [
      'if we remove someone from our team, do they lose access immediately?',
      'when I delete a user, are they signed out right away?',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply, text).toBeTruthy();
    }
  });
});
