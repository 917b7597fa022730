import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DateSchema, TenantIdSchema } from './common.js';

/** What one knowledge-base import did, per outcome. */
export const KbSyncCountsSchema = z.object({
  imported: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type KbSyncCounts = z.infer<typeof KbSyncCountsSchema>;

/** One run of `npm run kb -- import`: when, from where, and what it changed. Staff see the last. */
export const KbSyncRunSchema = z.object({
  tenantId: TenantIdSchema,
  runId: z.string().min(1),
  /** The source key (see KbArticle.source). */
  source: z.string().min(1),
  startedAt: DateSchema,
  finishedAt: DateSchema,
  counts: KbSyncCountsSchema,
  /** The first failures, each "item: reason" (the full list is printed by the CLI). */
  failures: z
    .array(z.object({ item: z.string(), reason: z.string() }))
    .max(50)
    .default([]),
  pruned: z.boolean().default(false),
});
export type KbSyncRun = z.infer<typeof KbSyncRunSchema>;

/** What `/switchboard kb` and `@Switchboard kb` show. */
export interface KbStatus {
  articles: number;
  /** Article count per language (articles without one count as `en`). */
  byLocale: Record<string, number>;
  lastSync: KbSyncRun | null;
}

/**
 * What the reader sees, hashed: an article whose hash is unchanged is not rewritten. updatedAt is
 * left out, so importing identical text twice changes nothing.
 */
export function kbContentHash(a: {
  title: string;
  category: string;
  tags: string[];
  body: string;
  url?: string;
  locale?: string;
  source?: string;
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([a.title, a.category, a.tags, a.body, a.url ?? '', a.locale ?? '', a.source ?? '']),
    )
    .digest('hex')
    .slice(0, 16);
}
