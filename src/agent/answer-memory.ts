import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * The labelled questions the answerability model was fitted on, kept as their search terms with
 * their label, and how a new question's nearest ones among them were routed. Blind sets written
 * months apart ask the same things ("do you sell replacement casters?", "is there a GraphQL
 * API?", "volume pricing for 80 chairs?"), and whether the help center answers one is a fact about
 * its topic that retrieval's figures do not hold: an article on delivery is found for "do you
 * deliver on Saturdays?" as readily as for "how long does delivery take?". The vote is one more
 * feature of the answerability fit, which learns how much to trust it (answerability.ts).
 *
 * A label says whether the help center as it was answered the question, so the memory votes only
 * when the article found is one its questions were read against, word for word: an article
 * written or edited since (a staff reply published as an article, another tenant's own help
 * center) is judged on retrieval's figures alone.
 */
export const AnswerMemorySchema = z.object({
  /** The articles the questions were read against (`articleKey`). */
  articles: z.array(z.string()),
  /** Each question's distinct search terms (kb-index-build.ts `queryTerms`), space-separated, and its label (1: answerable). */
  entries: z.array(z.tuple([z.string(), z.union([z.literal(0), z.literal(1)])])),
  /**
   * Questions written from the articles (data/kb-questions.jsonl), in the same form: neighbours
   * like the customers' questions, but they do not weigh the terms (`neighbourIndex`).
   */
  written: z.array(z.tuple([z.string(), z.union([z.literal(0), z.literal(1)])])).optional(),
});
export type AnswerMemory = z.infer<typeof AnswerMemorySchema>;

/** How many of the nearest questions vote, and how alike (cosine of idf-weighted terms) one must be to vote at all. */
export const NEIGHBOURS = 5;
export const MIN_SIMILARITY = 0.3;

/** An article as the memory knows it: its id and a digest of its text, which any edit changes. */
export function articleKey(article: { articleId: string; title: string; body: string }): string {
  const digest = createHash('sha256').update(`${article.title}\n${article.body}`).digest('hex');
  return `${article.articleId}#${digest.slice(0, 12)}`;
}

export interface NeighbourIndex {
  idf: Map<string, number>;
  /** Entries holding each term. */
  postings: Map<string, number[]>;
  norms: number[];
  labels: number[];
  articles: Set<string>;
  /** The idf of a term no entry has: as rare as can be. */
  unseenIdf: number;
}

const splitTerms = (s: string) => (s ? s.split(' ') : []);

export function neighbourIndex(memory: AnswerMemory): NeighbourIndex {
  // A term weighs by how rare it is among customers' questions only. The written questions
  // crowd a few topic words ("ship" is in dozens of them): counted, those would weigh less and a
  // question about a place or a product none names would lose the customer neighbour it had
  // ("do you ship to Portugal?": its only one, "where do you ship from?", fell below the bar).
  const n = memory.entries.length;
  const all = [...memory.entries, ...(memory.written ?? [])];
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  all.forEach(([terms], i) => {
    for (const t of new Set(splitTerms(terms))) {
      if (i < n) df.set(t, (df.get(t) ?? 0) + 1);
      const list = postings.get(t) ?? [];
      list.push(i);
      postings.set(t, list);
    }
  });
  const idf = new Map([...df].map(([t, d]) => [t, Math.log((n + 1) / d)]));
  const unseenIdf = Math.log(n + 1);
  const norms = all.map(([terms]) =>
    Math.sqrt([...new Set(splitTerms(terms))].reduce((s, t) => s + (idf.get(t) ?? unseenIdf) ** 2, 0)),
  );
  return {
    idf,
    postings,
    norms,
    labels: all.map(([, y]) => y),
    articles: new Set(memory.articles),
    unseenIdf,
  };
}

/**
 * The nearest labelled questions' verdict on this one, in [-1, 1]: their similarity-weighted
 * mean label (answerable +1, not -1) times the nearest one's similarity; 0 when none is alike;
 * null when the article found (`articleKey`) is not one they were read against: no evidence either way.
 */
export function neighbourVote(
  index: NeighbourIndex,
  terms: readonly string[],
  article: string,
): number | null {
  if (!index.articles.has(article)) return null;
  const distinct = [...new Set(terms)];
  const weight = (t: string) => index.idf.get(t) ?? index.unseenIdf;
  const norm = Math.sqrt(distinct.reduce((s, t) => s + weight(t) ** 2, 0));
  if (!norm) return 0;
  const dot = new Map<number, number>();
  for (const t of distinct) {
    const w = weight(t);
    for (const i of index.postings.get(t) ?? []) dot.set(i, (dot.get(i) ?? 0) + w * w);
  }
  const near = [...dot]
    .map(([i, d]) => ({ i, sim: d / (norm * index.norms[i]!) }))
    .filter((e) => e.sim >= MIN_SIMILARITY)
    // Ties in entry order, so the vote is the same on every run.
    .sort((a, b) => b.sim - a.sim || a.i - b.i)
    .slice(0, NEIGHBOURS);
  if (!near.length) return 0;
  const total = near.reduce((s, e) => s + e.sim, 0);
  const mean = near.reduce((s, e) => s + e.sim * (index.labels[e.i] ? 1 : -1), 0) / total;
  return Math.round(mean * near[0]!.sim * 1e6) / 1e6;
}
