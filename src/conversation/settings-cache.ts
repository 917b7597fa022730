import type { ChannelSettings, Platform, Tenant } from '../domain/index.js';
import type { ChannelStore, TenantStore } from './stores.js';

/**
 * Tenant and channel settings are read for every message and change rarely (a supervisor's
 * command). These decorators keep them for a short while; every write through them drops the
 * entry at once, so a change made in this process is seen by the next message. Another process's
 * change is seen within `ttlMs`. Time here is the process's monotonic clock, not the domain clock:
 * how long a cache lives is an infrastructure matter that tests' fixed clocks must not freeze.
 */
export interface SettingsCacheOptions {
  /** How long an entry lives; 10 s by default. */
  ttlMs?: number;
  now?: () => number;
}

const DEFAULT_TTL_MS = 10_000;

export function createTtlMap<V>(options: SettingsCacheOptions) {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { value: Promise<V>; at: number }>();
  return {
    /**
     * Concurrent misses share one read; a failed read is not kept. `maxAgeMs` (at most the TTL)
     * makes an older entry a miss for this caller; the read that follows refreshes it for all.
     */
    get(key: string, load: () => Promise<V>, maxAgeMs = ttl): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < Math.min(maxAgeMs, ttl)) return hit.value;
      const value = load();
      entries.set(key, { value, at: now() });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    drop(key: string): void {
      entries.delete(key);
    },
  };
}

/** The cached tenant store, and views of it that accept only younger entries. */
export type CachedTenantStore<T extends TenantStore> = T & {
  /**
   * The same store and cache, except that `get` reads again when the entry is older than
   * `maxAgeMs`: for readers that must see another process's change sooner than the TTL (who may
   * approve a refund). Writes through either drop the entry at once.
   */
  readWithin(maxAgeMs: number): T;
};

export function cachedTenantStore<T extends TenantStore>(
  inner: T,
  options: SettingsCacheOptions = {},
): CachedTenantStore<T> {
  const cache = createTtlMap<Tenant | null>(options);
  const after = async <R>(tenantId: string, write: Promise<R>): Promise<R> => {
    try {
      return await write;
    } finally {
      cache.drop(tenantId);
    }
  };
  const store: T = {
    ...inner,
    get: (tenantId) => cache.get(tenantId, () => inner.get(tenantId)),
    ensure: (tenant) => after(tenant.tenantId, inner.ensure(tenant)),
    update: (tenantId, patch) => after(tenantId, inner.update(tenantId, patch)),
    updateSettings: (tenantId, change) => after(tenantId, inner.updateSettings(tenantId, change)),
    updateStaff: (tenantId, list, op, userId) =>
      after(tenantId, inner.updateStaff(tenantId, list, op, userId)),
  };
  return {
    ...store,
    readWithin: (maxAgeMs) => ({
      ...store,
      get: (tenantId: string) => cache.get(tenantId, () => inner.get(tenantId), maxAgeMs),
    }),
  };
}

type WithEnsure = { ensure?(settings: ChannelSettings): Promise<ChannelSettings> };

export function cachedChannelStore<T extends ChannelStore & WithEnsure>(
  inner: T,
  options: SettingsCacheOptions = {},
): T {
  const cache = createTtlMap<ChannelSettings | null>(options);
  const key = (tenantId: string, platform: Platform, channelId: string) =>
    `${tenantId}\u0000${platform}\u0000${channelId}`;
  const after = async <R>(k: string, write: Promise<R>): Promise<R> => {
    try {
      return await write;
    } finally {
      cache.drop(k);
    }
  };
  const wrapped: T = {
    ...inner,
    get: (tenantId, platform, channelId) =>
      cache.get(key(tenantId, platform, channelId), () => inner.get(tenantId, platform, channelId)),
    upsert: (s) => after(key(s.tenantId, s.platform, s.channelId), inner.upsert(s)),
    setMode: (tenantId, platform, channelId, mode, by) =>
      after(key(tenantId, platform, channelId), inner.setMode(tenantId, platform, channelId, mode, by)),
  };
  if (inner.ensure) {
    const ensure = inner.ensure.bind(inner);
    wrapped.ensure = (s: ChannelSettings) => after(key(s.tenantId, s.platform, s.channelId), ensure(s));
  }
  return wrapped;
}
