import { readFileSync } from 'node:fs';
import { TEAMS, users, type TeamsTestUser } from './teams-users.js';

/**
 * Activities shaped like the ones Teams really sends. Each builder starts from a sample in
 * test/fixtures/teams/activities/ (Microsoft's own test data, see its README) and fills in
 * realistic values: a channel post and its replies carry `channelData.team`, `channel` and
 * `tenant`, and their `conversation.id` ends in `;messageid=<root post id>`.
 */

export { TEAMS, users, type TeamsTestUser };

type Json = Record<string, unknown>;

const samples = new Map<string, Json>();
/** A fresh copy of a fixture: builders change it freely. */
export function teamsSample(file: string): Json {
  let sample = samples.get(file);
  if (!sample) {
    const url = new URL(`../fixtures/teams/activities/${file}`, import.meta.url);
    sample = JSON.parse(readFileSync(url, 'utf8')) as Json;
    samples.set(file, sample);
  }
  return structuredClone(sample);
}

let counter = 0;
/** Teams message ids are millisecond timestamps as strings. */
export function nextActivityId(): string {
  counter += 1;
  return String(1_763_600_000_000 + counter);
}

function channelData(channelId: string, tenantId: string): Json {
  return {
    teamsChannelId: channelId,
    teamsTeamId: TEAMS.teamId,
    channel: { id: channelId },
    team: { id: TEAMS.teamId },
    tenant: { id: tenantId },
  };
}

/** The sample's `from` (role 'user') with this person's ids. */
function from(sample: Json, user: TeamsTestUser): Json {
  return { ...(sample.from as Json), id: user.id, name: user.name, aadObjectId: user.aadObjectId };
}

function recipient(sample: Json): Json {
  return { ...(sample.recipient as Json), ...TEAMS.bot };
}

/** A conversation in a team channel; the reply chain of `rootId` when given. */
function channelConversation(sample: Json, channelId: string, rootId?: string): Json {
  return {
    ...(sample.conversation as Json),
    isGroup: true,
    conversationType: 'channel',
    tenantId: TEAMS.homeTenantId,
    id: rootId ? `${channelId};messageid=${rootId}` : channelId,
  };
}

const clientInfo = {
  type: 'clientInfo',
  locale: 'en-US',
  country: 'US',
  platform: 'Web',
  timezone: 'America/Los_Angeles',
};

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
export function teamsChannelMessage(o: ChannelMessageOptions): Json {
  const sample = teamsSample(o.mentionBot ? 'MessageActivity_Mention.json' : 'MessageActivity.json');
  const id = o.id ?? nextActivityId();
  const channelId = o.channelId ?? TEAMS.customerChannelId;
  const mentionText = `<at>${TEAMS.bot.name}</at>`;
  const mentions = o.mentionBot
    ? (sample.entities as Json[]).map((e) => ({
        ...e,
        text: mentionText,
        mentioned: { ...(e.mentioned as Json), ...TEAMS.bot },
      }))
    : [];
  return {
    ...sample,
    id,
    timestamp: new Date().toISOString(),
    localTimestamp: new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    from: from(sample, o.from),
    recipient: recipient(sample),
    conversation: channelConversation(sample, channelId, o.rootId ?? id),
    ...(o.rootId ? { replyToId: o.rootId } : {}),
    textFormat: 'plain',
    text: o.mentionBot ? `${mentionText} ${o.text}` : o.text,
    attachments: [],
    entities: [...mentions, clientInfo],
    // In a shared channel the sender's own tenant is what Teams puts here.
    channelData: channelData(channelId, o.from.tenantId),
    locale: 'en-US',
  };
}

export interface RevisionOptions {
  serviceUrl: string;
  from: TeamsTestUser;
  /** The id of the message edited or deleted (Teams puts it in the activity's `id`). */
  messageId: string;
  /** Root post of the reply chain the message is in; the message itself when it is the root. */
  rootId?: string;
  channelId?: string;
  /** When Teams says the change happened (distinguishes two edits of one message). */
  timestamp?: string;
}

