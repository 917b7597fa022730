import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ensureIndexes } from '../../src/memory/indexes.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { purgeExpiredTurnInteractions } from '../../src/memory/turn-record-retention.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const DAY = 86_400_000;
const clock = fixedClock();
const logger = pino({ level: 'silent' });
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('turn_retention');
  await ensureIndexes(t.db, logger);
  stores = createMongoStores(t.db, { logger, clock });
});
afterAll(async () => t?.close());

/** A turn's decision `daysAgo`, carrying its interaction entry (90 days' retention). */
async function turn(decisionId: string, daysAgo: number): Promise<void> {
  const createdAt = new Date(clock.now().getTime() - daysAgo * DAY);
  await stores.decisions.add(
    {
      tenantId: 'TR',
      decisionId,
      ticketId: 'TKT-TRET22',
      engine: 'offline',
      stages: [],
      modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
      tools: [],
      confidence: 0.9,
      threshold: 0.6,
      route: 'resolve',
      reason: 'kb match',
      articleIds: [],
      createdAt,
    },
    {
      customerId: 'cus_r',
      intent: 'shipping',
      outcome: 'resolved',
      summary: `summary of ${decisionId}`,
      expiresAt: new Date(createdAt.getTime() + 90 * DAY),
    },
  );
}

describe("the interaction entries turns' decisions carry", () => {
  it('are taken out of their decisions once expired; the decisions stay for the audit', async () => {
    await turn('dec_old', 91);
    await turn('dec_new', 89);
    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(1);
    const docs = await t.db.collection('decisions').find({ tenantId: 'TR' }).sort({ createdAt: 1 }).toArray();
    expect(docs.map((d) => [d.decisionId, d.interaction?.summary])).toEqual([
      ['dec_old', undefined],
      ['dec_new', 'summary of dec_new'],
    ]);
    expect((await stores.interactions.listForCustomer('TR', 'cus_r')).map((i) => i.interactionId)).toEqual([
      'dec_new',
    ]);
    expect(await stores.decisions.listByTicket('TR', 'TKT-TRET22')).toHaveLength(2);
    expect(await purgeExpiredTurnInteractions(t.db, clock.now())).toBe(0);
  });
});
