import { z } from 'zod';
import {
  ActorSchema,
  CurrencySchema,
  DateSchema,
  MinorUnitsSchema,
  PostedRefSchema,
  TenantIdSchema,
} from './common.js';

export const ActionKindSchema = z.enum(['refund', 'cancellation']);
export type ActionKind = z.infer<typeof ActionKindSchema>;

export const ApprovalStatusSchema = z.enum([
  'pending',
  'approved',
  'rejected',
  'expired',
  'executed',
  'failed',
]);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

export const RequiredRoleSchema = z.enum(['approver', 'supervisor']);
export type RequiredRole = z.infer<typeof RequiredRoleSchema>;

export const ApprovalRequestSchema = z.object({
  tenantId: TenantIdSchema,
  approvalId: z.string().min(1),
  ticketId: z.string().min(1),
  customerId: z.string().min(1),
  orderId: z.string().min(1),
  action: ActionKindSchema,
  amountMinor: MinorUnitsSchema,
  currency: CurrencySchema,
  reason: z.string(),
  /** The customer's message that asked for this action, quoted by code from the stored transcript. */
  customerRequest: z.object({ messageId: z.string().optional(), quote: z.string() }).optional(),
  requiredRole: RequiredRoleSchema,
  status: ApprovalStatusSchema,
  /** Derived from the approval id: the order system refunds once per key, whatever retries. */
  idempotencyKey: z.string().min(1),
  createdAt: DateSchema,
  expiresAt: DateSchema,
  decidedBy: ActorSchema.optional(),
  decidedAt: DateSchema.optional(),
  rejectReason: z.string().optional(),
  card: PostedRefSchema.optional(),
  /**
   * Issue 13: the pending post of the card, stored with the request's insert instead of in the
   * outbox (the outbox's entry, opaque here); removed by the write that stores `card`. A request
   * found without a card hands it to the outbox (see ApprovalNotifier.adoptCarriedCard).
   */
  cardEntry: z.record(z.string(), z.unknown()).optional(),
  execution: z
    .object({
      reference: z.string().optional(),
      at: DateSchema,
      error: z.string().optional(),
    })
    .optional(),
  customerNotifiedAt: DateSchema.optional(),
  /**
   * What is still to do after the request reached `executed` or `failed` (written in the same
   * update as the status): each effect leaves the list once done, so a process that dies midway
   * leaves the rest for the sweep (see approval-finish.ts). Absent or empty: nothing left.
   */
  effectsDue: z.array(z.enum(['audit', 'card', 'notice', 'ticket', 'escalate'])).optional(),
  /** True while `effectsDue` is not empty: what the sweep looks for. */
  effectsPending: z.boolean().optional(),
  updatedAt: DateSchema,
});
export type ApprovalEffect = NonNullable<z.infer<typeof ApprovalRequestSchema>['effectsDue']>[number];
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;
