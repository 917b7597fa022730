import type { Document } from 'mongodb';
import { OrderSchema, RefundSchema, type Order, type Refund } from '../domain/index.js';
import { remainingRefundableMinor, refundedMinor } from '../commerce/eligibility.js';
import { guardedUpdate, guardedUpdateOutcome } from './guarded-update.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  insertIfMissing,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';

export type PushRefundOutcome =
  | { kind: 'added'; refund: Refund }
  | { kind: 'duplicate'; refund: Refund }
  | { kind: 'not_found' }
  /** The order was cancelled (its payment voided): nothing to refund. */
  | { kind: 'cancelled' }
  | { kind: 'exceeds'; remainingMinor: number };

/** The demo store's orders. Refunds and cancellations are single atomic updates. */
export interface OrderRepository {
  get(tenantId: string, orderId: string): Promise<Order | null>;
  listByCustomer(tenantId: string, customerId: string, limit?: number): Promise<Order[]>;
  list(tenantId: string): Promise<Order[]>;
  upsert(order: Order): Promise<void>;
  /** Inserts only when the order id is new (the seed); true when inserted. */
  insertIfMissing(order: Order): Promise<boolean>;
  /**
   * Adds a refund only where no refund with its idempotency key exists and the amount fits what
   * remains refundable, in one findOneAndUpdate; a repeated key returns the first refund.
   */
  pushRefund(
    tenantId: string,
    orderId: string,
    refund: Refund,
    /** The order as the caller just read it, to save reading it again (the update re-checks it). */
    known?: Order,
  ): Promise<PushRefundOutcome>;
  /** Cancels a placed, unshipped order in one conditional update; null when the condition lost. */
  markCancelled(tenantId: string, orderId: string, at: Date, idempotencyKey: string): Promise<Order | null>;
}

/**
 * Each stored order carries `refundedMinor` (the sum of its refunds, not part of the schema) so
 * the "fits the remaining amount" check can live in the update's filter on any server.
 */
export function createOrderRepository({ db, logger }: RepositoryDeps): OrderRepository {
  const col = collection(db, COLLECTIONS.orders);
  const codec = createCodec(OrderSchema, COLLECTIONS.orders, logger);
  const toDoc = (order: Order) => {
    const doc = codec.in(order);
    return { ...stripUndefined(doc), refundedMinor: refundedMinor(doc) };
  };
  const get = async (tenantId: string, orderId: string) =>
    codec.out(await col.findOne({ tenantId, orderId }));
  /** Sets `refundedMinor` where it is missing; true when it was. */
  const backfillRefundedMinor = async (tenantId: string, orderId: string): Promise<boolean> => {
    const raw = await col.findOne({ tenantId, orderId, refundedMinor: { $exists: false } });
    const order = codec.out(raw);
    if (!order) return false;
    const res = await col.updateOne(
      { tenantId, orderId, refundedMinor: { $exists: false } },
      { $set: { refundedMinor: refundedMinor(order) } },
    );
    return res.modifiedCount === 1;
  };
  return {
    get,
    async listByCustomer(tenantId, customerId, limit = 50) {
      return codec.outMany(
        await col.find({ tenantId, customerId }).sort({ placedAt: -1 }).limit(limit).toArray(),
      );
    },
    async list(tenantId) {
      return codec.outMany(await col.find({ tenantId }).sort({ orderId: 1 }).toArray());
    },
    async upsert(order) {
      const doc = toDoc(order);
      await retryOnDuplicate(() =>
        col.replaceOne({ tenantId: doc.tenantId, orderId: doc.orderId }, doc, { upsert: true }),
      );
    },
    async insertIfMissing(order) {
      const doc = toDoc(order);
      return insertIfMissing(col, { tenantId: doc.tenantId, orderId: doc.orderId }, doc);
    },
    async pushRefund(tenantId, orderId, input, known) {
      const refund = RefundSchema.parse(input);
      // A stale `known` is safe: the update's filter re-checks the key and the amount, and a lost
      // condition is answered from a fresh read below.
      const order =
        known && known.tenantId === tenantId && known.orderId === orderId
          ? known
          : await get(tenantId, orderId);
      if (!order) return { kind: 'not_found' };
      const seen = order.refunds.find((r) => r.idempotencyKey === refund.idempotencyKey);
      if (seen) return { kind: 'duplicate', refund: seen };
      if (order.status === 'cancelled') return { kind: 'cancelled' };
      const push = () =>
        guardedUpdateOutcome({
          col,
          key: { tenantId, orderId },
          revField: '_rev',
          condition: {
            'refunds.idempotencyKey': { $ne: refund.idempotencyKey },
            refundedMinor: { $lte: order.totalMinor - refund.amountMinor },
            // In the filter too: a `known` order read before a cancellation must not be refunded.
            status: { $ne: 'cancelled' },
          },
          // The driver's generic typing cannot see `refunds` on an untyped collection.
          update: {
            $push: { refunds: refund } as Document,
            $inc: { refundedMinor: refund.amountMinor },
          },
        });
      let outcome = await push();
      // Documents written by hand may lack the running total, so the condition cannot hold: backfill
      // it once, conditionally, and try again (only then: every order we write carries it).
      if (outcome.kind === 'condition_failed' && (await backfillRefundedMinor(tenantId, orderId))) {
        outcome = await push();
      }
      if (outcome.kind === 'updated') return { kind: 'added', refund };
      // Lost to a concurrent writer: the same key (a duplicate), a cancellation, or money that ran out.
      const now = await get(tenantId, orderId);
      if (!now) return { kind: 'not_found' };
      const first = now.refunds.find((r) => r.idempotencyKey === refund.idempotencyKey);
      if (first) return { kind: 'duplicate', refund: first };
      if (now.status === 'cancelled') return { kind: 'cancelled' };
      return { kind: 'exceeds', remainingMinor: remainingRefundableMinor(now) };
    },
    async markCancelled(tenantId, orderId, at, idempotencyKey) {
      const updated = await guardedUpdate({
        col,
        key: { tenantId, orderId },
        revField: '_rev',
        condition: { status: 'placed', shippedAt: { $exists: false } },
        update: { $set: { status: 'cancelled', cancelledAt: at, cancellationKey: idempotencyKey } },
      });
      return codec.out(updated);
    },
  };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
