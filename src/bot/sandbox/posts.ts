import { z } from 'zod';
import { DateSchema, TenantIdSchema } from '../../domain/index.js';
import {
  ConfirmPromptSchema,
  RatingPromptSchema,
  StaffCardSchema,
  type ConfirmPrompt,
} from '../../conversation/ports.js';

/** The sandbox's two channels: a shared customer channel and the staff channel. */
export const SANDBOX_CUSTOMER_CHANNEL = 'sandbox-customers';
export const SANDBOX_STAFF_CHANNEL = 'sandbox-staff';

/** Cards in sandbox posts are parsed with the one StaffCardSchema (declared beside StaffCard). */
export { StaffCardSchema };

export const SandboxPostSchema = z.object({
  tenantId: TenantIdSchema,
  /** The sandbox's message id (what Slack calls `ts`): unique within the channel. */
  postId: z.string().min(1),
  channelId: z.string().min(1),
  /** Root post of the thread this post replies in; absent for a top-level post. */
  threadId: z.string().min(1).optional(),
  /** `working` is a placeholder the engine replaces once the answer is ready. */
  kind: z.enum(['message', 'working', 'card']),
  author: z.object({
    kind: z.enum(['customer', 'bot', 'staff']),
    userId: z.string().optional(),
    name: z.string().optional(),
    orgName: z.string().optional(),
  }),
  text: z.string(),
  citations: z
    .array(z.object({ articleId: z.string(), title: z.string(), url: z.string().optional() }))
    .default([]),
  card: StaffCardSchema.optional(),
  /** Rating buttons under a satisfaction prompt. */
  rating: RatingPromptSchema.optional(),
  /** Yes / No buttons under a refund question; removed once the question is answered. */
  confirm: ConfirmPromptSchema.optional(),
  createdAt: DateSchema,
  updatedAt: DateSchema,
});
export type SandboxPost = z.infer<typeof SandboxPostSchema>;
export type SandboxPostPatch = Partial<
  Pick<SandboxPost, 'kind' | 'author' | 'text' | 'citations' | 'card'>
> & {
  /** New buttons, or null to take them away (an answered question). */
  confirm?: ConfirmPrompt | null;
};

/**
 * What the sandbox's channels hold, as a chat platform would. Declared here (its user);
 * src/memory/sandbox-posts.ts implements it over MongoDB.
 */
export interface SandboxPostStore {
  insert(post: SandboxPost): Promise<void>;
  get(tenantId: string, channelId: string, postId: string): Promise<SandboxPost | null>;
  /** Edits a post in place (cards after a decision, placeholders once answered). Null when missing. */
  update(
    tenantId: string,
    channelId: string,
    postId: string,
    patch: SandboxPostPatch,
    at: Date,
  ): Promise<SandboxPost | null>;
  /** The newest `limit` posts of a channel (top-level and replies), returned oldest first. */
  listChannel(tenantId: string, channelId: string, limit?: number): Promise<SandboxPost[]>;
}

/** A change in the sandbox's channels, pushed to open pages. */
export interface SandboxPostEvent {
  type: 'post';
  change: 'created' | 'updated';
  channelId: string;
  postId: string;
  threadId?: string;
  at: Date;
}
