import type { AnyBulkWriteOperation, Collection, Db, Document, WithId } from 'mongodb';
import { threadTicketId, type Platform, type Ticket } from '../domain/index.js';
import { retryOnDuplicate } from './collections.js';
import { createIdReadGroup } from './id-read-batching.js';
import { hasLegacyDocuments } from './keyed-documents.js';
import { recordField } from './turn-documents.js';

/** Where the keys live: one small document per thread, per requester and per customer. */
export const TICKET_KEYS_COLLECTION = 'ticket_keys';
/** One document per finished one-time migration (`_id` = its name). */
const MIGRATIONS_COLLECTION = 'migrations';
const BACKFILL_ID = 'ticket_keys';
/**
 * Recorded once every process derives a thread's ticket id (`threadTicketId`) and finds it by its
 * `_id`: from then on such a ticket's thread key is not written (see `added`). Versions before
 * find a thread's ticket only through its key, so this is recorded by hand once none of them
 * runs any more, or by the first process of a database that never held a ticket.
 */
export const THREAD_IDS_MIGRATION = 'ticket_thread_ids';
/** Open tickets read per requester or customer; older ones beyond this are not looked at. */
const MAX_IDS = 200;
/**
 * A resolved ticket leaves its open lists with this process's next write of keys, or after this
 * long when none comes (issue 13: no write of its own on the resolving path).
 */
const LEAVE_WITHIN_MS = 1_000;

type KeyDoc = { _id: string; tenantId: string; ids?: string[] };

export const threadKey = (tenantId: string, platform: Platform, channelId: string, threadId: string) =>
  `${tenantId}|thread|${platform}|${channelId}|${threadId}`;
export const requesterKey = (tenantId: string, platform: Platform, userId: string) =>
  `${tenantId}|requester|${platform}|${userId}`;
export const customerKey = (tenantId: string, customerId: string) => `${tenantId}|customer|${customerId}`;

/**
 * The questions the message path asks of tickets — which ticket is this thread's, which tickets
 * of this person or this customer are still open — answered by primary key: a document per
 * thread, requester and customer lists ticket ids, and the tickets are then read by their own
 * `_id`s. Their cost does not grow with the number of tickets, on the embedded server (which
 * scans for any other filter) or on MongoDB.
 *
 * The lists may say more than is true, never less: ids are added before the ticket is stored or
 * reopened and removed after it is resolved, and every reader checks the tickets it reads (a
 * crash in between leaves an id that reads as resolved or missing, and is skipped). One
 * exception, for a turn: a customer's reply that reopens a resolved ticket lists it only when the
 * turn leaves it open (by its escalating write, or at its end, before its record is finished), so
 * a reply answered at once writes no key (`listLater` in the ticket store). Meanwhile a top-level
 * message of the same person does not join it (a race with the reply either way); a run killed in
 * between is escalated by the recovery, whose write lists it, or run again, and a rerun lists what
 * it leaves open. Tickets
 * stored before these keys existed are listed once per database, by the first process that needs
 * them (`migrations` records it).
 */
export interface TicketKeys {
  /**
   * Before a ticket is first stored: its thread (unless the ticket has the thread's derived id and
   * THREAD_IDS_MIGRATION is recorded), and while it is open its requester and customer.
   */
  added(ticket: Ticket): Promise<void>;
  /**
   * After a change of status (or customer): an open ticket is listed, a resolved one no longer.
   * A resolved one leaves its lists with the next write of keys this process makes (another
   * ticket's listing), or within a second in a write of its own for every ticket resolved
   * meanwhile; until then this process's reads leave it out, and other processes' reads find it
   * resolved and skip it, as after a crash.
   */
  changed(ticket: Ticket): Promise<void>;
  /** Ticket ids by key document (empty when there is none). */
  ids(key: string): Promise<string[]>;
  /** `ids` of several key documents, in one read. */
  idsOf(keys: string[]): Promise<Map<string, string[]>>;
  /** The tickets with these ids, of one organization, in no particular order. */
  read(tenantId: string, ticketIds: string[]): Promise<Array<WithId<Document>>>;
}

