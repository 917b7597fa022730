import { MongoBulkWriteError, ObjectId, type Document, type Filter, type WithId } from 'mongodb';
import {
  ApprovalRequestSchema,
  AuditEventSchema,
  TicketApprovalsSchema,
  auditEventKey,
  type ApprovalStatus,
  type AuditEvent,
} from '../domain/index.js';
import type { ApprovalStore, AuditLog } from '../approvals/ports.js';
import {
  bulkWriteErrors,
  COLLECTIONS,
  collection,
  createCodec,
  isDuplicateKeyError,
  type RepositoryDeps,
} from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { hasLegacyDocuments, keyedDocuments } from './keyed-documents.js';
import { recordField } from './turn-documents.js';
import {
  carriedForApproval,
  carriedForTicket,
  mergeTrail,
  trailOnInsert,
  trailSet,
} from './carried-audit.js';

/** Where a request keeps the sent marks of its run's posts (OutboxEntry.approvalRun). */
export const POSTED = 'posted';

/** Statuses in which a request may still move money. */
const OPEN: ApprovalStatus[] = ['pending', 'approved'];
/** An approval's `_id` is `${tenantId}:${approvalId}`: read by approval id through the primary key. */
const keyed = keyedDocuments('approvalId');
const ticketKeyed = keyedDocuments('ticketId');

