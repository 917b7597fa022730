import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { escapeKeyPart, type Counters } from '../reports/counters.js';
import type { GapEntry, ReportStore, TicketsBehind } from '../reports/ports.js';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Document, type UpdateFilter } from 'mongodb';
import {
  bulkWriteErrors,
  COLLECTIONS,
  collection,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';
import { encodeCounters, storedFactOf } from './stored-counters.js';

const GapEntrySchema = z.object({
  ticketId: z.string(),
  question: z.string(),
  intent: z.string(),
  language: z.string().optional(),
  why: z.enum(['low_confidence', 'not_good']),
  at: z.coerce.date(),
});

/**
 * A day's counters by customer are spread over this many documents beside the day's own (by a
 * hash of the customer): one document holding every customer of a busy day grew with each new
 * customer, and every message's `$inc` rewrote all of it (on the embedded server, with 1,100
 * customers in a day, most of the database's time per message late in the day).
 */
const CUSTOMER_SHARDS = 16;
const CUSTOMER_PREFIX = 'customer~';
/** `_id`s per `$in` read (the bundled server reads up to 500 through the `_id` index). */
const READ_BATCH = 400;

/** The shard of a customer counter key (`customer~<escaped id>~metric`), by its id part. */
function shardOf(counterKey: string): number {
  const id = counterKey.slice(CUSTOMER_PREFIX.length, counterKey.indexOf('~', CUSTOMER_PREFIX.length));
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % CUSTOMER_SHARDS;
}

/** Deltas summed for a day's next `$inc`, and that update's outcome. */
interface PendingDay {
  inc: Record<string, number>;
  done: Promise<void>;
}

/** A fact to store under compare-and-set, with the day changes that go with it if it wins. */
interface FactCommit {
  tenantId: string;
  id: string;
  doc: Record<string, unknown>;
  expectedRev: number;
  days: ReadonlyArray<{ day: string; delta: Counters }>;
  resolve(won: boolean): void;
  reject(err: unknown): void;
}

/** Statements per command (FerretDB v1 stalls on update commands of a few hundred). */
const MAX_STATEMENTS = 50;

/**
 * The report sweep's own document beside the facts: who holds the sweep and until when, and how
 * far it got. No organization's `_id` (`${org}:…`) can be it: it has no `:`.
 */
const SWEEP_ID = '~report-sweep';

const TicketChangeSchema = z.object({
  tenantId: z.string(),
  ticketId: z.string(),
  version: z.number().int().nonnegative().default(0),
  updatedAt: z.coerce.date(),
});
const CountedVersionSchema = z.object({
  _id: z.string(),
  fact: z.object({ version: z.number().int().nonnegative().optional() }).passthrough(),
});
const SweepStateSchema = z.object({ through: z.coerce.date().nullable().optional() });

/**
 * The report's storage, keyed so every read is an `_id` lookup: facts by ticket or approval,
 * rollups and unanswered questions by organization and day. Counters are `$inc`ed, so two
 * processes adding to one day never overwrite each other.
 */
export function createReportRepository(deps: RepositoryDeps): ReportStore {
  const facts = collection(deps.db, COLLECTIONS.reportFacts);
  /**
   * The day rollups live beside the facts (`_id` `${org}:${day}` cannot meet a fact's
   * `${org}:t:…`/`${org}:a:…`), so a fact's compare-and-set and its day's `$inc` are one command.
   * Days counted before that are in `report_days`, read and summed with them.
   */
  const days = facts;
  const legacyDays = collection(deps.db, COLLECTIONS.reportDays);
  const gaps = collection(deps.db, COLLECTIONS.reportGaps);
  const key = (tenantId: string, id: string) => `${tenantId}:${id}` as never;
  // One writer per day document in this process, so its updates apply in the order made.
  const dayChains = new Map<string, Promise<unknown>>();
  /** Per day document, the deltas summed for its next update (not yet taken by it). */
  const dayPending = new Map<string, PendingDay>();

  /**
   * An update of one document that no concurrent writer can lose (`$inc` and `$set` in one atomic
   * upsert, on MongoDB and on the bundled server), creating it when it is missing. Two first
   * upserts at once can collide on `_id` on MongoDB: the loser's retry updates the winner's.
   */
  async function guarded(
    col: typeof days,
    id: string,
    insert: Record<string, unknown>,
    update: () => UpdateFilter<Document>,
  ): Promise<void> {
    const change = update();
    const write = () =>
      col.updateOne(
        { _id: id as never },
        {
          ...change,
          $setOnInsert: insert,
          $inc: { ...(change.$inc ?? {}), _rev: 1 },
        } as UpdateFilter<Document>,
        { upsert: true },
      );
    await retryOnDuplicate(write);
  }

  function serialDay<T>(id: string, work: () => Promise<T>): Promise<T> {
    const run = (dayChains.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
    dayChains.set(id, run);
    void run
      .finally(() => {
        if (dayChains.get(id) === run) dayChains.delete(id);
      })
      .catch(() => undefined);
    return run;
  }

  /**
   * Adds a day's summed deltas in one command: the day's own counters to its document, each
   * customer's to its shard. An upsert that lost a first-insert race (MongoDB) is sent again alone:
   * the others applied, and `$inc`ing them twice would count twice.
   */
  async function writeDay(tenantId: string, day: string, sum: Record<string, number>): Promise<void> {
    const ops = dayOps(tenantId, new Map([[day, sum]]));
    if (ops.length === 0) return;
    try {
      await days.bulkWrite(ops, { ordered: false });
    } catch (err) {
      if (!(err instanceof MongoBulkWriteError)) throw err;
      const errors = bulkWriteErrors(err);
      if (errors.some((e) => e.code !== 11000)) throw err;
      await days.bulkWrite(
        errors.map((e) => ops[e.index]!),
        { ordered: false },
      );
    }
  }

  /** The `$inc` upserts adding each day's summed `c.`-prefixed deltas: its own document and its customers' shards. */
  function dayOps(
    tenantId: string,
    sums: Map<string, Record<string, number>>,
  ): AnyBulkWriteOperation<Document>[] {
    const ops: AnyBulkWriteOperation<Document>[] = [];
    for (const [day, sum] of sums) {
      const dayId = key(tenantId, day) as string;
      const parts = new Map<string, Record<string, number>>();
      for (const [field, n] of Object.entries(sum)) {
        if (n === 0) continue;
        const counter = field.slice('c.'.length);
        const id = counter.startsWith(CUSTOMER_PREFIX) ? `${dayId}:c${shardOf(counter)}` : dayId;
        const inc = parts.get(id) ?? {};
        inc[field] = n;
        parts.set(id, inc);
      }
      for (const [id, inc] of parts)
        ops.push({
          updateOne: {
            filter: { _id: id as never },
            update: { $setOnInsert: { tenantId, day }, $inc: { ...inc, _rev: 1 } },
            upsert: true,
          },
        });
    }
    return ops;
  }

  /** The day changes of `commits`, summed per organization and day (`c.`-prefixed counter fields). */
  function incOps(commits: readonly FactCommit[]): AnyBulkWriteOperation<Document>[] {
    const byTenant = new Map<string, Map<string, Record<string, number>>>();
    for (const c of commits) {
      const sums = byTenant.get(c.tenantId) ?? new Map<string, Record<string, number>>();
      byTenant.set(c.tenantId, sums);
      for (const { day, delta } of c.days) {
        const sum = sums.get(day) ?? {};
        sums.set(day, sum);
        for (const [k, n] of Object.entries(delta)) if (n !== 0) sum[`c.${k}`] = (sum[`c.${k}`] ?? 0) + n;
      }
    }
    return [...byTenant].flatMap(([tenantId, sums]) => dayOps(tenantId, sums));
  }

  /**
   * How many statements `incOps` would make for a growing list of commits, kept as each is added
   * (building the statements for every prefix made a long queue quadratic: about 3% of Node's CPU
   * in the bench's part 1, most of it with 8 messages in flight). A statement is a (organization, day, document) with at least
   * one counter whose sum is not zero, as `dayOps` leaves out zero sums.
   */
  function dayStatementCounter(): { add(c: FactCommit): void; count(): number } {
    const sums = new Map<string, number>();
    const nonZeroByDoc = new Map<string, number>();
    let statements = 0;
    return {
      add(c) {
        for (const { day, delta } of c.days) {
          const dayId = key(c.tenantId, day) as string;
          for (const [counter, n] of Object.entries(delta)) {
            if (n === 0) continue;
            const id = counter.startsWith(CUSTOMER_PREFIX) ? `${dayId}:c${shardOf(counter)}` : dayId;
            const doc = `${c.tenantId}\0${day}\0${id}`;
            const field = `${doc}\0${counter}`;
            const before = sums.get(field) ?? 0;
            const after = before + n;
            sums.set(field, after);
            if ((before === 0) === (after === 0)) continue;
            const fields = (nonZeroByDoc.get(doc) ?? 0) + (after === 0 ? -1 : 1);
            nonZeroByDoc.set(doc, fields);
            if (after !== 0 && fields === 1) statements++;
            else if (after === 0 && fields === 0) statements--;
          }
        }
      },
      count: () => statements,
    };
  }

  /**
   * A fact's compare-and-set as an upsert: where the stored `rev` is not the expected one, the
   * upsert's insert collides on `_id` (E11000), which stops an ordered command there, so the day
   * changes after it are not applied. `w` marks each put of this command, to tell after such an
   * error which facts it stored (the embedded server reports the failing statement's index as 0).
   */
  function factOp(c: FactCommit, token: string): AnyBulkWriteOperation<Document> {
    return {
      updateOne: {
        filter: { _id: c.id as never, rev: c.expectedRev },
        // The compact counters are marked with the `rev` this write makes; the pairs an earlier
        // version wrote are dropped (that version rewrites them, without the mark: stored-counters.ts).
        update: {
          $set: { ...c.doc, cv: c.expectedRev + 1, w: token },
          $unset: { counters: '' },
          $inc: { rev: 1 },
        },
        upsert: true,
      },
    };
  }

  /**
   * Stores facts and, after them in the same ordered command, their day changes summed: one round
   * trip when every fact wins. A fact that lost (another process stored it since it was read) stops
   * the command there: the facts before it are stored, it and those after are not, and no day
   * change was applied; the facts this command stored are read back by their mark, those after
   * the loser go again, and the winners' day changes with them.
   */
  async function commit(batch: FactCommit[]): Promise<void> {
    const won: FactCommit[] = [];
    const lost: FactCommit[] = [];
    let remaining = batch;
    try {
      for (;;) {
        const token = randomBytes(6).toString('hex');
        const incs = incOps([...won, ...remaining]);
        const ops = [...remaining.map((c, i) => factOp(c, `${token}.${i}`)), ...incs];
        if (ops.length === 0) break;
        try {
          await facts.bulkWrite(ops, { ordered: true });
          won.push(...remaining);
          break;
        } catch (err) {
          if (!(err instanceof MongoBulkWriteError)) throw err;
          const errors = bulkWriteErrors(err);
          if (errors.some((e) => e.code !== 11000)) throw err;
          const ids = remaining.map((c) => c.id);
          const stored = await facts
            .find({ _id: { $in: ids as never[] } }, { projection: { _id: 1, w: 1 } })
            .toArray();
          // Each put's own mark: the same fact put twice in one command is stored once.
          const marks = new Map(stored.map((d) => [String(d._id), d.w as unknown]));
          const firstLost = remaining.findIndex((c, i) => marks.get(c.id) !== `${token}.${i}`);
          if (firstLost < 0) {
            // Every fact stored: a day's first upsert lost an insert race (MongoDB, whose index is
            // exact); the day changes from it on go again.
            won.push(...remaining);
            remaining = [];
            const from = Math.max(0, (errors[0]?.index ?? ops.length) - ids.length);
            await retryOnDuplicate(() => facts.bulkWrite(incs.slice(from), { ordered: true }));
            break;
          }
          won.push(...remaining.slice(0, firstLost));
          lost.push(remaining[firstLost]!);
          remaining = remaining.slice(firstLost + 1);
          if (remaining.length === 0 && won.length === 0) break;
          if (remaining.length === 0) {
            const winners = incOps(won);
            if (winners.length) await facts.bulkWrite(winners, { ordered: true });
            break;
          }
        }
      }
    } catch (err) {
      for (const c of batch) c.reject(err);
      return;
    }
    for (const c of won) c.resolve(true);
    for (const c of lost) c.resolve(false);
  }

  /** Puts made while a commit is on its way (or in this tick) go together in the next. */
  const commitQueue: FactCommit[] = [];
  let committing = false;
  async function drainCommits(): Promise<void> {
    while (commitQueue.length > 0) {
      // As many facts as fit beside their day changes in one command.
      const dayStatements = dayStatementCounter();
      let n = 0;
      while (n < commitQueue.length && n < MAX_STATEMENTS / 2) {
        dayStatements.add(commitQueue[n]!);
        if (n > 0 && n + 1 + dayStatements.count() > MAX_STATEMENTS) break;
        n++;
      }
      await commit(commitQueue.splice(0, n));
    }
    committing = false;
  }

  return {
    async getFact(tenantId, factId) {
      const doc = await facts.findOne({ _id: key(tenantId, factId) });
      if (!doc) return null;
      const stored = storedFactOf(doc);
      if (!stored) {
        deps.logger.warn(
          { collection: COLLECTIONS.reportFacts, id: String(doc._id) },
          'unreadable report fact; recounted',
        );
        return null;
      }
      return stored;
    },

    putFact(tenantId, factId, value, expectedRev, dayChanges = []) {
      const doc = {
        tenantId,
        fact: value.fact,
        counted: encodeCounters(value.counters),
        day: value.day,
      };
      // Compare-and-set on `rev`: of two processes recounting at once, one wins (and only its
      // day changes are applied). A fact gone since it was read (a rebuild's clear) is stored anew.
      return new Promise<boolean>((resolve, reject) => {
        commitQueue.push({
          tenantId,
          id: key(tenantId, factId) as string,
          doc,
          expectedRev,
          days: dayChanges,
          resolve,
          reject,
        });
        if (committing) return;
        committing = true;
        // Puts made in the same tick (a beat's recounts, a put barrier) leave together.
        queueMicrotask(() => void drainCommits());
      });
    },

    async addToDay(tenantId, day, delta) {
      const inc: Record<string, number> = {};
      for (const [k, n] of Object.entries(delta)) if (n !== 0) inc[`c.${k}`] = n;
      if (Object.keys(inc).length === 0) return;
      const id = key(tenantId, day) as string;
      // Group commit: the deltas added to a day while its last update is on its way (or within
      // this tick) are summed and go as one command; each caller resolves once its delta is stored.
      let pending = dayPending.get(id);
      if (!pending) {
        const sum: Record<string, number> = {};
        const done = serialDay(id, async () => {
          // Taken when its turn comes (after this tick's others): what arrived until then goes with it.
          await new Promise<void>((resolve) => queueMicrotask(resolve));
          dayPending.delete(id);
          await writeDay(tenantId, day, sum);
        });
        pending = { inc: sum, done };
        dayPending.set(id, pending);
      }
      for (const [k, n] of Object.entries(inc)) pending.inc[k] = (pending.inc[k] ?? 0) + n;
      await pending.done;
    },

    async readDays(tenantId, dayList) {
      if (dayList.length === 0) return [];
      const ids = dayList.flatMap((d) => [
        key(tenantId, d) as string,
        ...Array.from({ length: CUSTOMER_SHARDS }, (_, i) => `${key(tenantId, d) as string}:c${i}`),
      ]);
      const byDay = new Map<string, Counters>();
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        const batch = { _id: { $in: ids.slice(i, i + READ_BATCH) as never[] } };
        // Days counted beside the facts, and what was counted in `report_days` before: summed.
        const [now, before] = await Promise.all([
          days.find(batch).toArray(),
          legacyDays.find(batch).toArray(),
        ]);
        for (const d of [...now, ...before]) {
          if (typeof d.day !== 'string') continue;
          const counters = byDay.get(d.day) ?? {};
          for (const [k, n] of Object.entries((d.c ?? {}) as Counters)) counters[k] = (counters[k] ?? 0) + n;
          byDay.set(d.day, counters);
        }
      }
      return [...byDay].map(([day, counters]) => ({ day, counters }));
    },

    async setGap(tenantId, day, ticketId, entry) {
      const field = `g.${escapeKeyPart(ticketId)}`;
      const id = `gaps:${key(tenantId, day) as string}`;
      const docId = key(tenantId, day) as string;
      await serialDay(id, () =>
        guarded(gaps, docId, { tenantId, day }, () =>
          entry ? { $set: { [field]: GapEntrySchema.parse(entry) } } : { $unset: { [field]: '' } },
        ),
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
        legacyDays.deleteMany({ tenantId }),
        gaps.deleteMany({ tenantId }),
      ]);
    },

    async ticketsBehind(from, to, limit): Promise<TicketsBehind> {
      // Off every message's path: the `{updatedAt}` index on MongoDB, a scan on the embedded server.
      const changed = await collection(deps.db, COLLECTIONS.tickets)
        .find(
          { updatedAt: { $gte: from, $lt: to } },
          { projection: { _id: 0, tenantId: 1, ticketId: 1, version: 1, updatedAt: 1 } },
        )
        .sort({ updatedAt: 1 })
        .limit(limit)
        .toArray();
      const tickets = changed.flatMap((d) => {
        const p = TicketChangeSchema.safeParse(d);
        return p.success ? [p.data] : [];
      });
      const counted = new Map<string, number>();
      const ids = tickets.map((t) => key(t.tenantId, `t:${t.ticketId}`) as string);
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        const docs = await facts
          .find(
            { _id: { $in: ids.slice(i, i + READ_BATCH) as never[] } },
            { projection: { 'fact.version': 1 } },
          )
          .toArray();
        for (const d of docs) {
          const p = CountedVersionSchema.safeParse(d);
          if (p.success) counted.set(p.data._id, p.data.fact.version ?? 0);
        }
      }
      const behind = tickets.filter((t, i) => {
        const version = counted.get(ids[i]!);
        return version === undefined || version < t.version;
      });
      return {
        behind: behind.map(({ tenantId, ticketId }) => ({ tenantId, ticketId })),
        scanned: changed.length,
        last: tickets.at(-1)?.updatedAt ?? null,
      };
    },

    async claimSweep(owner, now, leaseMs) {
      try {
        // Free (never held, or its holder's lease ran out): taken with its lease in one write.
        const doc = await facts.findOneAndUpdate(
          {
            _id: SWEEP_ID as never,
            $or: [{ leaseUntil: { $lte: now } }, { leaseUntil: { $exists: false } }],
          },
          {
            $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) },
            $setOnInsert: { tenantId: '~' },
          },
          { upsert: true, returnDocument: 'after' },
        );
        const state = SweepStateSchema.safeParse(doc ?? {});
        return { through: state.success ? (state.data.through ?? null) : null };
      } catch (err) {
        // Held: the upsert's insert met the holder's document.
        if ((err as { code?: unknown }).code === 11000) return null;
        throw err;
      }
    },

    async releaseSweep(owner, through) {
      await facts.updateOne(
        { _id: SWEEP_ID as never, owner },
        { $set: { through, leaseUntil: new Date(0) } },
      );
    },
  };
}