export function createTicketKeys(
  db: Db,
  tickets: Collection,
  ticketDocId: (t: string, id: string) => string,
) {
  const keys = db.collection<KeyDoc>(TICKET_KEYS_COLLECTION);
  // Messages in flight asking at the same time share one read (id-read-batching.ts).
  const keyDoc = createIdReadGroup(keys);
  let ready: Promise<void> | undefined;
  let derivedOnly = false;
  /** Resolved tickets whose removal from their open lists waits for the next write, by ticket. */
  const leaving = new Map<string, { ticketId: string; version: number; keys: string[] }>();
  let leaveTimer: NodeJS.Timeout | undefined;
  const leavingKey = (tenantId: string, ticketId: string) => `${tenantId}|${ticketId}`;
  /** The removals waiting, as statements of the write about to be made (taken off the waiting list). */
  function takeLeaving(): AnyBulkWriteOperation<KeyDoc>[] {
    if (leaveTimer) clearTimeout(leaveTimer);
    leaveTimer = undefined;
    const ops = [...leaving.values()].flatMap((l) => l.keys.map((k) => remove(k, l.ticketId, l.version)));
    leaving.clear();
    return ops;
  }
  /** Writes `ops` with the removals waiting; removals a failed write carried wait for the next. */
  async function writeWithLeaving(ops: AnyBulkWriteOperation<KeyDoc>[]): Promise<void> {
    const waiting = new Map(leaving);
    const all = [...ops, ...takeLeaving()];
    try {
      await write(all);
    } catch (err) {
      for (const [k, l] of waiting) if (!leaving.has(k)) leaving.set(k, l);
      scheduleLeave();
      throw err;
    }
  }
  function scheduleLeave(): void {
    if (leaveTimer || leaving.size === 0) return;
    leaveTimer = setTimeout(() => {
      leaveTimer = undefined;
      // A failed write leaves the ids listed: readers skip resolved tickets, as after a crash.
      writeWithLeaving([]).catch(() => undefined);
    }, LEAVE_WITHIN_MS);
    // Must not keep a stopping process alive: ids left listed are skipped by every reader.
    leaveTimer.unref();
  }
  /** The ids of `key` this process knows have left it (their removal not written yet). */
  const stillListed = (doc: KeyDoc | null | undefined): string[] => {
    const ids = doc?.ids ?? [];
    if (!doc || leaving.size === 0) return ids;
    return ids.filter((id) => !leaving.get(leavingKey(doc.tenantId, id))?.keys.includes(doc._id));
  };

  /** Where an open list notes the ticket version that listed an id (see `remove`). */
  const listedAt = (ticketId: string) => `listed.${recordField(ticketId)}`;
  /** `version`: the ticket's, when it is listed open (the open lists note it; a thread's key does not). */
  const add = (
    id: string,
    tenantId: string,
    ticketId: string,
    version?: number,
  ): AnyBulkWriteOperation<KeyDoc> => ({
    updateOne: {
      filter: { _id: id },
      update: {
        $setOnInsert: { tenantId },
        $addToSet: { ids: ticketId },
        ...(version !== undefined ? { $set: { [listedAt(ticketId)]: version } } : {}),
      },
      upsert: true,
    },
  });
  /**
   * Takes a resolved ticket off an open list, unless a later version listed it again: the
   * removal may be written a moment after the resolve (see `changed`), and another process may
   * have reopened and listed the ticket meanwhile. Ids listed before the note existed are taken off.
   */
  const remove = (id: string, ticketId: string, resolvedVersion: number): AnyBulkWriteOperation<KeyDoc> => ({
    updateOne: {
      filter: {
        _id: id,
        $or: [
          { [listedAt(ticketId)]: { $exists: false } },
          { [listedAt(ticketId)]: { $lt: resolvedVersion } },
        ],
      },
      update: { $pull: { ids: ticketId }, $unset: { [listedAt(ticketId)]: '' } },
    },
  });

  const openKeys = (t: Pick<Ticket, 'tenantId' | 'requester' | 'customerId'>) => [
    requesterKey(t.tenantId, t.requester.platform, t.requester.userId),
    ...(t.customerId ? [customerKey(t.tenantId, t.customerId)] : []),
  ];

  async function write(ops: AnyBulkWriteOperation<KeyDoc>[]): Promise<void> {
    if (ops.length === 0) return;
    // Two first upserts of one key at once (MongoDB): the retry adds to the winner's document.
    await retryOnDuplicate(() => keys.bulkWrite(ops, { ordered: false }));
  }

  /** Lists the tickets stored before the keys existed, once per database. */
  function backfill(): Promise<void> {
    ready ??= (async () => {
      const migrations = db.collection<{ _id: string; at: Date }>(MIGRATIONS_COLLECTION);
      // Both records in the one read this process makes of them.
      const done = new Set(
        (await migrations.find({ _id: { $in: [BACKFILL_ID, THREAD_IDS_MIGRATION] } }).toArray()).map(
          (d) => d._id,
        ),
      );
      derivedOnly = done.has(THREAD_IDS_MIGRATION);
      if (done.has(BACKFILL_ID)) return;
      let seen = 0;
      const ops: AnyBulkWriteOperation<KeyDoc>[] = [];
      const cursor = tickets.find(
        {},
        { projection: { tenantId: 1, ticketId: 1, status: 1, requester: 1, customerId: 1, thread: 1 } },
      );
      for await (const t of cursor) {
        if (typeof t.tenantId !== 'string' || typeof t.ticketId !== 'string') continue;
        const ticket = t as unknown as Ticket;
        seen++;
        ops.push(
          add(
            threadKey(
              ticket.tenantId,
              ticket.thread.platform,
              ticket.thread.channelId,
              ticket.thread.threadId,
            ),
            ticket.tenantId,
            ticket.ticketId,
          ),
        );
        if (ticket.status !== 'resolved')
          for (const k of openKeys(ticket)) ops.push(add(k, ticket.tenantId, ticket.ticketId));
        // Small batches: FerretDB v1 keeps every statement's cursor of one update command open until
        // the command ends, and a few hundred statements in one command never finish.
        if (ops.length >= 50) await write(ops.splice(0));
      }
      await write(ops);
      // No record of this backfill and no ticket: no process of a version before has answered a
      // message here (its first one records the backfill), so the threads' tickets of this
      // database go by their derived ids from the start.
      if (seen === 0 && !derivedOnly) {
        await migrations.updateOne(
          { _id: THREAD_IDS_MIGRATION },
          { $set: { at: new Date() } },
          { upsert: true },
        );
        derivedOnly = true;
      }
      await migrations.updateOne({ _id: BACKFILL_ID }, { $set: { at: new Date() } }, { upsert: true });
    })().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  }

  const keysApi: TicketKeys = {
    async added(ticket) {
      const { tenantId, ticketId, thread } = ticket;
      await backfill();
      // A ticket under its thread's derived id is found by that `_id` (findByThread): its thread
      // needs no key, once no process of a version that reads only the key runs.
      const byId = derivedOnly && ticketId === threadTicketId(tenantId, thread);
      const ops = byId
        ? []
        : [add(threadKey(tenantId, thread.platform, thread.channelId, thread.threadId), tenantId, ticketId)];
      if (ticket.status !== 'resolved')
        for (const k of openKeys(ticket)) ops.push(add(k, tenantId, ticketId, ticket.version));
      await writeWithLeaving(ops);
    },
    async changed(ticket) {
      const k = leavingKey(ticket.tenantId, ticket.ticketId);
      if (ticket.status === 'resolved') {
        leaving.set(k, { ticketId: ticket.ticketId, version: ticket.version, keys: openKeys(ticket) });
        scheduleLeave();
        return;
      }
      // Open again (or moved): listed now, and no waiting removal may take it off after.
      leaving.delete(k);
      await writeWithLeaving(
        openKeys(ticket).map((key) => add(key, ticket.tenantId, ticket.ticketId, ticket.version)),
      );
    },
    async ids(key) {
      await backfill();
      const doc = await keyDoc.one(key);
      return stillListed(doc).slice(-MAX_IDS);
    },
    async idsOf(list) {
      await backfill();
      const found = await keyDoc.many(list);
      return new Map(list.map((k) => [k, stillListed(found.get(k)).slice(-MAX_IDS)]));
    },
    async read(tenantId, ticketIds) {
      if (ticketIds.length === 0) return [];
      if (await hasLegacyDocuments(tickets))
        return tickets.find({ tenantId, ticketId: { $in: ticketIds } }).toArray();
      // The driver types `_id` as ObjectId on an untyped collection; ticket ids are strings.
      const ids = ticketIds.map((id) => ticketDocId(tenantId, id)) as never[];
      return tickets.find({ _id: { $in: ids }, tenantId }).toArray();
    },
  };
  return keysApi;
}