/** Someone edited a message: `messageUpdate` with `channelData.eventType: 'editMessage'`. */
export function teamsMessageEdit(o: RevisionOptions & { text: string }): Json {
  const sample = teamsSample('MessageUpdateActivity.json');
  const channelId = o.channelId ?? TEAMS.customerChannelId;
  return {
    ...sample,
    id: o.messageId,
    timestamp: o.timestamp ?? new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    from: from(sample, o.from),
    recipient: recipient(sample),
    conversation: channelConversation(sample, channelId, o.rootId ?? o.messageId),
    ...(o.rootId ? { replyToId: o.rootId } : {}),
    textFormat: 'plain',
    text: o.text,
    entities: [clientInfo],
    channelData: { ...channelData(channelId, o.from.tenantId), eventType: 'editMessage' },
    locale: 'en-US',
  };
}

/** Someone deleted a message: `messageDelete` with `channelData.eventType: 'softDeleteMessage'`. */
export function teamsMessageDelete(o: RevisionOptions): Json {
  const sample = teamsSample('MessageDeleteActivity.json');
  const channelId = o.channelId ?? TEAMS.customerChannelId;
  return {
    ...sample,
    id: o.messageId,
    timestamp: o.timestamp ?? new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    from: from(sample, o.from),
    recipient: recipient(sample),
    conversation: channelConversation(sample, channelId, o.rootId ?? o.messageId),
    ...(o.rootId ? { replyToId: o.rootId } : {}),
    channelData: { ...channelData(channelId, o.from.tenantId), eventType: 'softDeleteMessage' },
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

/**
 * `Action.Execute` on an Adaptive Card: an `invoke` named `adaptiveCard/action`. The samples have
 * no such invoke; the message sample gives the common envelope.
 */
export function teamsInvoke(o: InvokeOptions): Json {
  const sample = teamsSample('MessageActivity.json');
  delete sample.text;
  const channelId = o.channelId ?? TEAMS.staffChannelId;
  return {
    ...sample,
    type: 'invoke',
    name: 'adaptiveCard/action',
    id: o.id ?? `f:${nextActivityId()}`,
    timestamp: new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    from: from(sample, o.from),
    recipient: recipient(sample),
    conversation: channelConversation(sample, channelId, o.cardActivityId),
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

export interface SubmitOptions {
  serviceUrl: string;
  from: TeamsTestUser;
  data: Record<string, unknown>;
  /** The card's own activity id (what the user clicked on). */
  cardActivityId: string;
  /** The root post of the reply chain the card is in. */
  rootId: string;
  channelId?: string;
  id?: string;
}

/**
 * `Action.Submit` on an Adaptive Card: Teams sends a `message` activity with no text, the
 * button's data as `value`, replying to the card's activity.
 */
export function teamsCardSubmit(o: SubmitOptions): Json {
  const sample = teamsSample('MessageActivity.json');
  delete sample.text;
  const channelId = o.channelId ?? TEAMS.customerChannelId;
  return {
    ...sample,
    id: o.id ?? nextActivityId(),
    timestamp: new Date().toISOString(),
    localTimestamp: new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    from: from(sample, o.from),
    recipient: recipient(sample),
    conversation: channelConversation(sample, channelId, o.rootId),
    replyToId: o.cardActivityId,
    attachments: [],
    entities: [clientInfo],
    channelData: { ...channelData(channelId, o.from.tenantId), source: { name: 'message' } },
    value: o.data,
    locale: 'en-US',
  };
}

/** The bot was added to a team: Teams sends this for the team's channel it lands in. */
export function teamsBotAdded(o: { serviceUrl: string; channelId: string; channelName?: string }): Json {
  const sample = teamsSample('ConversationUpdateActivity.json');
  // The sample also removes people and names a topic; adding the bot does neither.
  delete sample.membersRemoved;
  delete sample.topicName;
  return {
    ...sample,
    id: nextActivityId(),
    timestamp: new Date().toISOString(),
    serviceUrl: o.serviceUrl,
    // The person who added the bot; the sample's `from` is a bot account.
    from: { id: users.sam.id, name: users.sam.name, aadObjectId: users.sam.aadObjectId },
    recipient: { ...TEAMS.bot },
    conversation: {
      ...(sample.conversation as Json),
      isGroup: true,
      conversationType: 'channel',
      tenantId: TEAMS.homeTenantId,
      id: o.channelId,
      name: o.channelName ?? 'General',
    },
    membersAdded: [{ id: TEAMS.bot.id }],
    channelData: {
      ...channelData(o.channelId, TEAMS.homeTenantId),
      channel: { id: o.channelId, name: o.channelName ?? 'General' },
      team: { id: TEAMS.teamId, name: 'Northwind Support' },
      eventType: 'teamMemberAdded',
    },
  };
}
