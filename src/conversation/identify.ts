import type { Customer } from '../domain/index.js';
import type { ParsedInboundMessage } from './ports.js';
import type { CustomerStore } from './stores.js';

export interface Identification {
  customer: Customer | null;
  /**
   * How the account was found; 'created' when a named external organization was seen for the
   * first time; null when the person is unidentified (knowledge-base answers only).
   */
  via: 'email' | 'org' | 'domain' | 'created' | null;
}

/**
 * Finds the order system's customer for the author: a platform-verified email first (the most
 * specific proof), then the author's organization as linked to an account, then the org's domain.
 * Staff (not external) are never customers.
 *
 * When the adapter names the author's organization (`orgName`: Slack Connect's team.info), that
 * organization is one customer: it is linked to the account found by email or domain, or, seen
 * for the first time, becomes an account of its own, so its next message resolves by org.
 */
export async function identifyCustomer(
  customers: CustomerStore,
  message: ParsedInboundMessage,
): Promise<Identification> {
  const { author, tenantId, platform } = message;
  if (!author.isExternal) return { customer: null, via: null };
  // Only a named organization other than the tenant's own is remembered (a guest account in the
  // home organization is not a customer organization).
  const namedOrg = author.orgId && author.orgName && author.orgId !== tenantId ? author.orgId : undefined;
  const link = async (customer: Customer) => {
    if (namedOrg && !customer.externalOrgs.some((o) => o.platform === platform && o.orgId === namedOrg))
      await customers.addExternalOrg(tenantId, customer.customerId, platform, namedOrg);
  };
  if (author.email) {
    const byEmail = await customers.findByEmail(tenantId, author.email.toLowerCase());
    if (byEmail) {
      await link(byEmail);
      return { customer: byEmail, via: 'email' };
    }
  }
  if (author.orgId) {
    const byOrg = await customers.findByOrg(tenantId, platform, author.orgId);
    if (byOrg) return { customer: byOrg, via: 'org' };
  }
  if (author.orgDomain) {
    const byDomain = await customers.findByDomain(tenantId, author.orgDomain.toLowerCase());
    if (byDomain) {
      await link(byDomain);
      return { customer: byDomain, via: 'domain' };
    }
  }
  if (namedOrg && author.orgName) {
    const customer: Customer = {
      tenantId,
      // Derived from the org, so two first messages racing each other write the same account.
      customerId: `cus_${platform}_${namedOrg.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      name: author.orgName.slice(0, 200),
      plan: 'free',
      contactEmails: [],
      domain: author.orgDomain?.toLowerCase(),
      externalOrgs: [{ platform, orgId: namedOrg }],
      preferences: {},
      createdAt: message.receivedAt,
      updatedAt: message.receivedAt,
    };
    await customers.upsert(customer);
    return { customer, via: 'created' };
  }
  return { customer: null, via: null };
}
