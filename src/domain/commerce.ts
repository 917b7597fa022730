import { z } from 'zod';
import { CurrencySchema, DateSchema, MinorUnitsSchema, TenantIdSchema } from './common.js';

export const OrderStatusSchema = z.enum(['placed', 'shipped', 'delivered', 'returned', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const RefundSchema = z.object({
  refundId: z.string().min(1),
  amountMinor: MinorUnitsSchema,
  idempotencyKey: z.string().min(1),
  reason: z.string().optional(),
  at: DateSchema,
});
export type Refund = z.infer<typeof RefundSchema>;

/** An order in the demo store (the order system). */
export const OrderSchema = z.object({
  tenantId: TenantIdSchema,
  orderId: z.string().min(1),
  customerId: z.string().min(1),
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int().positive(),
      unitPriceMinor: MinorUnitsSchema,
    }),
  ),
  totalMinor: MinorUnitsSchema,
  currency: CurrencySchema,
  status: OrderStatusSchema,
  placedAt: DateSchema,
  shippedAt: DateSchema.optional(),
  deliveredAt: DateSchema.optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  estimatedDelivery: DateSchema.optional(),
  refunds: z.array(RefundSchema).default([]),
  cancelledAt: DateSchema.optional(),
  cancellationKey: z.string().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const KbCategorySchema = z.enum(['billing', 'shipping', 'returns', 'account', 'technical', 'general']);
export type KbCategory = z.infer<typeof KbCategorySchema>;

/** A language tag as help centers write it: `en`, `es`, `pt-BR`, `zh-hans` (lower-cased on import). */
export const LocaleSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i)
  .transform((s) => s.toLowerCase());

export const KbArticleSchema = z.object({
  tenantId: TenantIdSchema,
  articleId: z.string().min(1),
  title: z.string().min(1),
  category: KbCategorySchema,
  tags: z.array(z.string()).default([]),
  body: z.string().min(1),
  updatedAt: DateSchema,
  /** Where a reader finds the article (help-center URL, or the file's path); answers cite it. */
  url: z.string().min(1).optional(),
  /** The article's language; absent on articles stored before imports knew locales (English). */
  locale: LocaleSchema.optional(),
  /**
   * The import source that wrote it (`markdown:/srv/kb`, `zendesk:articles.json`, …): `--prune`
   * removes only articles of the source being imported. Absent on hand-written articles.
   */
  source: z.string().min(1).optional(),
});
export type KbArticle = z.infer<typeof KbArticleSchema>;
