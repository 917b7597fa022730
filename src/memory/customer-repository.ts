import { CustomerPreferencesSchema, CustomerSchema, type Customer } from '../domain/index.js';
import { describeZodIssues, ValidationError } from '../errors.js';
import type { CustomerStore } from '../conversation/stores.js';
import type { AnyBulkWriteOperation, Collection, Document } from 'mongodb';
import {
  COLLECTIONS,
  collection,
  createCodec,
  insertIfMissing,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';
import { hasLegacyDocuments, keyedDocuments } from './keyed-documents.js';

/** Email → customer ids: one small document per contact email of an organization. */
export const CUSTOMER_KEYS_COLLECTION = 'customer_keys';
/** Statements per bulkWrite (the bundled server hangs on ~300 in one update command). */
const KEY_BATCH = 50;

export type KeyDoc = { _id: string; tenantId: string; ids?: string[] };

const keyed = keyedDocuments('customerId');
export const customerEmailKey = (tenantId: string, email: string) => `${tenantId}|email|${email}`;

/**
 * Lists each customer under each of its contact emails (before the customer itself is written), in
 * bulkWrites of at most 50 statements. Upserts that add the id: rewriting a key is harmless.
 */
export async function keyCustomerEmails(
  keys: Collection<KeyDoc>,
  customers: ReadonlyArray<Pick<Customer, 'tenantId' | 'customerId' | 'contactEmails'>>,
): Promise<void> {
  const ops: AnyBulkWriteOperation<KeyDoc>[] = customers.flatMap((c) =>
    [...new Set(c.contactEmails.map((e) => e.toLowerCase()))].map((email) => ({
      updateOne: {
        filter: { _id: customerEmailKey(c.tenantId, email) },
        update: { $setOnInsert: { tenantId: c.tenantId }, $addToSet: { ids: c.customerId } },
        upsert: true,
      },
    })),
  );
  for (let i = 0; i < ops.length; i += KEY_BATCH) {
    const batch = ops.slice(i, i + KEY_BATCH);
    // Two first upserts of one key at once (MongoDB): the retry adds to the winner's document.
    await retryOnDuplicate(() => keys.bulkWrite(batch, { ordered: false }));
  }
}

/** What `findByEmailFrom` found, and whether a cache may start from it next time. */
export interface EmailMatch {
  customer: Customer | null;
  /**
   * The customer found is the first one its email's key lists: the keys only ever add ids, so
   * while it still has the email, it is the one `findByEmail` returns (see findByEmailFrom).
   */
  first: boolean;
}

export interface CustomerRepository extends CustomerStore {
  /** Inserts only if the customer does not exist yet (the seed); true when inserted. */
  insertIfMissing(customer: Customer): Promise<boolean>;
  /**
   * `findByEmail` starting from `guess`, a customer an earlier call found `first`: read by `_id`
   * (one round trip instead of the key's and the customer's) and returned when it still has the
   * email; otherwise, or without a guess, as `findByEmail`.
   */
  findByEmailFrom(tenantId: string, email: string, guess?: string): Promise<EmailMatch>;
}

/** Emails compare case-insensitively: stored and queried lower-case. */
function normalize(customer: Customer): Customer {
  const emails = new Set(customer.contactEmails.map((e) => e.toLowerCase()));
  for (const c of customer.contacts ?? []) emails.add(c.email.toLowerCase());
  return {
    ...customer,
    contactEmails: [...emails],
    contacts: customer.contacts?.map((c) => ({ ...c, email: c.email.toLowerCase() })),
    domain: customer.domain?.toLowerCase(),
  };
}

/**
 * Customers by key, as every customer message asks (by id, by the author's email): a customer is
 * stored under `_id` `${tenantId}:${customerId}` (see keyed-documents.ts) and each of its contact
 * emails has a document in `customer_keys` listing the customers that have it, so neither lookup
 * depends on how many customers the organization has. On the embedded server, which scans for any
 * filter that does not pin `_id`, a lookup by email used to read every customer document up to
 * the match: with 1,100 customers it was most of the database's time per message under load.
 *
 * The email keys may say more than is true, never less: a customer's emails are keyed before the
 * customer is written, and readers check the customer they read has the email. Customers stored
 * before keyed ids (ObjectId `_id`, no email keys) are still found by their fields, at the old cost,
 * while the collection holds any.
 */
export function createCustomerRepository({ db, logger, clock }: RepositoryDeps): CustomerRepository {
  const col = collection(db, COLLECTIONS.customers);
  const keys = db.collection<KeyDoc>(CUSTOMER_KEYS_COLLECTION);
  const codec = createCodec(CustomerSchema, COLLECTIONS.customers, logger);
  const strip = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  const byKey = (tenantId: string, customerId: string) =>
    ({ _id: keyed.id(tenantId, customerId), tenantId, customerId }) as Document;

  const get = async (tenantId: string, customerId: string) =>
    codec.out(await keyed.findOne(col, tenantId, customerId));

  async function findByEmailFrom(tenantId: string, email: string, guess?: string): Promise<EmailMatch> {
    const address = email.trim().toLowerCase();
    if (guess) {
      // The key lists `guess` first (an earlier call saw it so, and ids are only ever added after
      // it): while the customer has the email, the key's walk below would stop at it too.
      const customer = await get(tenantId, guess);
      if (customer?.contactEmails.includes(address)) return { customer, first: true };
    }
    const key = await keys.findOne({ _id: customerEmailKey(tenantId, address) });
    for (const [i, customerId] of (key?.ids ?? []).entries()) {
      const customer = await get(tenantId, customerId);
      if (customer?.contactEmails.includes(address)) return { customer, first: i === 0 };
    }
    if (!(await hasLegacyDocuments(col))) return { customer: null, first: false };
    return { customer: codec.out(await col.findOne({ tenantId, contactEmails: address })), first: false };
  }

  return {
    get,
    async findByEmail(tenantId, email) {
      return (await findByEmailFrom(tenantId, email)).customer;
    },
    findByEmailFrom,
    async findByOrg(tenantId, platform, orgId) {
      // Narrow by org id in the query and check the pair here: FerretDB v1 lacks $elemMatch on fields.
      const docs = await col.find({ tenantId, 'externalOrgs.orgId': orgId }).limit(20).toArray();
      return (
        codec
          .outMany(docs)
          .find((c) => c.externalOrgs.some((o) => o.platform === platform && o.orgId === orgId)) ?? null
      );
    },
    async findByDomain(tenantId, domain) {
      return codec.out(await col.findOne({ tenantId, domain: domain.trim().toLowerCase() }));
    },
    async list(tenantId) {
      return codec.outMany(await col.find({ tenantId }).sort({ name: 1 }).toArray());
    },
    async upsert(customer) {
      const doc = strip(normalize(codec.in(customer)));
      await keyCustomerEmails(keys, [doc]);
      const key = byKey(doc.tenantId, doc.customerId);
      if ((await col.replaceOne(key, doc)).matchedCount > 0) return;
      // Stored before keyed ids: replaced where it is (a second copy would split the customer).
      const byFields = { tenantId: doc.tenantId, customerId: doc.customerId };
      if ((await hasLegacyDocuments(col)) && (await col.replaceOne(byFields, doc)).matchedCount > 0) return;
      await retryOnDuplicate(() => col.replaceOne(key, doc, { upsert: true }));
    },
    async insertIfMissing(customer) {
      const doc = strip(normalize(codec.in(customer)));
      await keyCustomerEmails(keys, [doc]);
      const byFields = { tenantId: doc.tenantId, customerId: doc.customerId };
      if ((await hasLegacyDocuments(col)) && (await col.findOne(byFields, { projection: { _id: 1 } })))
        return false;
      return insertIfMissing(col, byKey(doc.tenantId, doc.customerId), doc);
    },
    async addExternalOrg(tenantId, customerId, platform, orgId) {
      await keyed.updateOne(col, tenantId, customerId, {
        $addToSet: { externalOrgs: { platform, orgId } },
        $set: { updatedAt: clock.now() },
      });
    },
    async updatePreferences(tenantId, customerId, prefs) {
      const set: Record<string, unknown> = { updatedAt: clock.now() };
      const parsed = CustomerPreferencesSchema.safeParse(prefs);
      if (!parsed.success)
        throw new ValidationError(`Invalid preferences: ${describeZodIssues(parsed.error.issues)}`);
      const checked = parsed.data;
      // Merge field by field: setting a language must not erase a stored tone.
      for (const [k, v] of Object.entries(checked)) if (v !== undefined) set[`preferences.${k}`] = v;
      const update = { $set: set };
      const found = await col.findOneAndUpdate(byKey(tenantId, customerId), update, {
        returnDocument: 'after',
      });
      if (found || !(await hasLegacyDocuments(col))) return codec.out(found);
      return codec.out(
        await col.findOneAndUpdate({ tenantId, customerId }, update, { returnDocument: 'after' }),
      );
    },
  };
}
