import { MongoClient, type Db } from 'mongodb';
import pino from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { InboundMessage, StaffActor } from '../src/conversation/ports.js';
import { createIdGenerator, systemClock } from '../src/domain/index.js';
import { DEMO } from '../src/memory/demo-data.js';
import { seedDemo } from '../src/memory/seed.js';
import { createTestChannel, testChannelAdapter } from '../test/support/test-channel.js';
import { markReportWork } from './report-attribution.js';
import { countRoundTrips, type RoundTrips } from './stats.js';

const logger = pino({ level: 'silent' });

export type Who = 'maya' | 'priya' | 'jordan';

export const AUTHORS: Record<Who, InboundMessage['author']> = {
  maya: {
    userId: DEMO.customers.bluebird.userId,
    name: 'Maya Ortiz',
    email: DEMO.customers.bluebird.email,
    isExternal: true,
  },
  priya: {
    userId: DEMO.customers.cobalt.userId,
    name: 'Priya Nair',
    email: DEMO.customers.cobalt.email,
    isExternal: true,
  },
  jordan: {
    userId: DEMO.customers.acme.userId,
    name: 'Jordan Lee',
    email: DEMO.customers.acme.email,
    isExternal: true,
  },
};

/** The demo tenant's approver, clicking Approve on a card. */
export const APPROVER: StaffActor = {
  platform: 'sandbox',
  tenantId: DEMO.tenantId,
  userId: DEMO.staff.approver.userId,
  name: DEMO.staff.approver.name,
  isExternal: false,
};

let seq = 0;

/** A customer message in the demo customer channel; `threadId` makes it a reply in that thread. */
export function message(
  who: Who,
  text: string,
  threadId?: string,
  author: InboundMessage['author'] = AUTHORS[who],
): InboundMessage & { messageId: string } {
  seq += 1;
  const stamp = `${Date.now().toString(36)}-${seq}`;
  return {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    eventId: `bench-ev-${stamp}`,
    channelId: DEMO.customerChannelId,
    messageId: `bench-m-${stamp}`,
    threadId,
    author,
    text,
    receivedAt: new Date(),
  };
}

/**
 * A fresh copy of Maya's delivered $250 order 1043 under a new id, so every refund scenario asks
 * about an order with no refund or open request yet (one open request per order is the policy).
 */
export async function freshRefundableOrder(app: App, orderId: string): Promise<void> {
  const template = await app.stores.orders.get(DEMO.tenantId, DEMO.orders.deliveredBluebird);
  if (!template) throw new Error('bench: the demo order 1043 is missing');
  await app.stores.orders.upsert({ ...template, orderId, refunds: [] });
}

/**
 * A bench database on the given server with the demo tenant seeded, torn down afterwards.
 * `monitor: false` leaves the driver's command monitoring off, as production runs (it costs CPU:
 * every command and reply is copied into an event); `trips` then stays at zero.
 */
export async function withApp<T>(
  uri: string,
  openaiBaseURL: string | undefined,
  fn: (app: App, trips: RoundTrips, db: Db) => Promise<T>,
  { monitor = true }: { monitor?: boolean } = {},
): Promise<T> {
  // Same as the app's connectDatabase: undefined optional fields must be absent, not null, or the
  // schemas reject the documents on the way out (a ticket without orgId could not be read back).
  const client = new MongoClient(uri, { monitorCommands: monitor, ignoreUndefined: true });
  const trips = countRoundTrips(client);
  await client.connect();
  const db = client.db(`bench_${Date.now().toString(36)}`);
  const base = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'never' });
  const config = openaiBaseURL
    ? {
        ...base,
        openai: { apiKey: 'bench', baseURL: openaiBaseURL, model: 'bench-model', timeoutMs: 5000 },
      }
    : base;
  const app = await createApp({
    config,
    logger,
    db,
    adapters: [testChannelAdapter(createTestChannel())],
    clock: systemClock,
    ids: createIdGenerator(),
    sweepIntervalMs: 3_600_000,
  });
  // The report's reads and writes are told from the steps' (bench/report-attribution.ts), by
  // command monitoring: only with it on, as its AsyncLocalStorage turns on Node's promise hooks
  // for every promise (production has none; the CPU figures are taken with monitoring off).
  if (monitor) markReportWork(app.reports.recorder);
  await seedDemo({ stores: app.stores, tenantId: DEMO.tenantId, clock: systemClock });
  // Many refunds from one customer within a day would hit the daily limit (3) and measure the
  // "needs review" path instead of the ordinary approval; the bench lifts it for its own tenant.
  await app.stores.tenants.updateSettings(DEMO.tenantId, { set: { dailyRefundLimit: 1_000_000 } });
  try {
    return await fn(app, trips, db);
  } finally {
    await app.stop();
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}

/** Knowledge-base and order questions that change nothing: part 1's messages, and the profiler's. */
export const READ_ONLY_QUESTIONS = [
  'Where is order 1042?',
  'Can I still return order 1043?',
  'How long does standard shipping take?',
  'How do I reset my password?',
  'Do you ship internationally?',
  'What is your return policy?',
  'When will order 1045 arrive?',
  'How do I update my billing address?',
];
export const WHO: Who[] = ['maya', 'priya', 'jordan'];
/**
 * Question i from in-flight slot `slot`: a colleague of the same three customers per slot, so the
 * messages in flight are different people's conversations (one person's top-level messages take
 * turns by design: they may join one ticket).
 */
export const questionFrom = (slot: number, i: number) => {
  const who = WHO[i % 3]!;
  const author = { ...AUTHORS[who], userId: `${AUTHORS[who].userId}-${slot}`, name: `Colleague ${slot}` };
  return message(who, READ_ONLY_QUESTIONS[i % READ_ONLY_QUESTIONS.length]!, undefined, author);
};
