import { z } from 'zod';

export const PlatformSchema = z.enum(['slack', 'teams', 'sandbox']);
export type Platform = z.infer<typeof PlatformSchema>;

export const TenantIdSchema = z.string().min(1).max(128);

/** Money in minor units (cents): integers only, so no float ever decides an amount. */
export const MinorUnitsSchema = z.number().int().nonnegative();
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/);

export const UrgencySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type Urgency = z.infer<typeof UrgencySchema>;

export {
  IntentSchema,
  INTENT_IDS,
  INTENTS,
  intentPromptList,
  type Intent,
  type IntentDefinition,
} from './intents.js';

export const SentimentSchema = z.enum(['negative', 'neutral', 'positive']);
export type Sentiment = z.infer<typeof SentimentSchema>;

export const PlanSchema = z.enum(['free', 'pro', 'enterprise']);
export type Plan = z.infer<typeof PlanSchema>;

/** Where a conversation lives on its platform: a channel (or Teams conversation) and a thread root. */
export const ThreadRefSchema = z.object({
  platform: PlatformSchema,
  channelId: z.string().min(1),
  /** Platform id of the thread's root message (Slack `thread_ts`, Teams root activity id). */
  threadId: z.string().min(1),
});
export type ThreadRef = z.infer<typeof ThreadRefSchema>;

/** A message the bot posted, so it can be updated in place later. */
export const PostedRefSchema = z.object({
  platform: PlatformSchema,
  channelId: z.string().min(1),
  messageId: z.string().min(1),
});
export type PostedRef = z.infer<typeof PostedRefSchema>;

/** Someone acting on a platform: a customer, a staff member, the bot or the system. */
export const ActorSchema = z.object({
  kind: z.enum(['customer', 'staff', 'bot', 'system']),
  platform: PlatformSchema.optional(),
  userId: z.string().optional(),
  name: z.string().optional(),
});
export type Actor = z.infer<typeof ActorSchema>;

export const DateSchema = z.coerce.date();
