import { z } from 'zod';
import { ChannelModeSchema, TicketStatusSchema } from '../../domain/index.js';

/** Request bodies and queries of /sandbox/api, each parsed before anything happens. */

/**
 * The longest message the sandbox takes: Slack's limit, which the engine's InboundMessage also
 * allows, so a long complaint that Slack would carry is not refused here.
 */
export const MESSAGE_MAX = 40_000;

const messageText = z
  .string()
  .trim()
  .min(1, 'write a message first')
  .max(MESSAGE_MAX, `keep a message under ${MESSAGE_MAX.toLocaleString('en-US')} characters`);

export const CustomerMessageBodySchema = z.object({
  customerId: z.string().min(1).max(64),
  contactEmail: z.string().email().max(254),
  text: messageText,
  /** Root post of the thread to continue; absent starts a new thread. */
  threadId: z.string().min(1).max(64).optional(),
});

export const StaffMessageBodySchema = z.object({
  actorId: z.string().min(1).max(64),
  threadId: z.string().min(1).max(64),
  text: messageText,
});

/** `data` stays unknown here: StaffActionSchema parses it, as every adapter parses button data. */
export const StaffActionBodySchema = z.object({
  actorId: z.string().min(1).max(64),
  data: z.unknown(),
});

export const ChannelModeBodySchema = z.object({
  actorId: z.string().min(1).max(64),
  mode: ChannelModeSchema,
});

export const TicketListQuerySchema = z.object({
  status: z
    // `?status=open&status=human` arrives as an array: read it as `?status=open,human`.
    .union([z.string(), z.array(z.string()).transform((a) => a.join(','))])
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(TicketStatusSchema).optional()),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Turns the first zod issue into the one sentence a person sees. */
export function sentenceFor(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const field = first.path.map(String).join('.');
  const message = first.message.replace(/\.$/, '');
  return field ? `The request is not valid: ${field} — ${message}.` : `The request is not valid: ${message}.`;
}
