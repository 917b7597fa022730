import type { StoredFact } from './ports.js';

/** Facts (and tickets with approvals) a recorder remembers between recounts; the oldest go first. */
export const FACTS_REMEMBERED = 5_000;

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond FACTS_REMEMBERED. */
export function rememberIn<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > FACTS_REMEMBERED) map.delete(map.keys().next().value!);
}

/**
 * The facts this process stored or read last, by tenant and fact id: the next recount of the same
 * ticket starts from them instead of reading them again. A stale one (another process recounted
 * since) only costs a lost compare-and-set, after which the fact is read afresh.
 */
export interface RememberedFacts {
  get(tenantId: string, factId: string): StoredFact | undefined;
  has(tenantId: string, factId: string): boolean;
  /** Remembers `stored` as the fact's latest (null: forgets it). */
  keep(tenantId: string, factId: string, stored: StoredFact | null): void;
}

export function createRememberedFacts(): RememberedFacts {
  const facts = new Map<string, StoredFact>();
  const factKey = (tenantId: string, factId: string) => `${tenantId}|${factId}`;
  return {
    get: (tenantId, factId) => facts.get(factKey(tenantId, factId)),
    has: (tenantId, factId) => facts.has(factKey(tenantId, factId)),
    keep(tenantId, factId, stored) {
      const k = factKey(tenantId, factId);
      if (stored) rememberIn(facts, k, stored);
      else facts.delete(k);
    },
  };
}
