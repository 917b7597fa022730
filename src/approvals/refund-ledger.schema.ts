import { z } from 'zod';

/**
 * What a customer's refund ledger holds for one request or refund that Switchboard has open: the
 * per-customer daily limit and "one request per order" are checked against these, in MongoDB.
 */
export const RefundHoldSchema = z.object({
  /** The idempotency key the money would move under (`approval:<id>`, `auto:…`): one hold per key. */
  key: z.string().min(1).max(300),
  /**
   * `request`: an approval request waiting for a decision; `granted`: approved, its refund not yet on
   * the order; `auto`: an automatic refund in flight. Each is released once the money is on the
   * order (counted there from then on) or will not move.
   */
  kind: z.enum(['request', 'granted', 'auto']),
  action: z.enum(['refund', 'cancellation']),
  orderId: z.string().min(1),
  ticketId: z.string().min(1),
  approvalId: z.string().min(1).optional(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().min(1),
  /** When the request was opened (requests, grants) or the refund started (auto). */
  at: z.coerce.date(),
});
export type RefundHold = z.infer<typeof RefundHoldSchema>;

export const RefundLedgerSchema = z.object({
  tenantId: z.string().min(1),
  customerId: z.string().min(1),
  holds: z.array(RefundHoldSchema),
  /** Moves with every change: a write made against an older read loses. */
  rev: z.number().int().nonnegative(),
});
export type RefundLedger = z.infer<typeof RefundLedgerSchema>;
