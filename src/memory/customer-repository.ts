import { CustomerPreferencesSchema, CustomerSchema, type Customer } from '../domain/index.js';
import { describeZodIssues, ValidationError } from '../errors.js';
import type { CustomerStore } from '../conversation/stores.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  insertIfMissing,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';

export interface CustomerRepository extends CustomerStore {
  /** Inserts only if the customer does not exist yet (the seed); true when inserted. */
  insertIfMissing(customer: Customer): Promise<boolean>;
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

export function createCustomerRepository({ db, logger, clock }: RepositoryDeps): CustomerRepository {
  const col = collection(db, COLLECTIONS.customers);
  const codec = createCodec(CustomerSchema, COLLECTIONS.customers, logger);
  const strip = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return {
    async get(tenantId, customerId) {
      return codec.out(await col.findOne({ tenantId, customerId }));
    },
    async findByEmail(tenantId, email) {
      return codec.out(await col.findOne({ tenantId, contactEmails: email.trim().toLowerCase() }));
    },
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
      await retryOnDuplicate(() =>
        col.replaceOne({ tenantId: doc.tenantId, customerId: doc.customerId }, doc, { upsert: true }),
      );
    },
    async insertIfMissing(customer) {
      const doc = strip(normalize(codec.in(customer)));
      return insertIfMissing(col, { tenantId: doc.tenantId, customerId: doc.customerId }, doc);
    },
    async addExternalOrg(tenantId, customerId, platform, orgId) {
      await col.updateOne(
        { tenantId, customerId },
        { $addToSet: { externalOrgs: { platform, orgId } }, $set: { updatedAt: clock.now() } },
      );
    },
    async updatePreferences(tenantId, customerId, prefs) {
      const set: Record<string, unknown> = { updatedAt: clock.now() };
      const parsed = CustomerPreferencesSchema.safeParse(prefs);
      if (!parsed.success)
        throw new ValidationError(`Invalid preferences: ${describeZodIssues(parsed.error.issues)}`);
      const checked = parsed.data;
      // Merge field by field: setting a language must not erase a stored tone.
      for (const [k, v] of Object.entries(checked)) if (v !== undefined) set[`preferences.${k}`] = v;
      return codec.out(
        await col.findOneAndUpdate({ tenantId, customerId }, { $set: set }, { returnDocument: 'after' }),
      );
    },
  };
}
