import type { Db, IndexDescription } from 'mongodb';
import type { Logger } from '../logger.js';
import { COLLECTIONS as C } from './collections.js';
import { CLAIMS_COLLECTION } from './guarded-update.js';
import { INBOUND_JOURNAL_COLLECTION } from './inbound-journal-repository.js';
import { OUTBOX_COLLECTION } from './outbox-repository.js';
import { SLA_TIMERS_COLLECTION } from './sla-timer-repository.js';
import { THREAD_LEASES_COLLECTION } from './thread-lease-repository.js';
import { KB_DRAFTS_COLLECTION } from './kb-draft-repository.js';

const INDEXES: Record<string, IndexDescription[]> = {
  // `_id` is tenantId:ticketId; the SLA sweep reads the earliest due across organizations.
  [SLA_TIMERS_COLLECTION]: [{ key: { nextAt: 1 } }],
  [KB_DRAFTS_COLLECTION]: [{ key: { tenantId: 1, status: 1, updatedAt: -1 } }],
  [C.tenants]: [{ key: { tenantId: 1 }, unique: true }],
  [C.channels]: [{ key: { tenantId: 1, platform: 1, channelId: 1 }, unique: true }],
  [C.customers]: [
    { key: { tenantId: 1, customerId: 1 }, unique: true },
    { key: { tenantId: 1, contactEmails: 1 } },
    { key: { tenantId: 1, 'externalOrgs.platform': 1, 'externalOrgs.orgId': 1 } },
    { key: { tenantId: 1, domain: 1 } },
  ],
  [C.tickets]: [
    { key: { tenantId: 1, ticketId: 1 }, unique: true },
    { key: { tenantId: 1, 'thread.platform': 1, 'thread.channelId': 1, 'thread.threadId': 1 } },
    { key: { tenantId: 1, customerId: 1, status: 1 } },
    { key: { tenantId: 1, 'requester.platform': 1, 'requester.userId': 1, status: 1 } },
    { key: { tenantId: 1, status: 1, updatedAt: -1 } },
    // The report sweep reads the tickets changed since its last pass, across organizations.
    { key: { updatedAt: 1 } },
  ],
  [C.messages]: [
    { key: { tenantId: 1, messageId: 1 }, unique: true },
    { key: { tenantId: 1, ticketId: 1, createdAt: 1 } },
    { key: { tenantId: 1, 'thread.platform': 1, platformMessageId: 1 } },
    // The inbound recovery sweep reads recent customer messages across tenants.
    { key: { role: 1, createdAt: 1 } },
    // Decisions that rode in their bot message's insert (turn-decisions.ts): the history they
    // carry, per customer, newest first, and its expiry (the ticket's come from the index above).
    {
      key: { tenantId: 1, 'interaction.customerId': 1, createdAt: -1 },
      partialFilterExpression: { kind: 'decision' },
    },
    { key: { 'interaction.expiresAt': 1 }, partialFilterExpression: { kind: 'decision' } },
    // The history entries approval notices carried (turn-decisions.ts), the same two ways.
    {
      key: { tenantId: 1, 'history.customerId': 1, createdAt: -1 },
      partialFilterExpression: { kind: 'interaction' },
    },
    { key: { 'history.expiresAt': 1 }, partialFilterExpression: { kind: 'interaction' } },
  ],
  [C.processedEvents]: [{ key: { tenantId: 1, platform: 1, eventId: 1 }, unique: true }],
  [C.interactions]: [{ key: { tenantId: 1, customerId: 1, createdAt: -1 } }],
  [C.decisions]: [
    { key: { tenantId: 1, ticketId: 1, createdAt: 1 } },
    // The interaction history a turn's decision carries, read per customer, newest first.
    { key: { tenantId: 1, 'interaction.customerId': 1, createdAt: -1 } },
    // Their expiry (turn-record-retention.ts: a TTL index would delete the decision too).
    { key: { 'interaction.expiresAt': 1 } },
  ],
  [C.approvals]: [
    { key: { tenantId: 1, approvalId: 1 }, unique: true },
    { key: { status: 1, expiresAt: 1 } },
    { key: { tenantId: 1, ticketId: 1 } },
    // Open requests per order (one refund intent, one request) and per customer (the daily limit).
    { key: { tenantId: 1, orderId: 1, status: 1 } },
    { key: { tenantId: 1, customerId: 1, status: 1, createdAt: 1 } },
  ],
  [C.audit]: [{ key: { tenantId: 1, ticketId: 1, at: 1 } }, { key: { tenantId: 1, approvalId: 1, at: 1 } }],
  [C.kbArticles]: [{ key: { tenantId: 1, articleId: 1 }, unique: true }],
  [C.kbSyncs]: [{ key: { tenantId: 1, finishedAt: -1 } }],
  [C.orders]: [
    { key: { tenantId: 1, orderId: 1 }, unique: true },
    { key: { tenantId: 1, customerId: 1, placedAt: -1 } },
  ],
  // Outbound posts without a channel route ask for an organization's active installs.
  [C.slackInstallations]: [{ key: { orgId: 1 } }],
  // Keyed by _id; the recovery sweep looks for unfinished records across tenants.
  [INBOUND_JOURNAL_COLLECTION]: [{ key: { state: 1, updatedAt: 1 } }],
  // Keyed by _id (the thread key); the recovery sweep looks for turn documents holding an
  // unfinished journal record (a range on a counter the accept and finish writes keep).
  [THREAD_LEASES_COLLECTION]: [{ key: { unfinished: 1 } }],
  // One entry per idempotency key; the sweep looks for due pending entries across tenants.
  [OUTBOX_COLLECTION]: [
    { key: { tenantId: 1, key: 1 }, unique: true },
    { key: { tenantId: 1, entryId: 1 }, unique: true },
    { key: { status: 1, nextAttemptAt: 1 } },
    { key: { tenantId: 1, ticketId: 1, createdAt: 1 } },
  ],
};

