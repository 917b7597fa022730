import type { Customer } from '../../domain/index.js';
import type { StaffActor } from '../../conversation/ports.js';
import { DEMO, sandboxUserId } from '../../memory/demo-data.js';

/** Someone the page can act as in the staff channel. Rights come from the tenant, not from here. */
export interface SandboxStaffIdentity {
  userId: string;
  name: string;
  /** What the page says about them; the engine decides what they may actually do. */
  role: string;
  isExternal: boolean;
}

/** The demo tenant's sandbox users (the seed lists Dana as approver and Sam as supervisor). */
export const SANDBOX_STAFF: readonly SandboxStaffIdentity[] = [
  { ...DEMO.staff.approver, role: 'Approver', isExternal: false },
  { ...DEMO.staff.supervisor, role: 'Supervisor', isExternal: false },
  { ...DEMO.staff.staff, role: 'Staff (no approval rights)', isExternal: false },
  { userId: DEMO.guest.userId, name: DEMO.guest.name, role: 'External guest', isExternal: true },
];

export function staffIdentity(userId: string): SandboxStaffIdentity | undefined {
  return SANDBOX_STAFF.find((s) => s.userId === userId);
}

export function toStaffActor(identity: SandboxStaffIdentity, tenantId: string): StaffActor {
  return {
    platform: 'sandbox',
    tenantId,
    userId: identity.userId,
    name: identity.name,
    isExternal: identity.isExternal,
  };
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
export function toSandboxCustomer(
  customer: Customer & { contacts?: Array<{ name: string; email: string }> },
): SandboxCustomer {
  const contacts =
    customer.contacts && customer.contacts.length > 0
      ? customer.contacts
      : customer.contactEmails.map((email) => ({ name: email.split('@')[0] ?? email, email }));
  return {
    customerId: customer.customerId,
    name: customer.name,
    plan: customer.plan,
    orgId: customer.externalOrgs.find((o) => o.platform === 'sandbox')?.orgId,
    contacts: contacts.map((c) => ({ name: c.name, email: c.email, userId: sandboxUserId(c.email) })),
  };
}
