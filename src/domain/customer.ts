import { z } from 'zod';
import { DateSchema, PlanSchema, PlatformSchema, TenantIdSchema } from './common.js';

export const CustomerPreferencesSchema = z.object({
  language: z.string().min(2).max(8).optional(),
  tone: z.enum(['formal', 'friendly', 'concise']).optional(),
  notes: z.string().max(2000).optional(),
});
export type CustomerPreferences = z.infer<typeof CustomerPreferencesSchema>;

/** A business customer (an account), with the people and organizations that speak for it. */
export const CustomerSchema = z.object({
  tenantId: TenantIdSchema,
  customerId: z.string().min(1),
  name: z.string().min(1),
  plan: PlanSchema,
  /** Registered contact addresses: a verified email from one of these identifies the customer. */
  contactEmails: z.array(z.string().email()).default([]),
  /** The people who speak for the account (additive: older documents have none). */
  contacts: z.array(z.object({ name: z.string().min(1), email: z.string().email() })).optional(),
  domain: z.string().optional(),
  /** The customer's organizations on each platform (external Slack team id, Teams tenant id). */
  externalOrgs: z.array(z.object({ platform: PlatformSchema, orgId: z.string().min(1) })).default([]),
  /** Where the order system knows this customer (found there by a verified email). */
  orderSystem: z.object({ kind: z.string().min(1), customerId: z.string().min(1) }).optional(),
  preferences: CustomerPreferencesSchema.default({}),
  createdAt: DateSchema,
  updatedAt: DateSchema,
});
export type Customer = z.infer<typeof CustomerSchema>;