export function createApprovalRepository({ db, logger, clock }: RepositoryDeps): ApprovalStore {
  // Majority + journal: an approval must not vanish in a failover after its card was posted.
  const col = collection(db, COLLECTIONS.approvals, { durable: true });
  const tickets = collection(db, COLLECTIONS.tickets);
  const codec = createCodec(ApprovalRequestSchema, COLLECTIONS.approvals, logger);
  const auditCodec = createCodec(AuditEventSchema, COLLECTIONS.audit, logger);
  const encodeEvent = (e: AuditEvent) => auditCodec.in(e);
  const list = async (filter: Filter<Document>, sort: Document, limit = 200) =>
    codec.outMany(await col.find(filter).sort(sort).limit(limit).toArray());
  return {
    async insert(request, events) {
      const doc = codec.in(request);
      const trail = trailOnInsert(events, encodeEvent);
      await col.insertOne({
        _id: keyed.id(doc.tenantId, doc.approvalId) as never,
        ...doc,
        ...(trail ? { trail } : {}),
      });
    },
    async get(tenantId, approvalId) {
      return codec.out(await keyed.findOne(col, tenantId, approvalId));
    },
    async transition(tenantId, approvalId, from, patch, options = {}) {
      const set = codec.patch({ ...patch, updatedAt: patch.updatedAt ?? clock.now() });
      delete set.tenantId;
      delete set.approvalId;
      // The run's posts, marked sent here instead of in the outbox (see approvalPostMarks); hidden
      // from the request's schema.
      for (const m of options.posted ?? [])
        set[`${POSTED}.${recordField(m.entryId)}`] = { ...(m.ref ? { ref: m.ref } : {}), at: set.updatedAt };
      // The expected status is in the filter: of two deciders, exactly one gets a document back.
      const updated = await guardedUpdate({
        col,
        key: { tenantId, approvalId },
        id: keyed.id(tenantId, approvalId),
        revField: '_rev',
        condition: { status: { $in: from } },
        update: { $set: set },
      });
      return codec.out(updated);
    },
    async setCard(tenantId, approvalId, card, events) {
      const set = codec.patch({ card });
      // The card's pending post (if it rode in the insert) is done with: this write is its mark.
      await keyed.updateOne(col, tenantId, approvalId, {
        $set: { ...set, updatedAt: clock.now(), ...trailSet(events, encodeEvent) },
        $unset: { cardEntry: '' },
      });
    },
    async markCustomerNotified(tenantId, approvalId, at) {
      await keyed.updateOne(
        col,
        tenantId,
        approvalId,
        { $set: { customerNotifiedAt: at, updatedAt: clock.now() } },
        { customerNotifiedAt: { $exists: false } },
      );
    },
    async listByTicket(tenantId, ticketId, known) {
      // The ticket lists its requests (issue 13): read by `_id`, as its caller holds it or as stored
      // (a copy without the list may be one its caller made before storing it).
      const held =
        known?.tenantId === tenantId && known.ticketId === ticketId && known.approvals?.whole
          ? known.approvals
          : (
              await tickets.findOne(
                { _id: ticketKeyed.id(tenantId, ticketId) as never, tenantId, ticketId },
                { projection: { approvals: 1 } },
              )
            )?.approvals;
      const listed = TicketApprovalsSchema.safeParse(held);
      // A ticket stored before it kept the list, or one that is not stored: by its id (a scan on
      // the embedded server).
      if (!listed.success || !listed.data.whole) return list({ tenantId, ticketId }, { createdAt: 1 });
      const ids = [...new Set(listed.data.ids)];
      if (ids.length === 0) return [];
      const found = codec.outMany(
        await col
          .find({ _id: { $in: ids.map((id) => keyed.id(tenantId, id)) as never[] }, tenantId, ticketId })
          .toArray(),
      );
      // One missing: stored before keyed ids (found by its fields), or its insert never happened (a
      // run killed between the ticket's write and the request's: there is nothing to find).
      if (found.length < ids.length && (await hasLegacyDocuments(col)))
        return list({ tenantId, ticketId }, { createdAt: 1 });
      return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
    async listPending(tenantId) {
      return list({ tenantId, status: 'pending' }, { createdAt: 1 });
    },
    async listOpenByOrder(tenantId, orderId) {
      return list({ tenantId, orderId, status: { $in: OPEN } }, { createdAt: 1 });
    },
    async listOpenByCustomer(tenantId, customerId, since) {
      return list(
        { tenantId, customerId, status: { $in: OPEN }, createdAt: { $gte: since } },
        { createdAt: 1 },
      );
    },
    // The three sweeps below run across tenants by design: one worker recovers every tenant.
    async listExpired(now, limit = 100) {
      return list({ status: 'pending', expiresAt: { $lte: now } }, { expiresAt: 1 }, limit);
    },
    async listUnposted(olderThan, limit = 100) {
      return list(
        { status: 'pending', card: { $exists: false }, createdAt: { $lte: olderThan } },
        { createdAt: 1 },
        limit,
      );
    },
    async setEffectsDue(tenantId, approvalId, due, told) {
      // By primary key (a field filter is a collection scan on the embedded server).
      const notified = told ? { customerNotifiedAt: told.customerNotifiedAt, updatedAt: clock.now() } : {};
      await keyed.updateOne(
        col,
        tenantId,
        approvalId,
        due.length > 0
          ? { $set: { effectsDue: due, effectsPending: true, ...notified } }
          : { $unset: { effectsDue: '', effectsPending: '' }, ...(told ? { $set: notified } : {}) },
      );
    },
    async listUnfinishedEffects(olderThan, limit = 100) {
      return list({ effectsPending: true, updatedAt: { $lte: olderThan } }, { updatedAt: 1 }, limit);
    },
    async listApprovedUnexecuted(olderThan, limit = 100) {
      return list(
        { status: 'approved', execution: { $exists: false }, updatedAt: { $lte: olderThan } },
        { updatedAt: 1 },
        limit,
      );
    },
  };
}

/**
 * The audit trail. An event that happens at most once per approval (its creation, decision,
 * execution outcome: `auditEventKey`) is stored under `_id` `${tenantId}:${approvalId}:${action}`
 * (a posted card's under the card as well), so a second writer's insert is refused by the primary key (E11000) on every server, and that
 * refusal means "already written", never a failure. Other events get a driver ObjectId, as every
 * event did before: those stored before keys existed are read and seen by the trail checks as
 * they were (the reads filter on the fields, never on `_id`).
 */
export function createAuditRepository({ db, logger }: RepositoryDeps): AuditLog {
  const col = collection(db, COLLECTIONS.audit, { durable: true });
  // A refund request's run stores its events on the request (carried-audit.ts): read and merged.
  const approvals = collection(db, COLLECTIONS.approvals);
  const tickets = collection(db, COLLECTIONS.tickets);
  const codec = createCodec(AuditEventSchema, COLLECTIONS.audit, logger);
  const toDoc = (event: AuditEvent): Document => {
    const doc = codec.in(event);
    const key = auditEventKey(doc);
    // `_seq` keeps the order events were written in among those of one `at` (the sort's tiebreak
    // was the ObjectId `_id`, which keyed events no longer have); the codec drops it on reads.
    return { ...(key ? { _id: key } : {}), ...doc, _seq: new ObjectId() };
  };
  const keyed = (doc: Document | undefined) => typeof doc?._id === 'string';
  const list = async (filter: Filter<Document>, carried: Promise<Document[]>) => {
    const [stored, riding] = await Promise.all([col.find(filter).toArray(), carried]);
    return mergeTrail([...stored, ...riding], (docs) => codec.outMany(docs as WithId<Document>[]));
  };
  return {
    async record(event) {
      const doc = toDoc(event);
      try {
        await col.insertOne(doc);
      } catch (err) {
        if (!(keyed(doc) && isDuplicateKeyError(err))) throw err;
      }
    },
    async recordMany(events) {
      if (events.length === 0) return;
      const docs = events.map(toDoc);
      try {
        // Unordered: an event already written (refused by its key) does not stop the others.
        await col.insertMany(docs, { ordered: false });
      } catch (err) {
        if (!(err instanceof MongoBulkWriteError) || err.result?.getWriteConcernError?.()) throw err;
        const refused = bulkWriteErrors(err).filter(Boolean);
        if (refused.length === 0 || refused.some((e) => e.code !== 11000 || !keyed(docs[e.index]))) throw err;
      }
    },
    async listForTicket(tenantId, ticketId) {
      const carried = carriedForTicket(approvals, tickets, tenantId, ticketId);
      return list(
        { tenantId, ticketId },
        carried.then((docs) => docs.filter((d) => d.ticketId === ticketId)),
      );
    },
    async listForApproval(tenantId, approvalId) {
      const carried = carriedForApproval(approvals, tenantId, approvalId);
      return list(
        { tenantId, approvalId },
        carried.then((docs) => docs.filter((d) => d.approvalId === approvalId)),
      );
    },
  };
}
