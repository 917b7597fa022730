import type { Filter, Document } from 'mongodb';
import { TicketSchema, TicketStatusSchema, type TicketStatus } from '../domain/index.js';
import type { TicketStore } from '../conversation/stores.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { keyedDocuments } from './keyed-documents.js';

const OPEN: Filter<Document> = { status: { $ne: 'resolved' } };
/** A ticket's `_id` is `${tenantId}:${ticketId}`: read by ticket id through the primary key. */
const keyed = keyedDocuments('ticketId');

export function createTicketRepository({ db, logger, clock }: RepositoryDeps): TicketStore {
  const col = collection(db, COLLECTIONS.tickets);
  const codec = createCodec(TicketSchema, COLLECTIONS.tickets, logger);
  return {
    async insert(ticket) {
      const doc = codec.in(ticket);
      await col.insertOne({ _id: keyed.id(doc.tenantId, doc.ticketId) as never, ...doc });
    },
    async get(tenantId, ticketId) {
      return codec.out(await keyed.findOne(col, tenantId, ticketId));
    },
    async findByThread(tenantId, platform, channelId, threadId) {
      // Newest first: should a thread ever hold two tickets (a resolved one reopened), the live one wins.
      const docs = await col
        .find({
          tenantId,
          'thread.platform': platform,
          'thread.channelId': channelId,
          'thread.threadId': threadId,
        })
        .sort({ createdAt: -1 })
        .limit(5)
        .toArray();
      return codec.outMany(docs)[0] ?? null;
    },
    async listOpenForRequester(tenantId, platform, userId) {
      const docs = await col
        .find({ tenantId, 'requester.platform': platform, 'requester.userId': userId, ...OPEN })
        .sort({ lastMessageAt: -1 })
        .limit(50)
        .toArray();
      return codec.outMany(docs);
    },
    async listOpenForCustomer(tenantId, customerId) {
      const docs = await col
        .find({ tenantId, customerId, ...OPEN })
        .sort({ lastMessageAt: -1 })
        .limit(50)
        .toArray();
      return codec.outMany(docs);
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
      const unset = Object.fromEntries(
        (condition.unset ?? []).filter((k) => !(k in set)).map((k) => [k, '']),
      );
      const update: Document = { $set: set };
      if (Object.keys(unset).length > 0) update.$unset = unset;
      const expected: Filter<Document> = {};
      if (condition.from) expected.status = { $in: condition.from };
      if (condition.expectedVersion !== undefined) expected.version = condition.expectedVersion;
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
      return codec.out(updated);
    },
  };
}
