import type { CustomerStore } from '../conversation/stores.js';
import type { Customer } from '../domain/index.js';
import type { CustomerRepository } from './customer-repository.js';

export interface CustomerCacheOptions {
  /** How long an entry lives; 10 s by default (as the settings cache). */
  ttlMs?: number;
  /** At most this many entries; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

type WithInsertIfMissing = {
  insertIfMissing?(customer: Customer): Promise<boolean>;
  findByEmailFrom?: CustomerRepository['findByEmailFrom'];
};

/** How many emails' first customers are remembered (the oldest go first). */
const MAX_GUESSES = 10_000;

/**
 * Every customer message identifies its author (by verified email, then by account id), and a
 * customer's record — name, plan, contacts, preferences — changes rarely. Reads by id and by email
 * are kept for a short while; any write through this store drops that organization's entries at
 * once, so a change made in this process is seen by the next message, and another process's change
 * (the CSV import, a second replica) within `ttlMs`. Time is the process's monotonic clock: how
 * long a cache lives is an infrastructure matter that tests' fixed clocks must not freeze.
 *
 * An email's customer id is remembered longer than the record (issue 13): which customer an email
 * names changes far more rarely than what the record says. An author not seen within `ttlMs` is
 * then one read, the customer by `_id`, fresh, instead of the email's key and then the customer;
 * the id is remembered only when it is the first its key lists, and is used only while the fresh
 * record still has the email, so the answer is the one the key's walk gives (`findByEmailFrom`):
 * an email moved to another account or an account changed takes effect within `ttlMs` as before.
 */
export function cachedCustomerStore<T extends CustomerStore & WithInsertIfMissing>(
  inner: T,
  options: CustomerCacheOptions = {},
): T {
  const ttl = options.ttlMs ?? 10_000;
  const max = options.maxEntries ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { tenantId: string; value: Promise<Customer | null>; until: number }>();
  /** Writes made through this store: a read that saw one happen is not kept under a second key. */
  let writes = 0;
  /** By tenant and email: the customer its key lists first, as last found (see above). */
  const guesses = new Map<string, string>();
  const findByEmail = async (tenantId: string, email: string): Promise<Customer | null> => {
    if (!inner.findByEmailFrom) return inner.findByEmail(tenantId, email);
    const k = `${tenantId}\u0000${email}`;
    const found = await inner.findByEmailFrom(tenantId, email, guesses.get(k));
    guesses.delete(k);
    if (found.customer && found.first) {
      guesses.set(k, found.customer.customerId);
      if (guesses.size > MAX_GUESSES) guesses.delete(guesses.keys().next().value!);
    }
    return found.customer;
  };
  const remember = (tenantId: string, key: string, value: Promise<Customer | null>) => {
    const k = `${tenantId}\u0000${key}`;
    entries.delete(k);
    entries.set(k, { tenantId, value, until: now() + ttl });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
  };
  const read = (tenantId: string, key: string, load: () => Promise<Customer | null>) => {
    const k = `${tenantId}\u0000${key}`;
    const hit = entries.get(k);
    if (hit && hit.until > now()) return hit.value;
    entries.delete(k);
    const value = load();
    remember(tenantId, key, value);
    // A failed read is not kept.
    value.catch(() => {
      if (entries.get(k)?.value === value) entries.delete(k);
    });
    return value;
  };
  const after = async <R>(tenantId: string, write: Promise<R>): Promise<R> => {
    try {
      return await write;
    } finally {
      writes++;
      for (const [k, e] of entries) if (e.tenantId === tenantId) entries.delete(k);
    }
  };
  const wrapped: T = {
    ...inner,
    get: (tenantId, customerId) =>
      read(tenantId, `id\u0000${customerId}`, () => inner.get(tenantId, customerId)),
    findByEmail: (tenantId, email) => {
      const normalized = email.trim().toLowerCase();
      return read(tenantId, `email\u0000${normalized}`, async () => {
        const before = writes;
        const found = await findByEmail(tenantId, normalized);
        // The same record by id: the rest of the message's run (its SLA plan) reads it from here,
        // unless a write went on meanwhile (it may have changed what was read).
        if (found && writes === before)
          remember(tenantId, `id\u0000${found.customerId}`, Promise.resolve(found));
        return found;
      });
    },
    upsert: (customer) => after(customer.tenantId, inner.upsert(customer)),
    addExternalOrg: (tenantId, customerId, platform, orgId) =>
      after(tenantId, inner.addExternalOrg(tenantId, customerId, platform, orgId)),
    updatePreferences: (tenantId, customerId, prefs) =>
      after(tenantId, inner.updatePreferences(tenantId, customerId, prefs)),
  };
  if (inner.insertIfMissing) {
    const insert = inner.insertIfMissing.bind(inner);
    wrapped.insertIfMissing = (customer: Customer) => after(customer.tenantId, insert(customer));
  }
  return wrapped;
}
