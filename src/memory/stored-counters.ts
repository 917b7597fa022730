import { z } from 'zod';
import type { Counters } from '../reports/counters.js';
import type { StoredFact } from '../reports/ports.js';

/**
 * A fact's counters as stored beside it, compact: keys are `dimension~value~metric` and a fact
 * adds the same number under each of its dimension values for every metric (addEverywhere), so
 * its counters are stored as groups of prefixes (`dimension~value`) × metrics, each prefix with
 * its number. A ticket's 36 counters are one group of 4 prefixes and 9 metrics: about 250 bytes
 * instead of 1.5 KB of `{k, n}` pairs, which the bundled server decoded, re-encoded and wrote as
 * JSON once a message (issue 13). Any counters round-trip, whatever their keys: a metric whose
 * numbers differ from the others' gets a group of its own. Arrays, not objects keyed by counter:
 * FerretDB's `$set` of an object field kept the old keys (seen in tests).
 */
export const StoredCounterGroupSchema = z.object({
  /** Key prefixes, each with its number in `n` (same index). */
  p: z.array(z.string()),
  n: z.array(z.number()),
  /** Metrics: the group holds `${p[i]}~${m[j]}` = n[i] for every i and j ('' : the prefix alone). */
  m: z.array(z.string()),
});
export type StoredCounterGroup = z.infer<typeof StoredCounterGroupSchema>;

/** A key as (prefix, metric): at its last `~` when a metric follows it, else the whole key. */
function split(key: string): [string, string] {
  const at = key.lastIndexOf('~');
  return at < 0 || at === key.length - 1 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}

const join = (prefix: string, metric: string) => (metric === '' ? prefix : `${prefix}~${metric}`);

export function encodeCounters(counters: Counters): StoredCounterGroup[] {
  // Per metric its prefixes and numbers; metrics with the same ones share a group.
  const byMetric = new Map<string, Array<[string, number]>>();
  for (const [key, n] of Object.entries(counters)) {
    const [prefix, metric] = split(key);
    const list = byMetric.get(metric) ?? [];
    list.push([prefix, n]);
    byMetric.set(metric, list);
  }
  const groups = new Map<string, StoredCounterGroup>();
  for (const [metric, list] of byMetric) {
    list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const signature = JSON.stringify(list);
    const group = groups.get(signature);
    if (group) group.m.push(metric);
    else groups.set(signature, { p: list.map(([p]) => p), n: list.map(([, n]) => n), m: [metric] });
  }
  return [...groups.values()];
}

/** The counters of stored groups; null when they are not well formed (a key twice, lengths apart). */
export function decodeCounters(raw: unknown): Counters | null {
  const parsed = z.array(StoredCounterGroupSchema).safeParse(raw);
  if (!parsed.success) return null;
  const entries: Array<[string, number]> = [];
  const seen = new Set<string>();
  for (const { p, n, m } of parsed.data) {
    if (p.length !== n.length) return null;
    for (const metric of m)
      for (let i = 0; i < p.length; i++) {
        const key = join(p[i]!, metric);
        if (seen.has(key)) return null;
        seen.add(key);
        entries.push([key, n[i]!]);
      }
  }
  return Object.fromEntries(entries);
}

const StoredFactSchema = z.object({
  fact: z.unknown(),
  /** The counters, compact (encodeCounters), as stored at `rev` `cv`. */
  counted: z.unknown().optional(),
  cv: z.number().optional(),
  /**
   * The counters as `{k, n}` pairs: what versions before the compact form write (read when the
   * compact form is absent or older than the document's last write).
   */
  counters: z.array(z.object({ k: z.string(), n: z.number() })).optional(),
  day: z.string(),
  rev: z.number().int().nonnegative(),
});

/**
 * A stored fact's counters: the compact form where this version wrote it at the document's last
 * write (`cv` is the `rev` it was written at), else the pairs an earlier version wrote, which
 * also leave a compact form of an older write beside them. Null when neither is there.
 */
function countersOf(doc: z.infer<typeof StoredFactSchema>): Counters | null {
  if (doc.counted !== undefined && doc.cv === doc.rev) return decodeCounters(doc.counted);
  return doc.counters ? Object.fromEntries(doc.counters.map((p) => [p.k, p.n])) : null;
}

/** A stored report fact (`report_facts`), in either form of its counters; null when unreadable. */
export function storedFactOf(doc: unknown): StoredFact | null {
  const parsed = StoredFactSchema.safeParse(doc);
  const counters = parsed.success ? countersOf(parsed.data) : null;
  if (!parsed.success || !counters) return null;
  const { fact, day, rev } = parsed.data;
  return { fact, counters, day, rev };
}
