import type { Filter, Document } from 'mongodb';
import {
  TicketSchema,
  TicketStatusSchema,
  threadTicketId,
  transcriptKey,
  type Platform,
  type Ticket,
  type TicketStatus,
} from '../domain/index.js';
import type { TicketStore } from '../conversation/stores.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { keyedDocuments } from './keyed-documents.js';
import { createTicketKeys, customerKey, requesterKey, threadKey } from './ticket-keys.js';
import { createTicketTranscriptWriter, keptNow, withSeqs } from './ticket-transcript.js';

/** A ticket's `_id` is `${tenantId}:${ticketId}`: read by ticket id through the primary key. */
/** The last writing run's thread lease (key, token), hidden from the Ticket schema. */
const FENCE = '_fence';
const keyed = keyedDocuments('ticketId');
/** Tickets this process wrote last, remembered for `recent` (the oldest go first). */
const RECENT_MAX = 2_000;

export function createTicketRepository({ db, logger, clock }: RepositoryDeps): TicketStore {
  const col = collection(db, COLLECTIONS.tickets);
  const codec = createCodec(TicketSchema, COLLECTIONS.tickets, logger);
  const keys = createTicketKeys(db, col, keyed.id);
  const transcript = createTicketTranscriptWriter(col);
  /**
   * `unlisted`: this version is open but its open-ticket keys were left for later (`listLater`):
   * the keys still say what they said while it was resolved.
   */
  const written = new Map<string, { ticket: Ticket; inserted: boolean; unlisted?: boolean }>();
  /** Keeps the newest version written here (two updates' answers may come back out of order). */
  function remember(ticket: Ticket, inserted: boolean, unlisted = false): void {
    const k = keyed.id(ticket.tenantId, ticket.ticketId);
    const had = written.get(k);
    if (had && had.ticket.version > ticket.version) return;
    written.delete(k);
    written.set(k, {
      ticket,
      inserted: inserted || (had?.inserted ?? false),
      ...(unlisted ? { unlisted } : {}),
    });
    if (written.size <= RECENT_MAX) return;
    for (const [key, entry] of written) {
      // A ticket whose keys wait for its turn's end is kept until then (a turn lasts seconds);
      // only thousands of them, from failed turns, would let one go (its keys written by then or not).
      if (entry.unlisted && written.size <= 2 * RECENT_MAX) continue;
      written.delete(key);
      return;
    }
  }

  /** The keys now say what `ticket` is (unless a newer version came meanwhile: it says). */
  function markListed(ticket: Ticket): void {
    const had = written.get(keyed.id(ticket.tenantId, ticket.ticketId));
    if (had?.unlisted && had.ticket.version === ticket.version) delete had.unlisted;
  }

  /** The listed tickets that still match (the key lists may hold ids that no longer do). */
  async function listed(
    tenantId: string,
    key: string,
    matches: (t: Ticket) => boolean,
    limit: number,
  ): Promise<Ticket[]> {
    const docs = await keys.read(tenantId, await keys.ids(key));
    return codec
      .outMany(docs)
      .filter(matches)
      .sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime())
      .slice(0, limit);
  }

  const openOf =
    (platform: Platform, userId: string) =>
    (t: Ticket): boolean =>
      t.status !== 'resolved' && t.requester.platform === platform && t.requester.userId === userId;
  const openOfCustomer =
    (customerId: string) =>
    (t: Ticket): boolean =>
      t.status !== 'resolved' && t.customerId === customerId;
  const newestFirst = (list: Ticket[]) =>
    list.sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime()).slice(0, 50);

  return {
    async insert(ticket, fence) {
      // Every ticket stored from now on keeps its recent transcript (transcript.ts): an empty one
      // marks it as kept, so its readers never fall back to `messages`.
      const doc = codec.in({
        ...ticket,
        transcript: { ...withSeqs(ticket.transcript ?? { entries: {} }), whole: true },
        // Likewise its approval requests (issue 13): readers take them by key from this list.
        approvals: { ids: ticket.approvals?.ids ?? [], whole: true },
      });
      // Listed first: a crash in between leaves an id that reads as missing, never a ticket nobody finds.
      await keys.added(ticket);
      await col.insertOne({
        _id: keyed.id(doc.tenantId, doc.ticketId) as never,
        ...doc,
        ...(fence ? { [FENCE]: fence } : {}),
      });
      remember({ ...ticket, approvals: doc.approvals as Ticket['approvals'] }, true);
    },
    async addApproval(tenantId, ticketId, approvalId) {
      const updated = await guardedUpdate({
        col,
        key: { tenantId, ticketId },
        id: keyed.id(tenantId, ticketId),
        revField: 'version',
        condition: {},
        update: { $addToSet: { 'approvals.ids': approvalId }, $set: { updatedAt: clock.now() } },
      });
      const after = codec.out(updated);
      // Nothing the open-ticket keys list changed: they say what they said.
      const had = written.get(keyed.id(tenantId, ticketId));
      if (after) remember(after, false, had?.unlisted === true);
      return after;
    },
    recent(tenantId, ticketId) {
      return written.get(keyed.id(tenantId, ticketId));
    },
    async get(tenantId, ticketId) {
      return codec.out(await keyed.findOne(col, tenantId, ticketId));
    },
    async findByThread(tenantId, platform, channelId, threadId) {
      const ofThread = (t: Ticket) =>
        t.thread.platform === platform && t.thread.channelId === channelId && t.thread.threadId === threadId;
      // The id the thread's ticket gets (issue 13): one read by `_id`. Another thread's ticket may
      // hold that id (drawn at random, or another thread's derived id drawn alike): checked.
      const derived = codec.out(
        await keyed.findOne(col, tenantId, threadTicketId(tenantId, { platform, channelId, threadId })),
      );
      if (derived && ofThread(derived)) return derived;
      // Tickets under other ids (stored before, or by the recovery of a message filed elsewhere),
      // found by the thread's key. Newest first: should a thread ever hold two tickets, the live
      // one wins.
      const found = await listed(
        tenantId,
        threadKey(tenantId, platform, channelId, threadId),
        ofThread,
        Number.MAX_SAFE_INTEGER,
      );
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
    },
    async listOpenForRequester(tenantId, platform, userId) {
      return listed(tenantId, requesterKey(tenantId, platform, userId), openOf(platform, userId), 50);
    },
    async listOpenForCustomer(tenantId, customerId) {
      return listed(tenantId, customerKey(tenantId, customerId), openOfCustomer(customerId), 50);
    },
    async listOpenFor(tenantId, requester, customerId) {
      // Both key documents in one read, then both lists' tickets in one read.
      const rk = requesterKey(tenantId, requester.platform, requester.userId);
      const ck = customerId ? customerKey(tenantId, customerId) : undefined;
      const ids = await keys.idsOf(ck ? [rk, ck] : [rk]);
      const all = codec.outMany(
        await keys.read(tenantId, [...new Set([...(ids.get(rk) ?? []), ...(ck ? (ids.get(ck) ?? []) : [])])]),
      );
      return {
        requester: newestFirst(all.filter(openOf(requester.platform, requester.userId))),
        customer: customerId ? newestFirst(all.filter(openOfCustomer(customerId))) : [],
      };
    },
    async list(tenantId, filter = {}) {
      const q: Filter<Document> = { tenantId };
      if (filter.status?.length) q.status = { $in: filter.status };
      if (filter.assigneeId) q['assignee.userId'] = filter.assigneeId;
      const docs = await col
        .find(q)
        .sort({ updatedAt: -1 })
        .limit(filter.limit ?? 100)
        .toArray();
      return codec.outMany(docs);
    },
    async countByStatus(tenantId) {
      const counts = Object.fromEntries(TicketStatusSchema.options.map((s) => [s, 0])) as Record<
        TicketStatus,
        number
      >;
      const rows = await col
        .aggregate<{ _id: unknown; n: number }>([
          { $match: { tenantId } },
          { $group: { _id: '$status', n: { $sum: 1 } } },
        ])
        .toArray();
      for (const row of rows) {
        const s = TicketStatusSchema.safeParse(row._id);
        if (s.success) counts[s.data] = row.n;
      }
      return counts;
    },
    async update(tenantId, ticketId, patch, condition = {}) {
      const set = codec.patch({ ...patch, updatedAt: patch.updatedAt ?? clock.now() });
      delete set.tenantId;
      delete set.ticketId;
      delete set.version;
      // The transcript is the message store's to write, entry by entry (ticket-transcript.ts).
      delete set.transcript;
      // So are the approval requests, by `$addToSet` (see `addApproval`).
      delete set.approvals;
      const unset = Object.fromEntries(
        (condition.unset ?? []).filter((k) => !(k in set)).map((k) => [k, '']),
      );
      const update: Document = { $set: set };
      if (Object.keys(unset).length > 0) update.$unset = unset;
      if (condition.addApproval) update.$addToSet = { 'approvals.ids': condition.addApproval };
      // A message this write keeps on the ticket (see `keep`): its entry rides on the update.
      if (condition.keep)
        set[`transcript.entries.${transcriptKey(condition.keep.messageId)}`] = keptNow(
          condition.keep,
          condition.keepsAnswer === true,
        );
      const expected: Filter<Document> = {};
      if (condition.from) expected.status = { $in: condition.from };
      if (condition.expectedVersion !== undefined) expected.version = condition.expectedVersion;
      if (condition.fence) {
        // Fencing in the write itself: refused once a run holding a newer token of the key wrote.
        const { key, token } = condition.fence;
        expected.$or = [{ [`${FENCE}.key`]: { $ne: key } }, { [`${FENCE}.token`]: { $lte: token } }];
        set[FENCE] = { key, token };
      }
      // The expected state is in the filter: of two concurrent changes from the same state,
      // exactly one gets a document back.
      const updated = await guardedUpdate({
        col,
        key: { tenantId, ticketId },
        id: keyed.id(tenantId, ticketId),
        revField: 'version',
        condition: expected,
        update,
      });
      const after = codec.out(updated);
      if (after?.transcript) await transcript.trim(tenantId, ticketId, after.transcript);
      if (!after) return after;
      // The state just before this write, when this process wrote that one too.
      const had = written.get(keyed.id(tenantId, ticketId));
      const known = had && had.ticket.version === after.version - 1 ? had : undefined;
      // The keys list open tickets: they change only when the ticket opens, resolves or moves
      // account. What they list now: the state before, or, when its reopening left them for later,
      // the resolved state before that (off every open list).
      const listedOpen = known && (known.unlisted ? false : known.ticket.status !== 'resolved');
      const moves = patch.status !== undefined || patch.customerId !== undefined;
      const listedAlike =
        known !== undefined &&
        listedOpen === (after.status !== 'resolved') &&
        (known.unlisted || after.status === 'resolved' || known.ticket.customerId === after.customerId);
      if ((moves || known?.unlisted) && listedAlike) {
        remember(after, false);
        return after;
      }
      if (!moves || condition.listLater) {
        // Not written now: still as they were (a reopening in a turn, or a write of something else).
        remember(after, false, had?.unlisted === true || condition.listLater === true);
        return after;
      }
      // Until the keys are written an open ticket counts as off its lists (a failed write leaves
      // that for the next change, or for listOpen).
      remember(after, false, after.status !== 'resolved');
      await keys.changed(after);
      markListed(after);
      return after;
    },
    async listOpen(tenantId, ticketId, options = {}) {
      const had = written.get(keyed.id(tenantId, ticketId));
      if (!had || !(had.unlisted || (options.rerun && had.ticket.status !== 'resolved'))) return;
      if (had.ticket.status !== 'resolved') await keys.changed(had.ticket);
      markListed(had.ticket);
    },
  };
}
