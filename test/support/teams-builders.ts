/**
 * Activities shaped like the ones Teams really sends (compare shared/fixtures/teams/activities):
 * a channel post and its replies carry `channelData.team`, `channel` and `tenant`, and their
 * `conversation.id` ends in `;messageid=<root post id>`.
 */

export interface TeamsTestUser {
  /** Teams user id (`29:…`). */
  id: string;
  name: string;
  aadObjectId: string;
  /** The user's own AAD tenant; differs from the home tenant for external users. */
  tenantId: string;
  email?: string;
}

/** Names the fixtures share; the home tenant is the demo tenant so the seeded store applies. */
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

let counter = 0;
/** Teams message ids are millisecond timestamps as strings. */
export function nextActivityId(): string {
  counter += 1;
  return String(1_763_600_000_000 + counter);
}

function channelData(channelId: string, tenantId: string) {
  return {
    teamsChannelId: channelId,
    teamsTeamId: TEAMS.teamId,
    channel: { id: channelId },
    team: { id: TEAMS.teamId },
    tenant: { id: tenantId },
  };
}

function from(user: TeamsTestUser) {
  return { id: user.id, name: user.name, aadObjectId: user.aadObjectId };
}

export interface ChannelMessageOptions {
  serviceUrl: string;
  from: TeamsTestUser;
  text: string;
  channelId?: string;
  /** Activity id; a new one by default. */
  id?: string;
  /** Root post id when this is a reply in a reply chain; absent for a new post. */
  rootId?: string;
  /** Prefix the text with an @mention of the bot, as Teams does when someone mentions it. */
  mentionBot?: boolean;
}

/** A post (or a reply in a post's chain) in a team channel. */
export function teamsChannelMessage(o: ChannelMessageOptions): Record<string, unknown> {
  const id = o.id ?? nextActivityId();
  const channelId = o.channelId ?? TEAMS.customerChannelId;
  const root = o.rootId ?? id;
  const mention = `<at>${TEAMS.bot.name}</at>`;
  const text = o.mentionBot ? `${mention} ${o.text}` : o.text;
  return {
    type: 'message',
    id,
    timestamp: new Date().toISOString(),
    localTimestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: o.serviceUrl,
    from: from(o.from),
    conversation: {
      isGroup: true,
      conversationType: 'channel',
      tenantId: TEAMS.homeTenantId,
      id: `${channelId};messageid=${root}`,
    },
    recipient: TEAMS.bot,
    ...(o.rootId ? { replyToId: o.rootId } : {}),
    textFormat: 'plain',
    text,
    attachments: [],
    entities: [
      ...(o.mentionBot ? [{ type: 'mention', text: mention, mentioned: TEAMS.bot }] : []),
      {
        type: 'clientInfo',
        locale: 'en-US',
        country: 'US',
        platform: 'Web',
        timezone: 'America/Los_Angeles',
      },
    ],
    // In a shared channel the sender's own tenant is what Teams puts here.
    channelData: channelData(channelId, o.from.tenantId),
    locale: 'en-US',
  };
}

export interface InvokeOptions {
  serviceUrl: string;
  from: TeamsTestUser;
  verb: string;
  data: Record<string, unknown>;
  /** The card's own activity id (what the user clicked on). */
  cardActivityId: string;
  channelId?: string;
  id?: string;
}

/** `Action.Execute` on an Adaptive Card: an `invoke` named `adaptiveCard/action`. */
export function teamsInvoke(o: InvokeOptions): Record<string, unknown> {
  const channelId = o.channelId ?? TEAMS.staffChannelId;
  return {
    type: 'invoke',
    name: 'adaptiveCard/action',
    id: o.id ?? `f:${nextActivityId()}`,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: o.serviceUrl,
    from: from(o.from),
    conversation: {
      isGroup: true,
      conversationType: 'channel',
      tenantId: TEAMS.homeTenantId,
      id: `${channelId};messageid=${o.cardActivityId}`,
    },
    recipient: TEAMS.bot,
    replyToId: o.cardActivityId,
    entities: [{ type: 'clientInfo', locale: 'en-US', platform: 'Web' }],
    channelData: {
      ...channelData(channelId, o.from.tenantId),
      source: { name: 'message' },
      legacy: { replyToId: o.cardActivityId },
    },
    value: {
      action: { type: 'Action.Execute', id: `act-${o.verb}`, verb: o.verb, data: o.data },
      trigger: 'manual',
    },
    locale: 'en-US',
  };
}

/** The bot was added to a team: Teams sends this for the team's channel it lands in. */
export function teamsBotAdded(o: {
  serviceUrl: string;
  channelId: string;
  channelName?: string;
}): Record<string, unknown> {
  return {
    type: 'conversationUpdate',
    id: nextActivityId(),
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: o.serviceUrl,
    from: from(users.sam),
    conversation: {
      isGroup: true,
      conversationType: 'channel',
      tenantId: TEAMS.homeTenantId,
      id: o.channelId,
    },
    recipient: TEAMS.bot,
    membersAdded: [{ id: TEAMS.bot.id }],
    channelData: {
      ...channelData(o.channelId, TEAMS.homeTenantId),
      channel: { id: o.channelId, name: o.channelName ?? 'General' },
      team: { id: TEAMS.teamId, name: 'Northwind Support' },
      eventType: 'teamMemberAdded',
    },
  };
}
