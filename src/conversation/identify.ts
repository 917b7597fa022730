import type { Customer } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { ParsedInboundMessage } from './ports.js';
import type { CustomerStore } from './stores.js';

export interface Identification {
  customer: Customer | null;
  /**
   * How the account was found; 'created' when a named external organization was seen for the
   * first time; null when the person is unidentified (knowledge-base answers only).
   */
  via: 'email' | 'org' | 'domain' | 'created' | null;
  /** The order system was asked about the author's email and could not answer. */
  ordersUnreachable?: boolean;
}

/** The order system's customers, as identification needs them (implemented by every OrderSystem). */
export interface CustomerDirectory {
  readonly kind: string;
  findCustomerByEmail(
    tenantId: string,
    email: string,
  ): Promise<{ customerId: string; providerId: string; name: string; email: string } | null>;
}

export interface IdentifyOptions {
  /** Asked when no local customer has the verified email; a match becomes a local customer. */
  directory?: CustomerDirectory;
  logger?: Logger;
}

/**
 * Finds the order system's customer for the author: a platform-verified email first (the most
 * specific proof), then the author's organization as linked to an account, then the org's domain.
 * Staff (not external) are never customers.
 *
 * When the adapter names the author's organization (`orgName`: Slack Connect's team.info), that
 * organization is one customer: it is linked to the account found by email or domain, or, seen
 * for the first time, becomes an account of its own, so its next message resolves by org.
 *
 * A verified email no local customer has is looked up in the order system (`directory`): the
 * customer found there is stored locally under the order system's customer id (deterministic, so
 * two first messages racing write the same record) and is found locally from then on.
 */
export async function identifyCustomer(
  customers: CustomerStore,
  message: ParsedInboundMessage,
  options: IdentifyOptions = {},
): Promise<Identification> {
  const { author, tenantId, platform } = message;
  if (!author.isExternal) return { customer: null, via: null };
  let unreachable = false;
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
    const fromOrders = await lookUpOrderSystem(customers, message, options);
    if (fromOrders === 'unreachable') unreachable = true;
    else if (fromOrders) {
      await link(fromOrders);
      return { customer: fromOrders, via: 'email' };
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
  return unreachable ? { customer: null, via: null, ordersUnreachable: true } : { customer: null, via: null };
}

/** The order system's customer for the author's verified email, stored as a local customer. */
async function lookUpOrderSystem(
  customers: CustomerStore,
  message: ParsedInboundMessage,
  { directory, logger }: IdentifyOptions,
): Promise<Customer | 'unreachable' | null> {
  const email = message.author.email?.toLowerCase();
  if (!directory || !email) return null;
  let found;
  try {
    found = await directory.findCustomerByEmail(message.tenantId, email);
  } catch (err) {
    // Down or slow: the person goes on unidentified (other clues next); order questions escalate.
    logger?.warn({ err, eventId: message.eventId }, 'looking up a customer in the order system failed');
    return 'unreachable';
  }
  if (!found) return null;
  // Written before use: a customer created by the CSV import under this id keeps its account details.
  const existing = await customers.get(message.tenantId, found.customerId);
  const customer: Customer = existing
    ? {
        ...existing,
        contactEmails: existing.contactEmails.includes(email)
          ? existing.contactEmails
          : [...existing.contactEmails, email],
        orderSystem: { kind: directory.kind, customerId: found.providerId },
        updatedAt: message.receivedAt,
      }
    : {
        tenantId: message.tenantId,
        customerId: found.customerId,
        name: found.name.slice(0, 200) || email,
        plan: 'free',
        contactEmails: [email],
        // No email domain: one person's shop account must not claim everyone at gmail.com.
        externalOrgs: [],
        orderSystem: { kind: directory.kind, customerId: found.providerId },
        preferences: {},
        createdAt: message.receivedAt,
        updatedAt: message.receivedAt,
      };
  await customers.upsert(customer);
  return customer;
}
