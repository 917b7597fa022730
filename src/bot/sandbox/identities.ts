import type { Customer } from '../../domain/index.js';
import type { StaffActor } from '../../conversation/ports.js';

/** Someone the page can act as in the staff channel. Rights come from the tenant, not from here. */
export interface SandboxStaffIdentity {
  userId: string;
  name: string;
  /** What the page says about them; the engine decides what they may actually do. */
  role: string;
  isExternal: boolean;
}

/** The demo tenant's sandbox users (shared constants; the seed lists Dana and Sam as approver and supervisor). */
export const SANDBOX_STAFF: readonly SandboxStaffIdentity[] = [
  { userId: 'sandbox-dana', name: 'Dana Whitfield', role: 'Approver', isExternal: false },
  { userId: 'sandbox-sam', name: 'Sam Okafor', role: 'Supervisor', isExternal: false },
  { userId: 'sandbox-riley', name: 'Riley Chen', role: 'Staff (no approval rights)', isExternal: false },
  { userId: 'sandbox-guest', name: 'Guest from Acme', role: 'External guest', isExternal: true },
];

export function staffIdentity(userId: string): SandboxStaffIdentity | undefined {
  return SANDBOX_STAFF.find((s) => s.userId === userId);
}

export function toStaffActor(identity: SandboxStaffIdentity, tenantId: string): StaffActor {
  return { platform: 'sandbox', tenantId, userId: identity.userId, name: identity.name, isExternal: identity.isExternal };
}

/** `maya@bluebirdcafe.example` → `maya-bluebirdcafe-example`: a stable platform user id per contact. */
export function emailSlug(email: string): string {
  return email
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface SandboxContact {
  name: string;
  email: string;
  userId: string;
}

export interface SandboxCustomer {
  customerId: string;
  name: string;
  plan: Customer['plan'];
  orgId?: string;
  contacts: SandboxContact[];
}

/** The page's view of a customer account: who can write for it, and as which organization. */
export function toSandboxCustomer(customer: Customer & { contacts?: Array<{ name: string; email: string }> }): SandboxCustomer {
  const contacts =
    customer.contacts && customer.contacts.length > 0
      ? customer.contacts
      : customer.contactEmails.map((email) => ({ name: email.split('@')[0] ?? email, email }));
  return {
    customerId: customer.customerId,
    name: customer.name,
    plan: customer.plan,
    orgId: customer.externalOrgs.find((o) => o.platform === 'sandbox')?.orgId,
    contacts: contacts.map((c) => ({ name: c.name, email: c.email, userId: emailSlug(c.email) })),
  };
}
