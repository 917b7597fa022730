import { tokens } from '../agent/offline/text.js';
import type { GapEntry } from './ports.js';

/** Questions the bot could not answer that read alike, with what the knowledge base has nearest. */
export interface GapGroup {
  /** The group's most telling words, for a heading ("warranty, claim, battery"). */
  terms: string[];
  count: number;
  /** How many were escalated for low confidence and how many were rated "Not good". */
  lowConfidence: number;
  ratedNotGood: number;
  /** A few of the customers' own questions, newest first. */
  examples: Array<{ ticketId: string; question: string }>;
  /** The intent most of them were classified as. */
  intent: string;
  /** The existing article nearest to the group's questions, if any matched at all. */
  closestArticle?: { articleId: string; title: string; url?: string; relevance: number };
}

export interface GroupOptions {
  /** Cosine similarity (TF-IDF) a question needs to join a group. */
  threshold?: number;
  /** Groups returned, largest first. */
  limit?: number;
  examples?: number;
}

type Vector = Map<string, number>;

function norm(v: Vector): number {
  let s = 0;
  for (const x of v.values()) s += x * x;
  return Math.sqrt(s);
}

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [k, x] of small) dot += x * (large.get(k) ?? 0);
  const n = norm(a) * norm(b);
  return n === 0 ? 0 : dot / n;
}

/**
 * Groups unanswered questions by similarity: TF-IDF vectors over the period's questions (the
 * offline engine's tokenizer: folded, stop words out, crude stems) and a greedy single pass that
 * puts each question in the group whose centroid it is closest to, or starts a new group.
 * Deterministic for the same input; O(questions × groups), bounded by the caller's cap.
 */
export function groupGaps(entries: readonly GapEntry[], options: GroupOptions = {}): GapGroup[] {
  const threshold = options.threshold ?? 0.3;
  const sorted = [...entries].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || a.ticketId.localeCompare(b.ticketId),
  );
  const bags = sorted.map((e) => tokens(e.question));
  const df = new Map<string, number>();
  for (const bag of bags) for (const t of new Set(bag)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, sorted.length);
  const vectors = bags.map((bag) => {
    const v: Vector = new Map();
    for (const t of bag) v.set(t, (v.get(t) ?? 0) + 1);
    for (const [t, tf] of v) v.set(t, tf * (1 + Math.log(n / (df.get(t) ?? 1))));
    return v;
  });

  const groups: Array<{ centroid: Vector; members: number[] }> = [];
  vectors.forEach((v, i) => {
    let best = -1;
    let bestScore = 0;
    groups.forEach((g, gi) => {
      const s = cosine(v, g.centroid);
      if (s > bestScore) {
        bestScore = s;
        best = gi;
      }
    });
    if (best >= 0 && bestScore >= threshold) {
      const g = groups[best]!;
      g.members.push(i);
      for (const [t, x] of v) g.centroid.set(t, (g.centroid.get(t) ?? 0) + x);
    } else {
      groups.push({ centroid: new Map(v), members: [i] });
    }
  });

  return groups
    .map((g) => {
      const members = g.members.map((i) => sorted[i]!);
      const intents = new Map<string, number>();
      for (const m of members) intents.set(m.intent, (intents.get(m.intent) ?? 0) + 1);
      const seen = new Set<string>();
      const examples: GapGroup['examples'] = [];
      for (const m of members) {
        const key = m.question.trim().toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        examples.push({ ticketId: m.ticketId, question: m.question });
        if (examples.length >= (options.examples ?? 3)) break;
      }
      return {
        terms: [...g.centroid.entries()]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 4)
          .map(([t]) => t),
        count: members.length,
        lowConfidence: members.filter((m) => m.why === 'low_confidence').length,
        ratedNotGood: members.filter((m) => m.why === 'not_good').length,
        examples,
        intent: [...intents.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      };
    })
    .sort((a, b) => b.count - a.count || a.terms.join().localeCompare(b.terms.join()))
    .slice(0, options.limit ?? 25);
}
