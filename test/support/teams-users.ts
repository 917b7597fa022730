/**
 * The people and conversations the Teams tests share. The home tenant is the demo tenant, so the
 * seeded store (customers, orders, settings) applies.
 */

export interface TeamsTestUser {
  /** Teams user id (`29:…`, the MRI). */
  id: string;
  name: string;
  /** Microsoft Entra (AAD) object id: a GUID, how approvers are configured. */
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
    aadObjectId: '9b1c4e2a-6d3f-4a8b-b7c1-3e5f7a9c0d21',
    tenantId: TEAMS.bluebirdTenantId,
    email: 'maya@bluebirdcafe.example',
  },
  dana: {
    id: '29:dana-whitfield',
    name: 'Dana Whitfield',
    aadObjectId: 'd4a7e1b0-2c9f-4e6a-8b3d-5f1a7c9e2b40',
    tenantId: TEAMS.homeTenantId,
    email: 'dana@northwind.example',
  },
  sam: {
    id: '29:sam-okafor',
    name: 'Sam Okafor',
    aadObjectId: '5a0f3c8e-1b7d-4d2a-9e6c-8b4f2a1d7e63',
    tenantId: TEAMS.homeTenantId,
    email: 'sam@northwind.example',
  },
  /** A guest from a customer's organization who sits in the staff channel: may never decide. */
  jordan: {
    id: '29:jordan-lee',
    name: 'Jordan Lee',
    aadObjectId: 'c2e8b5d1-7a4f-4c3e-a9b6-1d0f5e8a3c72',
    tenantId: TEAMS.acmeTenantId,
    email: 'jordan@acme-robotics.example',
  },
} satisfies Record<string, TeamsTestUser>;
