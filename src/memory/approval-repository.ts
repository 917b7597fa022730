import type { Document, Filter } from 'mongodb';
import { ApprovalRequestSchema, AuditEventSchema, type ApprovalStatus } from '../domain/index.js';
import type { ApprovalStore, AuditLog } from '../approvals/ports.js';
import { COLLECTIONS, collection, createCodec, type RepositoryDeps } from './collections.js';
import { guardedUpdate } from './guarded-update.js';
import { keyedDocuments } from './keyed-documents.js';

/** Statuses in which a request may still move money. */
const OPEN: ApprovalStatus[] = ['pending', 'approved'];
/** An approval's `_id` is `${tenantId}:${approvalId}`: read by approval id through the primary key. */
const keyed = keyedDocuments('approvalId');

export function createApprovalRepository({ db, logger, clock }: RepositoryDeps): ApprovalStore {
  // Majority + journal: an approval must not vanish in a failover after its card was posted.
  const col = collection(db, COLLECTIONS.approvals, { durable: true });
  const codec = createCodec(ApprovalRequestSchema, COLLECTIONS.approvals, logger);
  const list = async (filter: Filter<Document>, sort: Document, limit = 200) =>
    codec.outMany(await col.find(filter).sort(sort).limit(limit).toArray());
  return {
    async insert(request) {
      const doc = codec.in(request);
      await col.insertOne({ _id: keyed.id(doc.tenantId, doc.approvalId) as never, ...doc });
    },
    async get(tenantId, approvalId) {
      return codec.out(await keyed.findOne(col, tenantId, approvalId));
    },
    async transition(tenantId, approvalId, from, patch) {
      const set = codec.patch({ ...patch, updatedAt: patch.updatedAt ?? clock.now() });
      delete set.tenantId;
      delete set.approvalId;
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
    async setCard(tenantId, approvalId, card) {
      const set = codec.patch({ card });
      await keyed.updateOne(col, tenantId, approvalId, { $set: { ...set, updatedAt: clock.now() } });
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
    async listByTicket(tenantId, ticketId) {
      return list({ tenantId, ticketId }, { createdAt: 1 });
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
    async setEffectsDue(tenantId, approvalId, due) {
      // By primary key (a field filter is a collection scan on the embedded server).
      await keyed.updateOne(
        col,
        tenantId,
        approvalId,
        due.length > 0
          ? { $set: { effectsDue: due, effectsPending: true } }
          : { $unset: { effectsDue: '', effectsPending: '' } },
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

export function createAuditRepository({ db, logger }: RepositoryDeps): AuditLog {
  const col = collection(db, COLLECTIONS.audit, { durable: true });
  const codec = createCodec(AuditEventSchema, COLLECTIONS.audit, logger);
  return {
    async record(event) {
      await col.insertOne(codec.in(event));
    },
    async recordMany(events) {
      if (events.length === 0) return;
      await col.insertMany(
        events.map((e) => codec.in(e)),
        { ordered: true },
      );
    },
    async listForTicket(tenantId, ticketId) {
      return codec.outMany(await col.find({ tenantId, ticketId }).sort({ at: 1, _id: 1 }).toArray());
    },
    async listForApproval(tenantId, approvalId) {
      return codec.outMany(await col.find({ tenantId, approvalId }).sort({ at: 1, _id: 1 }).toArray());
    },
  };
}
