import type { Collection, Db, Document, MongoBulkWriteError, WithId, WriteError } from 'mongodb';
import type { z } from 'zod';
import type { Clock } from '../domain/index.js';
import { describeZodIssues, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { withBatchedInserts } from './insert-batching.js';

/** Collection names, in one place so indexes, repositories and the purge agree. */
export const COLLECTIONS = {
  tenants: 'tenants',
  channels: 'channels',
  customers: 'customers',
  tickets: 'tickets',
  messages: 'messages',
  processedEvents: 'processed_events',
  interactions: 'interactions',
  decisions: 'decisions',
  approvals: 'approvals',
  audit: 'audit_events',
  kbArticles: 'kb_articles',
  kbSyncs: 'kb_syncs',
  /** One counter per organization, `_id` = tenantId, bumped by every knowledge-base write. */
  kbRevisions: 'kb_revisions',
  orders: 'orders',
  /** (platform, workspace) → organization; `_id` is `${platform}:${workspaceId}`. */
  installations: 'installations',
  /** Slack "Add to Slack" installs with their tokens; `_id` is `${enterpriseId}:${teamId}`. */
  slackInstallations: 'slack_installations',
  /** Slack channel → the install it was seen through; `_id` is the channel id. */
  slackChannelRoutes: 'slack_channel_routes',
  /** Report facts: one per ticket or approval, `_id` = `${tenantId}:t:${ticketId}` / `:a:`. */
  reportFacts: 'report_facts',
  /** Report rollups: one per organization and UTC day, `_id` = `${tenantId}:${day}`. */
  reportDays: 'report_days',
  /** Unanswered questions per organization and day, `_id` = `${tenantId}:${day}`. */
  reportGaps: 'report_gaps',
  /** A customer's open refunds and requests (the daily limit's guard), `_id` = `${tenantId}:${customerId}`. */
  refundLedgers: 'refund_ledgers',
} as const;

/** What every repository is built from. */
export interface RepositoryDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
}

/** Approval decisions and the audit trail must survive a primary failover: majority + journal. */
export const DURABLE = { w: 'majority', j: true } as const;

/**
 * Validates documents where they enter and leave MongoDB. Writes that fail their schema throw a
 * ValidationError (our bug or bad input, caught before it is stored); reads that fail (hand-edited
 * data) are logged with the document's _id and skipped, so one bad document never stops the bot.
 */
export interface Codec<S extends z.ZodType> {
  in(value: unknown): z.output<S>;
  out(doc: WithId<Document> | Document | null): z.output<S> | null;
  outMany(docs: Array<WithId<Document>>): Array<z.output<S>>;
  /** Validates only the fields of a partial update (no defaults filled for absent fields). */
  patch(value: Record<string, unknown>): Record<string, unknown>;
}

export function createCodec<S extends z.ZodObject>(schema: S, collection: string, logger: Logger): Codec<S> {
  /** The partial schemas `patch` validates with, by their sorted field names (a few dozen at most). */
  const picks = new Map<string, z.ZodType>();
  const out = (doc: WithId<Document> | Document | null): z.output<S> | null => {
    if (!doc) return null;
    const { _id, ...rest } = doc;
    const parsed = schema.safeParse(rest);
    if (parsed.success) return parsed.data;
    logger.warn(
      { collection, id: String(_id), issues: describeZodIssues(parsed.error.issues) },
      'skipping a stored document that fails its schema',
    );
    return null;
  };
  return {
    in(value) {
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        throw new ValidationError(
          `Invalid ${collection} document: ${describeZodIssues(parsed.error.issues)}`,
        );
      }
      return parsed.data;
    },
    out,
    outMany(docs) {
      const result: Array<z.output<S>> = [];
      for (const d of docs) {
        const v = out(d);
        if (v !== null) result.push(v);
      }
      return result;
    },
    patch(value) {
      const defined = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
      const mask = Object.fromEntries(Object.keys(defined).map((k) => [k, true])) as Record<string, true>;
      const unknownKeys = Object.keys(defined).filter((k) => !(k in schema.shape));
      if (unknownKeys.length > 0) {
        throw new ValidationError(`Invalid ${collection} update: unknown field(s) ${unknownKeys.join(', ')}`);
      }
      const shape = Object.keys(mask).sort().join(',');
      let picked = picks.get(shape);
      if (!picked) {
        // Building a picked schema costs more than parsing with it: one per set of fields, kept.
        picked = schema.pick(mask);
        picks.set(shape, picked);
      }
      const parsed = picked.safeParse(defined);
      if (!parsed.success) {
        throw new ValidationError(`Invalid ${collection} update: ${describeZodIssues(parsed.error.issues)}`);
      }
      return parsed.data as Record<string, unknown>;
    },
  };
}

/**
 * A collection handle, with the durable write concern where asked; concurrent single-document
 * inserts share round trips (insert-batching.ts).
 */
export function collection(db: Db, name: string, options: { durable?: boolean } = {}): Collection {
  const col = options.durable ? db.collection(name, { writeConcern: DURABLE }) : db.collection(name);
  return withBatchedInserts(col);
}

/** The documents a bulk write refused, as a list (the driver gives one error bare). */
export function bulkWriteErrors(err: MongoBulkWriteError): readonly WriteError[] {
  const { writeErrors } = err;
  return Array.isArray(writeErrors) ? (writeErrors as readonly WriteError[]) : [writeErrors as WriteError];
}

/** MongoDB's duplicate-key error (a unique index said no). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/**
 * Inserts `doc` unless a document matching `key` exists (seed data: existing records are left as
 * they are). True when this call inserted it; a lost insert race counts as "already there".
 */
export async function insertIfMissing(
  col: Collection,
  key: Record<string, unknown>,
  doc: Document,
): Promise<boolean> {
  try {
    const res = await col.updateOne(key, { $setOnInsert: doc }, { upsert: true });
    return res.upsertedCount === 1;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/**
 * Runs an upsert again if it lost an insert race: two first sights of the same tenant or
 * channel can both try to insert; the unique index rejects one, and its retry then matches.
 */
export async function retryOnDuplicate<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return op();
  }
}