/** Collections whose documents carry `expiresAt` and must disappear after it (spent write claims too). */
export const EXPIRING_COLLECTIONS = [
  C.interactions,
  C.processedEvents,
  OUTBOX_COLLECTION,
  INBOUND_JOURNAL_COLLECTION,
  CLAIMS_COLLECTION,
  THREAD_LEASES_COLLECTION,
] as const;

export interface IndexReport {
  /** False when the server refused TTL indexes (FerretDB): run startRetentionPurge instead. */
  ttl: boolean;
}

/**
 * Creates every index at start-up. Idempotent: createIndexes with an identical spec is a no-op.
 * TTL indexes are tried once per collection; a server that does not implement them gets a plain
 * index on expiresAt (so the purge's range delete is cheap) and the caller runs the timer purge.
 */
export async function ensureIndexes(db: Db, logger: Logger): Promise<IndexReport> {
  for (const [name, specs] of Object.entries(INDEXES)) {
    // One createIndex per spec: FerretDB v1 drops the connection when a multi-index
    // createIndexes repeats indexes that already exist, while a single repeat is a clean no-op.
    for (const { key, ...options } of specs) {
      try {
        await db.collection(name).createIndex(key, options);
      } catch (err) {
        // The embedded server has no partial indexes (and answers only `_id` from an index
        // anyway): the same keys over every document there; MongoDB gets the partial one.
        if (!options.partialFilterExpression || !/partialFilterExpression/.test(String(err))) throw err;
        const { partialFilterExpression: _partial, ...whole } = options;
        await db.collection(name).createIndex(key, whole);
      }
    }
  }
  let ttl = true;
  for (const name of EXPIRING_COLLECTIONS) {
    const col = db.collection(name);
    try {
      await col.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
    } catch (err) {
      if (!isNotImplemented(err)) throw err;
      ttl = false;
      await col.createIndex({ expiresAt: 1 }, { name: 'expiresAt_1' });
    }
  }
  if (!ttl) {
    logger.info('this MongoDB server has no TTL indexes; expired history is purged on a timer instead');
  }
  return { ttl };
}

function isNotImplemented(err: unknown): boolean {
  const e = err as { code?: unknown; codeName?: unknown; message?: unknown };
  // FerretDB answers 238 NotImplemented; match the name and text too in case a version changes the code.
  return (
    e?.code === 238 ||
    e?.codeName === 'NotImplemented' ||
    (typeof e?.message === 'string' && /not implemented/i.test(e.message))
  );
}
