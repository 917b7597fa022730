import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { createKnowledgeBase } from '../../src/agent/knowledge-base.js';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import { ROUTE_FEATURES } from '../../src/agent/route-features.js';
import {
  parseRouteModel,
  ROUTE_MODEL_FILE,
  routeModel,
  useRouteModel,
  type RouteModel,
} from '../../src/agent/route-model.js';
import { ALWAYS_ANSWER, routeCasesOn } from '../../src/agent/train/route-data.js';
import { routeExamples } from '../../src/agent/train/route-cv.js';
import { fitRouteModel, type RouteExample } from '../../src/agent/train/route-fit.js';
import type { Agent, KnowledgeBase } from '../../src/agent/types.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { inputFor, PRIYA } from './agent-input.js';

let env: SeededEnv;
let kb: KnowledgeBase;
let agent: Agent;

beforeAll(async () => {
  env = await createSeededEnv();
  kb = createKnowledgeBase({ source: env.stores.kbArticles });
  agent = createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) });
});
afterAll(async () => env?.close());
afterEach(() => useRouteModel(undefined));

const run = async (text: string) => agent.run(await inputFor(env, kb, PRIYA, text));
const committed = () => JSON.parse(readFileSync(ROUTE_MODEL_FILE, 'utf8')) as RouteModel;

describe('the learned route decision, as a customer sees it', () => {
  it('answers help-center questions in other languages that the fixed thresholds sent to a person', async () => {
    for (const text of [
      'Come attivo la verifica in due passaggi?',
      'Como ativo a verificação em duas etapas?',
      '¿Cómo puedo activar la verificación en dos pasos?',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.citations.map((c) => c.title).join(), text).toMatch(/two-factor|2-step|verification/i);
    }
    const seats = await run('Hoeveel gebruikers zitten er in Free?');
    expect(seats.route).toBe('resolve');
    expect(seats.reply?.citations.length).toBeGreaterThan(0);
  });

  it('sends a question the help center cannot answer to a person, with a draft for staff', async () => {
    const r = await run('do you have a showroom in Denver where I could try the chairs?');
    expect(r.route).toBe('escalate');
    expect(r.reply).toBeUndefined();
    expect(r.draft).toBeTruthy();
    expect(r.escalation?.customerMessage).toBeTruthy();
  });

  it('cannot argue past a hard rule: a model that always answers still sends these to a person', async () => {
    useRouteModel(ALWAYS_ANSWER);
    // The model is in charge where no rule decides: the unanswerable question is now answered...
    expect((await run('do you have a showroom in Denver where I could try the chairs?')).route).toBe(
      'resolve',
    );
    // ...but not where a rule does.
    const cases = [
      ['someone logged into our account from another country and changed the admin password', /security/],
      ['I want to talk to a real person please', /asked for a person/],
      ['you charged my card twice for order 1045', /billing dispute/],
      ['all our invoices disappeared from the account overnight', /data loss|person/],
    ] as const;
    for (const [text, reason] of cases) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(reason);
      expect(r.reply, text).toBeUndefined();
      expect(r.proposedAction, text).toBeUndefined();
    }
  });
});

describe('the route model file', () => {
  it('is validated on load: the committed one reads the features this code computes', () => {
    useRouteModel(undefined);
    const m = routeModel();
    expect(m?.features).toEqual([...ROUTE_FEATURES]);
    expect(m!.trainedOn.examples).toBeGreaterThan(500);
    expect(m!.crossValidated.map((f) => f.heldOut)).toEqual(['train', 'dev', 'dev2', 'dev3', 'dev4']);
  });

  it('a stale or damaged file fails with one sentence naming npm run train', () => {
    const stale = { ...committed(), features: committed().features.slice(1) };
    expect(() => parseRouteModel(stale, 'route.json')).toThrow(ConfigError);
    expect(() => parseRouteModel(stale, 'route.json')).toThrow(
      'route.json does not match the route features of this version; run npm run train',
    );
    const damaged = { ...committed(), trees: [[{ feature: 'coverage' }]] };
    expect(() => parseRouteModel(damaged, 'route.json')).toThrow(/run npm run train$/);
  });

  it('fitting is deterministic: the same examples give the same model', () => {
    const d = ROUTE_FEATURES.length;
    const examples: RouteExample[] = [];
    for (let i = 0; i < 60; i++) {
      const x = new Array<number>(d).fill(0);
      x[ROUTE_FEATURES.indexOf('kindKb')] = 1;
      x[ROUTE_FEATURES.indexOf('coverage')] = (i % 10) / 10;
      x[ROUTE_FEATURES.indexOf('words')] = i % 7;
      examples.push({ x, y: i % 10 >= 4 ? 1 : 0, threshold: i % 3 ? 0.6 : 0.75 });
    }
    const a = fitRouteModel(examples);
    expect(JSON.stringify(fitRouteModel(examples))).toBe(JSON.stringify(a));
    expect(a.trees.length).toBeGreaterThan(0);
  });

  it('is what npm run train fits from the golden sets through the current code', async () => {
    const cases = await routeCasesOn(
      {
        kb,
        tenantId: env.tenantId,
        settings: (await env.stores.tenants.get(env.tenantId))!.settings,
        customers: env.stores.customers,
        interactions: env.stores.interactions,
        orders: env.orderSystem,
        clock: env.clock,
      },
      pino({ level: 'silent' }),
    );
    const file = committed();
    const refit = fitRouteModel(routeExamples(cases), file.options);
    expect(JSON.stringify(refit)).toBe(
      JSON.stringify({ knowledgeBase: file.knowledgeBase, bias: file.bias, trees: file.trees }),
    );
  }, 240_000);
});
