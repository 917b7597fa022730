import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCard, activityText } from '../../support/fake-bot-connector.js';
import { TEAMS, teamsChannelMessage, users, type TeamsTestUser } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

const riley: TeamsTestUser = {
  id: '29:riley-chen',
  name: 'Riley Chen',
  aadObjectId: '7e2d9c41-3b5a-4f8e-9d1c-2a6b8e4f0c93',
  tenantId: TEAMS.homeTenantId,
  email: 'riley@northwind.example',
};

describe('Teams: @Switchboard settings', () => {
  let env: TeamsTestEnv;
  /** Posts `@Switchboard settings …` in the staff channel; the bot's answer (text, or the card's JSON). */
  const say = async (from: TeamsTestUser, text: string, mention?: TeamsTestUser): Promise<string> => {
    const activity = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from,
      channelId: TEAMS.staffChannelId,
      text: mention ? `${text} <at>${mention.name}</at>` : text,
      mentionBot: true,
    });
    if (mention)
      (activity.entities as unknown[]).push({
        type: 'mention',
        text: `<at>${mention.name}</at>`,
        mentioned: { id: mention.id, name: mention.name },
      });
    const before = env.connector.sent().length;
    expect((await env.post(activity)).status).toBe(200);
    const answer = env.connector.sent()[before];
    expect(answer).toBeDefined();
    const card = activityCard(answer!);
    return card ? JSON.stringify(card) : activityText(answer!);
  };

  beforeAll(async () => {
    env = await startTeamsEnv();
    env.connector.addMember({
      id: riley.id,
      name: riley.name,
      aadObjectId: riley.aadObjectId,
      email: riley.email,
      userPrincipalName: riley.email,
      tenantId: riley.tenantId,
      userRole: 'user',
    });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the settings as a card, and refuses an external guest', async () => {
    const card = await say(users.dana, 'settings');
    expect(card).toContain(
      '"title":"Automatic refunds below","value":"$100.00 (default, AUTO_REFUND_MAX) · auto-refund-max"',
    );
    expect(card).toContain(`${users.dana.aadObjectId} (TEAMS_APPROVER_IDS)`);
    expect(await say(users.jordan, 'settings')).toBe(
      'Only members of this organization can see its settings.',
    );
  });

  it('refuses an approver’s change and explains a bad value in one sentence', async () => {
    expect(await say(users.dana, 'settings set tone formal')).toBe('Only a supervisor can change settings.');
    expect(await say(users.sam, 'settings set supervisor-threshold 10')).toBe(
      'The supervisor threshold ($10.00) cannot be below the automatic refund limit ($100.00).',
    );
  });

  it('a supervisor adds a mentioned colleague as a supervisor, by their Entra object id', async () => {
    const card = await say(users.sam, 'settings supervisors add', riley);
    expect(card).toContain(`${riley.aadObjectId} is now a supervisor.`);
    const tenant = await env.app.stores.tenants.get(env.app.tenantId);
    expect(tenant?.supervisorIds).toContain(riley.aadObjectId);
    // …who may now change settings themselves, with the business name as typed (case kept).
    expect(await say(riley, 'settings set business-name Northwind Office Supply')).toContain(
      'Business name is now Northwind Office Supply.',
    );
  });
});
