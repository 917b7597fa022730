import { afterEach, describe, expect, it } from 'vitest';
import { SLACK, slackMessageEvent } from '../../support/slack-builders.js';
import { startSlackEnv, type SlackTestEnv } from './slack-setup.js';

/**
 * Slack distribution: "Add to Slack" through Bolt's OAuth (@slack/oauth InstallProvider) against a
 * loopback oauth.v2.access, installs kept in MongoDB, a token per workspace for every call.
 */
describe('Slack distribution (OAuth install)', () => {
  let env: SlackTestEnv;
  afterEach(async () => {
    await env?.close();
  });

  /** A person's browser: the install page sets the state cookie, Slack sends them back with a code. */
  async function addToSlack(code: string): Promise<Response> {
    const page = await fetch(new URL('/slack/install', env.app.baseUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    const cookie = page.headers.get('set-cookie')?.split(';')[0] ?? '';
    const authorizeUrl = /href="([^"]*oauth\/v2\/authorize[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(authorizeUrl).toBeDefined();
    const url = new URL(authorizeUrl!);
    expect(url.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['chat:write', 'users:read', 'channels:history']),
    );
    const state = url.searchParams.get('state')!;
    return fetch(
      new URL(
        `/slack/oauth_redirect?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        env.app.baseUrl,
      ),
      { headers: { cookie } },
    );
  }

  const replyTokens = (threadTs: string) =>
    env.slack
      .callsTo('chat.postMessage')
      .filter((c) => c.args.thread_ts === threadTs && c.result?.ok)
      .map((c) => c.token);

  it('"Add to Slack" then a customer message: answered in the thread with that install’s token', async () => {
    env = await startSlackEnv({ distribution: true });
    env.slack.grantInstall('code-northwind', { team: { id: SLACK.homeTeam, name: 'Northwind Supply Co.' } });
    const done = await addToSlack('code-northwind');
    expect(done.status).toBe(200);
    const [token] = env.slack.issuedTokens();
    expect(token?.teamId).toBe(SLACK.homeTeam);
    const stored = await env.app.db
      .collection('slack_installations')
      .findOne({ _id: `:${SLACK.homeTeam}` as never });
    expect(stored).toMatchObject({ orgId: env.app.tenantId, isEnterpriseInstall: false });

    const ts = '1730001000.000100';
    await env.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await env.slack.waitFor(() => replyTokens(ts).length >= 1);
    expect(replyTokens(ts)).toEqual([token!.token]);
    // users.info (who wrote) went out with the same workspace's token.
    expect(env.slack.callsTo('users.info').every((c) => c.token === token!.token)).toBe(true);
  });

  it('a tampered or replayed callback installs nothing and says so in one sentence', async () => {
    env = await startSlackEnv({ distribution: true });
    env.slack.grantInstall('code-x', { team: { id: SLACK.homeTeam, name: 'Northwind' } });
    const res = await fetch(new URL('/slack/oauth_redirect?code=code-x&state=forged', env.app.baseUrl));
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^Switchboard was not installed/);
    expect(env.slack.callsTo('oauth.v2.access')).toHaveLength(0);
    expect(await env.app.db.collection('slack_installations').countDocuments()).toBe(0);
  });

  it('app_uninstalled disables the install: its tokens are dropped and nothing more is sent', async () => {
    env = await startSlackEnv({ distribution: true });
    env.slack.grantInstall('code-1', { team: { id: SLACK.homeTeam, name: 'Northwind' } });
    expect((await addToSlack('code-1')).status).toBe(200);
    const [token] = env.slack.issuedTokens();
    env.slack.revoke(token!.token);
    const res = await env.deliver({
      kind: 'event',
      payload: lifecycleEvent({ type: 'app_uninstalled' }),
    });
    expect(res.status).toBe(200);
    await env.adapter.idle();
    const stored = await env.app.db
      .collection('slack_installations')
      .findOne({ _id: `:${SLACK.homeTeam}` as never });
    expect(stored?.disabled).toMatchObject({ reason: 'app_uninstalled' });
    expect(stored?.installation).toBeUndefined();

    const before = env.slack.calls.length;
    await env.deliver({
      kind: 'event',
      payload: slackMessageEvent({ text: 'Anyone there?', ts: '1730001100.000100' }),
    });
    await env.adapter.idle();
    expect(env.slack.calls.slice(before).filter((c) => c.token === token!.token)).toHaveLength(0);
  });

  it('tokens_revoked (bot token) disables the install the same way', async () => {
    env = await startSlackEnv({ distribution: true });
    env.slack.grantInstall('code-2', { team: { id: SLACK.homeTeam, name: 'Northwind' } });
    expect((await addToSlack('code-2')).status).toBe(200);
    await env.deliver({
      kind: 'event',
      payload: lifecycleEvent({ type: 'tokens_revoked', tokens: { oauth: [], bot: [SLACK.bot] } }),
    });
    await env.adapter.idle();
    const stored = await env.app.db
      .collection('slack_installations')
      .findOne({ _id: `:${SLACK.homeTeam}` as never });
    expect(stored?.disabled).toMatchObject({ reason: 'tokens_revoked' });
  });

  it('rotating tokens: an expiring bot token is refreshed (grant_type=refresh_token) and the new one used', async () => {
    env = await startSlackEnv({ distribution: true });
    // Expires in one hour: inside the two-hour window in which @slack/oauth refreshes.
    env.slack.grantInstall('code-r', { team: { id: SLACK.homeTeam, name: 'Northwind' }, expiresIn: 3600 });
    expect((await addToSlack('code-r')).status).toBe(200);
    const [first] = env.slack.issuedTokens();
    const ts = '1730001200.000100';
    await env.deliver({ kind: 'event', payload: slackMessageEvent({ text: 'Where is my order 1042?', ts }) });
    await env.slack.waitFor(() => replyTokens(ts).length >= 1);
    const refreshes = env.slack
      .callsTo('oauth.v2.access')
      .filter((c) => c.args.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    const fresh = env.slack.issuedTokens().at(-1)!;
    expect(fresh.token).not.toBe(first!.token);
    expect(replyTokens(ts)).toEqual([fresh.token]);
    const stored = await env.app.db
      .collection('slack_installations')
      .findOne({ _id: `:${SLACK.homeTeam}` as never });
    expect((stored?.installation as { bot?: { token?: string } }).bot?.token).toBe(fresh.token);
  });

  it('an org-wide Enterprise Grid install serves its workspaces; Grid colleagues are staff', async () => {
    env = await startSlackEnv({
      distribution: true,
      users: [{ id: 'U0GRIDSTAF', teamId: 'T0GRIDWS2', enterpriseId: 'E0NORTHWIND', name: 'Grid Colleague' }],
    });
    env.slack.grantInstall('code-grid', {
      enterprise: { id: 'E0NORTHWIND', name: 'Northwind Group' },
      isEnterpriseInstall: true,
    });
    expect((await addToSlack('code-grid')).status).toBe(200);
    const [token] = env.slack.issuedTokens();
    const stored = await env.app.db
      .collection('slack_installations')
      .findOne({ _id: 'E0NORTHWIND:' as never });
    expect(stored).toMatchObject({ isEnterpriseInstall: true, enterpriseId: 'E0NORTHWIND' });

    const ts = '1730001300.000100';
    const ask = gridEvent(slackMessageEvent({ text: 'How do returns work?', ts, homeTeam: 'T0GRIDWS1' }));
    await env.deliver({ kind: 'event', payload: ask });
    await env.slack.waitFor(() => replyTokens(ts).length >= 1);
    expect(replyTokens(ts)).toEqual([token!.token]);

    // A colleague from another workspace of the same Grid writes in the thread: staff, the bot goes quiet.
    await env.deliver({
      kind: 'event',
      payload: gridEvent(
        slackMessageEvent({
          text: 'I’ll take it from here.',
          user: 'U0GRIDSTAF',
          userTeam: 'T0GRIDWS2',
          ts: '1730001301.000100',
          threadTs: ts,
          homeTeam: 'T0GRIDWS1',
        }),
      ),
    });
    await env.adapter.idle();
    const ticket = await env.app.stores.tickets.findByThread(
      env.app.tenantId,
      'slack',
      SLACK.sharedChannel,
      ts,
    );
    expect(ticket?.status).toBe('human');
  });
});

/** An install lifecycle event (no authorize: the token is already gone) for the home workspace. */
function lifecycleEvent(event: Record<string, unknown>): Record<string, unknown> {
  return {
    token: 'verification-token-unused',
    team_id: SLACK.homeTeam,
    api_app_id: SLACK.appId,
    event: { ...event, event_ts: '1730001150.000100' },
    type: 'event_callback',
    event_id: `Ev0LIFE${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    event_time: 1730001150,
    authorizations: [
      {
        enterprise_id: null,
        team_id: SLACK.homeTeam,
        user_id: SLACK.bot,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
  };
}

/** The same event as an org-wide Grid install receives it: the authorization names the enterprise. */
function gridEvent(payload: Record<string, unknown>): Record<string, unknown> {
  return {
    ...payload,
    enterprise_id: 'E0NORTHWIND',
    authorizations: [
      {
        enterprise_id: 'E0NORTHWIND',
        team_id: null,
        user_id: SLACK.bot,
        is_bot: true,
        is_enterprise_install: true,
      },
    ],
  };
}
