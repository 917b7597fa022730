import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../src/memory/collections.js';
import { SLACK, slashCommand } from '../../support/slack-builders.js';
import { inbound } from '../../conversation/engine-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

interface CommandAnswer {
  response_type: string;
  text: string;
  blocks?: unknown[];
}

describe('Slack: /switchboard settings', () => {
  let env: SlackTestEnv;
  const run = async (text: string, user: string): Promise<CommandAnswer> => {
    const res = await env.deliver({ kind: 'command', fields: slashCommand({ text, user }) });
    expect(res.status).toBe(200);
    return (await res.json()) as CommandAnswer;
  };
  const settingsAudit = async () =>
    env.app.db
      .collection(COLLECTIONS.audit)
      .find({
        tenantId: env.app.tenantId,
        action: { $in: ['settings.changed', 'settings.reset', 'staff.added', 'staff.removed'] },
      })
      .sort({ at: 1, _id: 1 })
      .toArray();

  beforeAll(async () => {
    env = await startSlackEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows every setting with its value and where it comes from, and the staff lists', async () => {
    const answer = await run('settings', SLACK.approver);
    expect(answer.response_type).toBe('ephemeral');
    const shown = JSON.stringify(answer.blocks);
    expect(shown).toContain('Automatic refunds below');
    expect(shown).toContain('$100.00  _default (AUTO_REFUND_MAX)_');
    expect(shown).toContain('`supervisor-threshold`');
    expect(shown).toContain(`<@${SLACK.approver}> _(SLACK_APPROVER_IDS)_`);
    expect(shown).toContain('Only supervisors can change settings.');
  });

  it('refuses changes from an approver and from a Slack Connect guest, and stores nothing', async () => {
    expect((await run('settings set auto-refund-max 0', SLACK.approver)).text).toBe(
      'Only a supervisor can change settings.',
    );
    expect((await run('settings set auto-refund-max 0', SLACK.guest)).text).toBe(
      'Only members of this workspace can use /switchboard.',
    );
    expect((await env.app.stores.tenants.get(env.app.tenantId))?.settingsOverrides).toEqual({});
    expect(await settingsAudit()).toEqual([]);
  });

  it('answers a bad value with one sentence and changes nothing', async () => {
    expect((await run('settings set supervisor-threshold 50', SLACK.supervisor)).text).toBe(
      'The supervisor threshold ($50.00) cannot be below the automatic refund limit ($100.00).',
    );
    expect((await run('settings set confidence-normal lots', SLACK.supervisor)).text).toBe(
      'Give the normal confidence bar as a number, like 150.',
    );
    expect((await run('settings set tone rude', SLACK.supervisor)).text).toBe(
      'The tone is one of formal, friendly, concise.',
    );
    expect((await run('settings set colour blue', SLACK.supervisor)).text).toMatch(
      /^There is no setting "colour"; the settings are auto-refund-max, /,
    );
    expect((await run('settings frobnicate', SLACK.supervisor)).text).toMatch(
      /^I don't know "settings frobnicate"\.\n`\/switchboard settings` — /,
    );
    expect((await env.app.stores.tenants.get(env.app.tenantId))?.settingsOverrides).toEqual({});
  });

  it('a supervisor’s change is audited and takes effect at once: the next $89.99 refund waits for a person', async () => {
    const answer = await run('settings set auto-refund-max 0', SLACK.supervisor);
    expect(answer.text).toBe('Automatic refunds below is now $0.00.');
    expect(JSON.stringify(answer.blocks)).toContain('$0.00  _set here_');
    const [event] = await settingsAudit();
    expect(event).toMatchObject({
      action: 'settings.changed',
      actor: { kind: 'staff', platform: 'slack', userId: SLACK.supervisor, name: 'Sam Okafor' },
      before: { 'auto-refund-max': 10_000 },
      after: { 'auto-refund-max': 0 },
    });
    // Order 1045 ($89.99) was refunded without approval under the $100 default.
    const refund = await env.app.engine.handleInbound(
      inbound('priya', 'The monitor arm from order 1045 is faulty, please refund it.'),
    );
    expect(refund.status).toBe('approval_requested');

    // Reset: the environment's default applies again, audited as well.
    expect((await run('settings reset auto-refund-max', SLACK.supervisor)).text).toBe(
      'Automatic refunds below is back to the default: $100.00.',
    );
    expect((await settingsAudit()).at(-1)).toMatchObject({
      action: 'settings.reset',
      before: { 'auto-refund-max': 0 },
      after: { 'auto-refund-max': 10_000 },
    });
  });

  it('adds and removes approvers by mention; ids from the environment stay until the environment changes', async () => {
    const added = await run(`settings approvers add <@${SLACK.staff}|riley>`, SLACK.supervisor);
    expect(added.text).toBe(`${SLACK.staff} is now an approver.`);
    expect((await env.app.stores.tenants.get(env.app.tenantId))?.approverIds).toContain(SLACK.staff);
    expect((await run(`settings approvers remove <@${SLACK.approver}>`, SLACK.supervisor)).text).toBe(
      `${SLACK.approver} is listed in SLACK_APPROVER_IDS; remove it there and restart.`,
    );
    expect((await run(`settings approvers remove ${SLACK.staff}`, SLACK.supervisor)).text).toBe(
      `${SLACK.staff} is no longer an approver.`,
    );
    expect((await env.app.stores.tenants.get(env.app.tenantId))?.approverIds).not.toContain(SLACK.staff);
    expect((await run('settings supervisors add @riley', SLACK.supervisor)).text).toMatch(
      /^Mention the person/,
    );
  });

  it('a supervisor turns the customer’s refund confirmation off and on per organization', async () => {
    expect((await run('settings set confirm-refunds maybe', SLACK.supervisor)).text).toBe(
      'Customer confirmation of automatic refunds is yes or no.',
    );
    const answer = await run('settings set confirm-refunds no', SLACK.supervisor);
    expect(answer.text).toBe('Customer confirms automatic refunds is now no.');
    const org = await env.app.stores.tenants.get(env.app.tenantId);
    expect(org?.settingsOverrides).toMatchObject({ confirmAutoRefunds: false });
    expect(org?.settings.confirmAutoRefunds).toBe(false);
    expect((await settingsAudit()).at(-1)).toMatchObject({
      action: 'settings.changed',
      before: { 'confirm-refunds': true },
      after: { 'confirm-refunds': false },
    });
    expect((await run('settings reset confirm-refunds', SLACK.supervisor)).text).toBe(
      'Customer confirms automatic refunds is back to the default: yes.',
    );
    expect((await env.app.stores.tenants.get(env.app.tenantId))?.settings.confirmAutoRefunds).toBe(true);
  });
});
