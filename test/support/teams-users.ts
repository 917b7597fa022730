/**
 * The people and conversations the Teams tests share. The home tenant is the demo tenant, so the
 * seeded store (customers, orders, settings) applies.
 */

export interface TeamsTestUser {
  /** Teams user id (`29:…`, the MRI). */
  id: string;
  name: string;
  aadObjectId: string;
  /** The user's own AAD tenant; differs from the home tenant for external users. */
  tenantId: string;
  email?: string;
}

export const TEAMS = {
  homeTenantId: 'T0DEMO0001',
  bot: { id: '28:00000000-0000-0000-0000-00000000b07a', name: 'Switchboard' },
  teamId: '19:team-northwind@thread.tacv2',
  customerChannelId: '19:customers-bluebird@thread.tacv2',
  staffChannelId: '19:staff-approvals@thread.tacv2',
  bluebirdTenantId: '6f1c2a8e-0000-4b1b-9c3e-b1ueb12dcafe',
  acmeTenantId: '0acbe000-0000-4e5e-8d4a-acme00000001',
} as const;

export const users = {
  maya: {
    id: '29:maya-ortiz',
    name: 'Maya Ortiz',
    aadObjectId: 'aad-maya-ortiz',
    tenantId: TEAMS.bluebirdTenantId,
    email: 'maya@bluebirdcafe.example',
  },
  dana: {
    id: '29:dana-whitfield',
    name: 'Dana Whitfield',
    aadObjectId: 'aad-dana-whitfield',
    tenantId: TEAMS.homeTenantId,
    email: 'dana@northwind.example',
  },
  sam: {
    id: '29:sam-okafor',
    name: 'Sam Okafor',
    aadObjectId: 'aad-sam-okafor',
    tenantId: TEAMS.homeTenantId,
    email: 'sam@northwind.example',
  },
  /** A guest from a customer's organization who sits in the staff channel: may never decide. */
  jordan: {
    id: '29:jordan-lee',
    name: 'Jordan Lee',
    aadObjectId: 'aad-jordan-lee',
    tenantId: TEAMS.acmeTenantId,
    email: 'jordan@acme-robotics.example',
  },
} satisfies Record<string, TeamsTestUser>;
