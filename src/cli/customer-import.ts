import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { CustomerStore } from '../conversation/stores.js';
import { PlanSchema, type Customer } from '../domain/index.js';
import { describeZodIssues } from '../errors.js';

/** The order system's customers, asked for the id of a row that does not give one. */
export interface CustomerLookup {
  readonly kind: string;
  findCustomerByEmail(
    tenantId: string,
    email: string,
  ): Promise<{ customerId: string; providerId: string } | null>;
}

const list = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(/[;,\s]+/)
      .map((x) => x.trim())
      .filter(Boolean),
  );

/**
 * One row of customers.csv, by header name. Only `name` is required; what the commerce system
 * does not hold: the account's name, its contact emails, plan, email domain, and its Slack or
 * Teams organization ids (lists separated by `;`).
 */
export const CustomerRowSchema = z.object({
  customer_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:.@-]{1,200}$/, { message: 'letters, digits and _ : . @ - only' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  name: z.string().trim().min(1, { message: 'is required' }).max(200),
  emails: list.pipe(z.array(z.string().email({ message: 'is not an email address' }))),
  plan: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(PlanSchema.optional()),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, { message: 'is not a domain like acme.com' })
        .optional(),
    ),
  slack_team_ids: list.pipe(
    z.array(z.string().regex(/^[TE][A-Z0-9]{2,}$/, { message: 'is not a Slack team id (T…)' })),
  ),
  teams_tenant_ids: list.pipe(
    z.array(z.string().regex(/^[0-9a-f-]{36}$/i, { message: 'is not a Teams tenant id (a GUID)' })),
  ),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export interface ImportReport {
  imported: number;
  /** Rows whose values were all there already (a second run of the same file). */
  unchanged: number;
  /** Bad rows with their line number in the file and what is wrong; the rest was imported. */
  errors: Array<{ line: number; message: string }>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * Imports customers.csv: each row is checked on its own (a bad row is reported with its line and
 * skipped), then written under a deterministic id, so running the file twice changes nothing.
 * The id is the row's `customer_id`, else the order system's id for the first email it knows
 * (so account details land on the record identification uses), else one derived from the domain
 * or name. Details already stored and not in the row (preferences, the order-system link) stay.
 */
export async function importCustomers(input: {
  csv: string;
  tenantId: string;
  customers: Pick<CustomerStore, 'get' | 'upsert'>;
  lookup?: CustomerLookup;
  now: Date;
}): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, unchanged: 0, errors: [] };
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(input.csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
      relax_column_count: true,
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    report.errors.push({ line, message: `the file is not valid CSV: ${(err as Error).message}` });
    return report;
  }
  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = CustomerRowSchema.safeParse(record);
    if (!parsed.success) {
      report.errors.push({ line, message: describeZodIssues(parsed.error.issues) });
      continue;
    }
    const row = parsed.data;
    let customerId = row.customer_id;
    let link: Customer['orderSystem'];
    if (!customerId && input.lookup) {
      for (const email of row.emails) {
        const found = await input.lookup.findCustomerByEmail(input.tenantId, email);
        if (found) {
          customerId = found.customerId;
          link = { kind: input.lookup.kind, customerId: found.providerId };
          break;
        }
      }
    }
    customerId ??= `cus_${slug(row.domain ?? row.emails[0] ?? row.name)}`;
    const existing = await input.customers.get(input.tenantId, customerId);
    const orgs = [
      ...row.slack_team_ids.map((orgId) => ({ platform: 'slack' as const, orgId })),
      ...row.teams_tenant_ids.map((orgId) => ({ platform: 'teams' as const, orgId: orgId.toLowerCase() })),
    ];
    const emails = row.emails.map((e) => e.toLowerCase());
    const next: Customer = {
      tenantId: input.tenantId,
      customerId,
      name: row.name,
      plan: row.plan ?? existing?.plan ?? 'free',
      contactEmails: [...new Set([...(existing?.contactEmails ?? []), ...emails])],
      contacts: existing?.contacts,
      domain: row.domain ?? existing?.domain,
      externalOrgs: [
        ...(existing?.externalOrgs ?? []),
        ...orgs.filter(
          (o) => !existing?.externalOrgs.some((e) => e.platform === o.platform && e.orgId === o.orgId),
        ),
      ],
      orderSystem: link ?? existing?.orderSystem,
      preferences: existing?.preferences ?? {},
      createdAt: existing?.createdAt ?? input.now,
      updatedAt: input.now,
    };
    if (existing && sameAccount(existing, next)) {
      report.unchanged += 1;
      continue;
    }
    await input.customers.upsert(next);
    report.imported += 1;
  }
  return report;
}

function sameAccount(a: Customer, b: Customer): boolean {
  const key = (c: Customer) =>
    JSON.stringify([
      c.name,
      c.plan,
      [...c.contactEmails].sort(),
      c.domain,
      c.externalOrgs.map((o) => `${o.platform}:${o.orgId}`).sort(),
      c.orderSystem,
    ]);
  return key(a) === key(b);
}
