import type { Customer } from '../domain/index.js';
import type { ParsedInboundMessage } from './ports.js';
import type { CustomerStore } from './stores.js';

export interface Identification {
  customer: Customer | null;
  /** How the account was found; null when the person is unidentified (knowledge-base answers only). */
  via: 'email' | 'org' | 'domain' | null;
}

/**
 * Finds the order system's customer for the author: a platform-verified email first (the most
 * specific proof), then the author's organization as linked to an account, then the org's domain.
 * Staff (not external) are never customers.
 */
export async function identifyCustomer(
  customers: CustomerStore,
  message: ParsedInboundMessage,
): Promise<Identification> {
  const { author, tenantId, platform } = message;
  if (!author.isExternal) return { customer: null, via: null };
  if (author.email) {
    const byEmail = await customers.findByEmail(tenantId, author.email.toLowerCase());
    if (byEmail) return { customer: byEmail, via: 'email' };
  }
  if (author.orgId) {
    const byOrg = await customers.findByOrg(tenantId, platform, author.orgId);
    if (byOrg) return { customer: byOrg, via: 'org' };
  }
  if (author.orgDomain) {
    const byDomain = await customers.findByDomain(tenantId, author.orgDomain.toLowerCase());
    if (byDomain) return { customer: byDomain, via: 'domain' };
  }
  return { customer: null, via: null };
}
