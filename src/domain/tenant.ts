import { z } from 'zod';
import { CurrencySchema, DateSchema, PlatformSchema, TenantIdSchema } from './common.js';

export const ChannelModeSchema = z.enum(['auto', 'draft', 'off']);
export type ChannelMode = z.infer<typeof ChannelModeSchema>;

/** Per-tenant policy. Amounts are in minor units (cents). */
export const TenantSettingsSchema = z.object({
  currency: CurrencySchema.default('USD'),
  /** Refunds strictly below this run automatically. */
  autoRefundMaxMinor: z.number().int().nonnegative().default(10_000),
  /** Refunds strictly above this need a supervisor and escalate the ticket. */
  supervisorRefundAboveMinor: z.number().int().nonnegative().default(50_000),
  /** Refunds per customer per 24 h before everything escalates (the next one is refused). */
  dailyRefundLimit: z.number().int().nonnegative().default(3),
  returnWindowDays: z.number().int().positive().default(30),
  confidenceHigh: z.number().min(0).max(1).default(0.75),
  confidenceNormal: z.number().min(0).max(1).default(0.6),
  historyWindow: z.number().int().positive().default(10),
  approvalTtlHours: z.number().positive().default(24),
  defaultChannelMode: ChannelModeSchema.default('auto'),
  /** Consecutive top-level messages from one person within this window join one ticket. */
  joinWindowSeconds: z.number().int().nonnegative().default(120),
  /**
   * Before a refund under the automatic limit is made, the customer confirms order and amount
   * ("Refund $89.99 on order 1045? Reply yes or no."). False: it is made at once.
   */
  confirmAutoRefunds: z.boolean().default(true),
});
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

export const StaffChannelSchema = z.object({ platform: PlatformSchema, channelId: z.string().min(1) });
export type StaffChannel = z.infer<typeof StaffChannelSchema>;

export const TenantSchema = z.object({
  tenantId: TenantIdSchema,
  name: z.string().min(1),
  platform: PlatformSchema,
  /** Staff channel per platform (a Slack channel id, a Teams conversation id, the sandbox's). */
  staffChannels: z.array(StaffChannelSchema).default([]),
  /** Platform user ids allowed to decide approvals up to the supervisor threshold. */
  approverIds: z.array(z.string()).default([]),
  /** Platform user ids allowed to decide everything and to take over. */
  supervisorIds: z.array(z.string()).default([]),
  /**
   * The staff lists each platform's environment seeded last time (SLACK_APPROVER_IDS…), so an id
   * removed from the environment is revoked at the next start instead of lingering forever.
   */
  seededStaff: z
    .array(
      z.object({
        platform: PlatformSchema,
        approverIds: z.array(z.string()).default([]),
        supervisorIds: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  settings: TenantSettingsSchema.default(TenantSettingsSchema.parse({})),
  createdAt: DateSchema,
  updatedAt: DateSchema,
});
export type Tenant = z.infer<typeof TenantSchema>;

/** A channel the bot sits in, with the mode staff chose for it. */
export const ChannelSettingsSchema = z.object({
  tenantId: TenantIdSchema,
  platform: PlatformSchema,
  channelId: z.string().min(1),
  kind: z.enum(['customer', 'staff']).default('customer'),
  mode: ChannelModeSchema,
  name: z.string().optional(),
  /** Opaque platform data needed to post proactively (a Teams ConversationReference). */
  conversationReference: z.record(z.string(), z.unknown()).optional(),
  updatedAt: DateSchema,
  updatedBy: z.string().optional(),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;
