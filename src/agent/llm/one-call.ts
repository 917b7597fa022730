import { z } from 'zod';
import { IntentSchema, SentimentSchema, UrgencySchema } from '../../domain/index.js';
import { extractEntities } from '../entities.js';
import type { StageContext } from '../pipeline.js';
import { retrieve, type Evidence } from '../retrieve.js';
import type { Understanding } from '../types.js';

/**
 * One structured call that understands and answers: the model reads the evidence code fetched
 * first (the named order, the knowledge-base passages) and returns its reading and its answer
 * together. The resolver uses that answer when the evidence the pipeline then retrieves with the
 * model's reading is what the model saw; otherwise it falls back to the tool loop.
 */
export const OneCallSchema = z.object({
  language: z.string().min(2).max(8),
  englishText: z.string().nullish(),
  intent: IntentSchema,
  urgency: UrgencySchema,
  sentiment: SentimentSchema,
  orderIds: z.array(z.coerce.string()).default([]),
  wantsHuman: z.boolean().default(false),
  securityConcern: z.boolean().default(false),
  isPleasantry: z.boolean().default(false),
  continuesTicketId: z.string().nullish(),
  reply: z.string().max(4000).default(''),
  citations: z.array(z.string()).default([]),
  needsTools: z.boolean().default(false),
  proposal: z
    .object({
      type: z.enum(['refund', 'cancellation']),
      orderId: z.coerce.string(),
      amountMinor: z.number().int().positive().nullish(),
    })
    .nullish(),
  needsEscalation: z.boolean().default(false),
  escalationReason: z.string().nullish(),
  summary: z.string().max(1500).nullish(),
});
export type OneCallAnswer = z.infer<typeof OneCallSchema>;

/** What the understand stage leaves for the resolver of the same run. */
export interface Prepared {
  answer: OneCallAnswer;
  /** The evidence the model was shown. */
  evidence: Evidence | null;
  /** The system prompt the answer was written under (for the echo check). */
  system: string;
}

/** "And when will it arrive?": an order named earlier in the thread is the one meant now. */
function orderIdsInThread(ctx: StageContext): string[] {
  for (const m of [...ctx.input.history.slice(0, -1)].reverse()) {
    if (m.role !== 'customer' && m.role !== 'bot') continue;
    const ids = extractEntities(m.text).orderIds;
    if (ids.length) return ids.slice(0, 1);
  }
  return [];
}

/**
 * The evidence fetched before the model is called, from the code's own reading of the message
 * (offline understanding, order ids by pattern). A failure here only costs the one-call answer.
 */
export async function prefetchEvidence(ctx: StageContext, reading: Understanding): Promise<Evidence | null> {
  const orderIds = reading.entities.orderIds.length ? reading.entities.orderIds : orderIdsInThread(ctx);
  const u = { ...reading, entities: { ...reading.entities, orderIds } };
  return retrieve(u, {
    tenantId: ctx.input.tenantId,
    text: ctx.input.text,
    searchText: ctx.input.text,
    identified: !!ctx.input.customer,
    tools: ctx.tools,
    kb: ctx.input.kb,
  }).catch(() => null);
}

/**
 * True when the facts the pipeline retrieved with the model's reading are the facts the model
 * answered from: the same order (or none), no order the model did not see, and the top article
 * among the ones it was shown.
 */
export function covers(seen: Evidence | null, now: Evidence): boolean {
  if (!seen) return false;
  if (now.kind === 'identify') return true;
  if (seen.kind === 'identify') return false;
  if ((now.order?.orderId ?? null) !== (seen.order?.orderId ?? null)) return false;
  const seenOrders = new Set([
    ...(seen.order ? [seen.order.orderId] : []),
    ...seen.orders.map((o) => o.orderId),
  ]);
  if (now.orders.some((o) => !seenOrders.has(o.orderId))) return false;
  if (now.notFoundOrderIds.some((id) => !seen.notFoundOrderIds.includes(id))) return false;
  const top = now.articles[0]?.article.articleId;
  return !top || seen.articles.some((a) => a.article.articleId === top);
}
