import { z } from 'zod';
import { escapeKeyPart, type Counters } from '../reports/counters.js';
import type { GapEntry, ReportStore, StoredFact } from '../reports/ports.js';
import { COLLECTIONS, collection, isDuplicateKeyError, type RepositoryDeps } from './collections.js';

const StoredFactSchema = z.object({
  fact: z.unknown(),
  counters: z.record(z.string(), z.number()),
  day: z.string(),
  rev: z.number().int().nonnegative(),
});

const GapEntrySchema = z.object({
  ticketId: z.string(),
  question: z.string(),
  intent: z.string(),
  language: z.string().optional(),
  why: z.enum(['low_confidence', 'not_good']),
  at: z.coerce.date(),
});

/**
 * The report's storage, keyed so every read is an `_id` lookup: facts by ticket or approval,
 * rollups and unanswered questions by organization and day. Counters are `$inc`ed, so two
 * processes adding to one day never overwrite each other.
 */
export function createReportRepository(deps: RepositoryDeps): ReportStore {
  const facts = collection(deps.db, COLLECTIONS.reportFacts);
  const days = collection(deps.db, COLLECTIONS.reportDays);
  const gaps = collection(deps.db, COLLECTIONS.reportGaps);
  const key = (tenantId: string, id: string) => `${tenantId}:${id}` as never;

  return {
    async getFact(tenantId, factId) {
      const doc = await facts.findOne({ _id: key(tenantId, factId) });
      if (!doc) return null;
      const parsed = StoredFactSchema.safeParse(doc);
      if (!parsed.success) {
        deps.logger.warn(
          { collection: COLLECTIONS.reportFacts, id: String(doc._id) },
          'unreadable report fact; recounted',
        );
        return null;
      }
      return parsed.data as StoredFact;
    },

    async putFact(tenantId, factId, value, expectedRev) {
      const doc = {
        tenantId,
        fact: value.fact,
        counters: value.counters,
        day: value.day,
        rev: expectedRev + 1,
      };
      if (expectedRev === 0) {
        try {
          await facts.insertOne({ _id: key(tenantId, factId), ...doc });
          return true;
        } catch (err) {
          if (isDuplicateKeyError(err)) return false;
          throw err;
        }
      }
      const res = await facts.updateOne({ _id: key(tenantId, factId), rev: expectedRev }, { $set: doc });
      return res.modifiedCount === 1;
    },

    async addToDay(tenantId, day, delta) {
      const inc: Record<string, number> = {};
      for (const [k, n] of Object.entries(delta)) if (n !== 0) inc[`c.${k}`] = n;
      if (Object.keys(inc).length === 0) return;
      await days.updateOne(
        { _id: key(tenantId, day) },
        { $inc: inc, $setOnInsert: { tenantId, day } },
        { upsert: true },
      );
    },

    async readDays(tenantId, dayList) {
      if (dayList.length === 0) return [];
      const docs = await days.find({ _id: { $in: dayList.map((d) => key(tenantId, d)) } }).toArray();
      return docs
        .filter((d) => typeof d.day === 'string')
        .map((d) => ({ day: d.day as string, counters: (d.c ?? {}) as Counters }));
    },

    async setGap(tenantId, day, ticketId, entry) {
      const field = `g.${escapeKeyPart(ticketId)}`;
      await gaps.updateOne(
        { _id: key(tenantId, day) },
        entry
          ? { $set: { [field]: GapEntrySchema.parse(entry) }, $setOnInsert: { tenantId, day } }
          : { $unset: { [field]: '' } },
        { upsert: entry !== null },
      );
    },

    async readGaps(tenantId, dayList) {
      if (dayList.length === 0) return [];
      const docs = await gaps.find({ _id: { $in: dayList.map((d) => key(tenantId, d)) } }).toArray();
      const out: GapEntry[] = [];
      for (const d of docs) {
        for (const raw of Object.values((d.g ?? {}) as Record<string, unknown>)) {
          const parsed = GapEntrySchema.safeParse(raw);
          if (parsed.success) out.push(parsed.data);
        }
      }
      return out;
    },

    async clear(tenantId) {
      await Promise.all([
        facts.deleteMany({ tenantId }),
        days.deleteMany({ tenantId }),
        gaps.deleteMany({ tenantId }),
      ]);
    },
  };
}
