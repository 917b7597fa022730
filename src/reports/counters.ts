/**
 * Report figures as flat counters that MongoDB can `$inc`: every fact (a ticket, an approval)
 * contributes a small map of counters, and a day's rollup is the sum of its facts' maps. A fact
 * that changes is applied as the difference between its new and its last applied map, so a
 * rollup never needs the facts again to stay right.
 *
 * Keys are `dimension~value~metric`: dimension `all` (value `-`), `intent`, `channel` or
 * `customer`; values are escaped so no key holds a `.` or starts with `$`.
 */
export type Counters = Record<string, number>;

export const DIMENSIONS = ['intent', 'channel', 'customer'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Where a fact belongs in each breakdown. */
export type DimensionValues = Record<Dimension, string>;

/**
 * Upper bounds (ms) of the duration histogram's buckets, roughly ×1.5 apart from 1 s to two
 * weeks; the last bucket takes everything longer. Percentiles interpolate inside a bucket, so a
 * p90 is within one bucket's width (about ±20 %) of the exact value, from a fixed-size histogram.
 */
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
export const DURATION_BOUNDS_MS: readonly number[] = [
  1 * S,
  5 * S,
  15 * S,
  30 * S,
  45 * S,
  1 * MIN,
  90 * S,
  2 * MIN,
  3 * MIN,
  5 * MIN,
  7 * MIN,
  10 * MIN,
  15 * MIN,
  20 * MIN,
  30 * MIN,
  45 * MIN,
  1 * H,
  90 * MIN,
  2 * H,
  3 * H,
  4 * H,
  6 * H,
  8 * H,
  12 * H,
  18 * H,
  24 * H,
  36 * H,
  48 * H,
  72 * H,
  96 * H,
  7 * 24 * H,
  14 * 24 * H,
];

/** The histogram bucket of a duration (DURATION_BOUNDS_MS.length for "longer than all"). */
export function bucketOf(ms: number): number {
  const i = DURATION_BOUNDS_MS.findIndex((b) => ms <= b);
  return i === -1 ? DURATION_BOUNDS_MS.length : i;
}

/** `value` made safe as part of a MongoDB field name (no `.`, `$`, `~` or `%` left unescaped). */
export function escapeKeyPart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  );
}

export function unescapeKeyPart(part: string): string {
  return decodeURIComponent(part);
}

export function counterKey(dimension: Dimension | 'all', value: string, metric: string): string {
  return `${dimension}~${dimension === 'all' ? '-' : escapeKeyPart(value)}~${metric}`;
}

/** Adds `metric` += n under `all` and under each dimension value of the fact. */
export function addEverywhere(out: Counters, dims: DimensionValues, metric: string, n = 1): void {
  if (n === 0) return;
  const add = (key: string) => {
    out[key] = (out[key] ?? 0) + n;
  };
  add(counterKey('all', '-', metric));
  for (const d of DIMENSIONS) add(counterKey(d, dims[d], metric));
}

/** `next - previous`, without zero entries. */
export function difference(next: Counters, previous: Counters): Counters {
  const out: Counters = {};
  for (const [k, v] of Object.entries(next)) {
    const d = v - (previous[k] ?? 0);
    if (d !== 0) out[k] = d;
  }
  for (const [k, v] of Object.entries(previous)) if (!(k in next) && v !== 0) out[k] = -v;
  return out;
}

/** Sums counter maps (a period's days). */
export function sum(maps: Iterable<Counters>): Counters {
  const out: Counters = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** The p-th percentile (0..1) of a histogram (bucket index → count), interpolated inside its bucket. */
export function percentile(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = p * total;
  let seen = 0;
  for (let i = 0; i <= DURATION_BOUNDS_MS.length; i++) {
    const n = histogram.get(i) ?? 0;
    if (n <= 0) continue;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : DURATION_BOUNDS_MS[i - 1]!;
      // The open last bucket has no upper bound: report its lower bound (a floor, said so in the UI).
      const upper = DURATION_BOUNDS_MS[i] ?? lower;
      return Math.round(lower + ((rank - seen) / n) * (upper - lower));
    }
    seen += n;
  }
  return DURATION_BOUNDS_MS[DURATION_BOUNDS_MS.length - 1]!;
}
