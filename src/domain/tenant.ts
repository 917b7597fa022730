import { z } from 'zod';
import { CurrencySchema, DateSchema, PlatformSchema, TenantIdSchema } from './common.js';
import {
  BusinessHoursSchema,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SLA_TARGETS,
  SlaTargetsSchema,
  WEEKDAYS,
} from './sla.js';

/** When the weekly knowledge-gaps digest goes to the staff channel (the business hours' time zone). */
export const GapsDigestScheduleSchema = z.union([
  z.literal('off'),
  z.object({ day: z.enum(WEEKDAYS), hour: z.number().int().min(0).max(23) }),
]);
export type GapsDigestSchedule = z.infer<typeof GapsDigestScheduleSchema>;

export const ChannelModeSchema = z.enum(['auto', 'draft', 'off']);
export type ChannelMode = z.infer<typeof ChannelModeSchema>;

/** How the bot sounds: the organization's default, a customer's own preference wins. */
export const ToneSchema = z.enum(['formal', 'friendly', 'concise']);
export type Tone = z.infer<typeof ToneSchema>;

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
  /** The business the bot speaks for, in prompts and replies (ORG_NAME, else the organization's name). */
  businessName: z.string().trim().min(1).max(80).optional(),
  tone: ToneSchema.default('friendly'),
  /** When the team works; SLA clocks count only these hours. */
  businessHours: BusinessHoursSchema.default(DEFAULT_BUSINESS_HOURS),
  /** SLA targets in business minutes by plan and urgency. */
  slaTargets: SlaTargetsSchema.default(DEFAULT_SLA_TARGETS),
  /** SLA clocks, warnings and breach alerts on or off. */
  slaEnabled: z.boolean().default(true),
  /**
   * One satisfaction prompt after each resolved ticket. Off until a supervisor turns it on
   * (`/switchboard settings set csat on`): a new message in every thread is theirs to choose.
   */
  csatEnabled: z.boolean().default(false),
  /** The weekly knowledge-gaps digest in the staff channel: a weekday and hour, or off. */
  gapsDigest: GapsDigestScheduleSchema.default({ day: 'mon', hour: 9 }),
});
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

/**
 * What an organization changed itself (a supervisor's settings command). Everything else comes
 * from the environment, then the schema's defaults, so a changed AUTO_REFUND_MAX reaches every
 * organization that did not set its own.
 */
export type TenantSettingsOverrides = Partial<TenantSettings>;
// Built from the same field schemas without their defaults (a partial of the schema above would
// fill every absent key with its default, turning "not changed" into "changed to the default").
export const TenantSettingsOverridesSchema = z.object(
  Object.fromEntries(
    Object.entries(TenantSettingsSchema.shape).map(([key, field]) => [key, withoutDefault(field).optional()]),
  ),
) as unknown as z.ZodType<TenantSettingsOverrides>;

function withoutDefault(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodDefault || field instanceof z.ZodOptional
    ? (field.unwrap() as z.ZodType)
    : field;
}

/** Effective settings: schema defaults ⊕ environment defaults ⊕ the organization's overrides. */
export function effectiveSettings(
  defaults: Partial<TenantSettings>,
  overrides: TenantSettingsOverrides,
  organizationName?: string,
): TenantSettings {
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<TenantSettings>;
  const merged = TenantSettingsSchema.parse({ ...defined(defaults), ...defined(overrides) });
  return { ...merged, businessName: merged.businessName ?? organizationName };
}

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
  /**
   * The effective policy (defaults ⊕ environment ⊕ `settingsOverrides`). Computed when the tenant is
   * read, never stored: the stored document holds only `settingsOverrides`.
   */
  settings: TenantSettingsSchema.default(TenantSettingsSchema.parse({})),
  /** Only what the organization changed itself; see TenantSettingsOverridesSchema. */
  settingsOverrides: TenantSettingsOverridesSchema.default({}),
  /**
   * The full settings object earlier versions stored (copies of the environment's values at the
   * time, since they had no way to change them), kept for reference by the start-up migration.
   */
  legacySettings: z.record(z.string(), z.unknown()).optional(),
  createdAt: DateSchema,
  updatedAt: DateSchema,
});
export type Tenant = z.infer<typeof TenantSchema>;

/** The tenant as stored: everything but the computed `settings`. */
export const TenantDocumentSchema = TenantSchema.omit({ settings: true });
export type TenantDocument = z.infer<typeof TenantDocumentSchema>;

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
