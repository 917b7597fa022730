import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import { KbCategorySchema, type KbArticle } from '../domain/index.js';
import { describeZodIssues } from '../errors.js';
import type { Logger } from '../logger.js';

const FrontMatterSchema = z.object({
  title: z.string().min(1),
  category: KbCategorySchema,
  tags: z.array(z.string()).default([]),
});

/**
 * Reads `kb/*.md` (front matter: title, category, tags). The file name is the article id, so a
 * link to `returns-policy` keeps working when the title changes. A malformed file is logged and
 * skipped: one typo in one article must not stop the bot from starting.
 */
export async function loadKbArticles(
  dir: string,
  tenantId: string,
  now: Date,
  logger?: Logger,
): Promise<KbArticle[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md').sort();
  } catch (err) {
    logger?.warn({ err, dir }, 'knowledge-base folder not readable; no articles loaded');
    return [];
  }
  const articles: KbArticle[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    let parsed: matter.GrayMatterFile<string>;
    try {
      // A fresh options object per call: gray-matter caches by content otherwise.
      parsed = matter(raw, {});
    } catch (err) {
      logger?.warn({ err, file }, 'knowledge-base article has unreadable front matter; skipped');
      continue;
    }
    const fm = FrontMatterSchema.safeParse(parsed.data);
    const body = parsed.content.trim();
    if (!fm.success || body === '') {
      const why = fm.success ? 'empty body' : describeZodIssues(fm.error.issues);
      logger?.warn({ file, issues: why }, 'knowledge-base article skipped');
      continue;
    }
    articles.push({
      tenantId,
      articleId: path.basename(file, '.md'),
      title: fm.data.title,
      category: fm.data.category,
      tags: fm.data.tags,
      body,
      updatedAt: now,
    });
  }
  return articles;
}
