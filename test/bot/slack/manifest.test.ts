import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMAND } from '../../../src/bot/slack/commands.js';
import { SLACK_EVENTS_PATH } from '../../../src/bot/slack/index.js';
import { SLACK_BOT_SCOPES, SLACK_OAUTH_REDIRECT_PATH } from '../../../src/bot/slack/workspaces.js';

const root = join(import.meta.dirname, '../../..');
const srcDir = join(root, 'src/bot/slack');
const source = readdirSync(srcDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(srcDir, f), 'utf8'))
  .join('\n');

/** The bot scopes Slack documents for each Web API method. */
const METHOD_SCOPES: Record<string, string[]> = {
  'auth.test': [],
  'chat.postMessage': ['chat:write'],
  'chat.update': ['chat:write'],
  'chat.delete': ['chat:write'],
  'chat.postEphemeral': ['chat:write'],
  'chat.getPermalink': [],
  'users.info': ['users:read', 'users:read.email'],
  'team.info': ['team:read'],
  'views.publish': [],
  'views.open': [],
  'conversations.info': ['channels:read', 'groups:read'],
  // Reading a thread back (a reply's delivery id in its metadata) after a crash.
  'conversations.replies': ['channels:history', 'groups:history'],
  // Finding a staff card back (its delivery id in its metadata) after a crash.
  'conversations.history': ['channels:history', 'groups:history'],
};

/** Events the code listens to → the subscriptions (and their scopes) Slack needs for them. */
const EVENT_SUBSCRIPTIONS: Record<string, { events: string[]; scopes: string[] }> = {
  message: { events: ['message.channels', 'message.groups'], scopes: ['channels:history', 'groups:history'] },
  app_home_opened: { events: ['app_home_opened'], scopes: [] },
  member_joined_channel: { events: ['member_joined_channel'], scopes: ['channels:read', 'groups:read'] },
  // Install lifecycle: Slack sends both to every app, they need no scope.
  app_uninstalled: { events: ['app_uninstalled'], scopes: [] },
  tokens_revoked: { events: ['tokens_revoked'], scopes: [] },
};

const manifest = parse(readFileSync(join(root, 'manifest/slack.yaml'), 'utf8')) as {
  oauth_config: { scopes: { bot: string[] }; redirect_urls?: string[] };
  settings: {
    event_subscriptions: { request_url: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url: string };
    socket_mode_enabled: boolean;
  };
  features: {
    slash_commands: Array<{ command: string; url: string }>;
    app_home: { home_tab_enabled: boolean };
  };
};

describe('manifest/slack.yaml', () => {
  const calledMethods = [
    ...new Set([...source.matchAll(/client\.(\w+)\.(\w+)\(/g)].map((m) => `${m[1]}.${m[2]}`)),
  ];
  const listenedEvents = [
    ...new Set([...source.matchAll(/app\.event\('(\w+)'/g)].map((m) => m[1] as string)),
  ];

  it('finds the Web API calls and events in the adapter (the check below is not vacuous)', () => {
    expect(calledMethods).toEqual(
      expect.arrayContaining(['chat.postMessage', 'chat.update', 'users.info', 'team.info', 'views.publish']),
    );
    expect(listenedEvents).toEqual(expect.arrayContaining(['message', 'app_home_opened']));
  });

  it('asks for exactly the bot scopes the code uses', () => {
    const needed = new Set<string>(['commands']);
    for (const m of calledMethods) {
      expect(METHOD_SCOPES, `scope table lacks ${m}`).toHaveProperty([m]);
      for (const s of METHOD_SCOPES[m] ?? []) needed.add(s);
    }
    for (const e of listenedEvents) for (const s of EVENT_SUBSCRIPTIONS[e]?.scopes ?? []) needed.add(s);
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...needed].sort());
  });

  it('"Add to Slack" asks for the manifest\'s scopes and returns to /slack/oauth_redirect', () => {
    expect([...SLACK_BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
    expect(manifest.oauth_config.redirect_urls?.map((u) => new URL(u).pathname)).toEqual([
      SLACK_OAUTH_REDIRECT_PATH,
    ]);
  });

  it('subscribes to every event the code listens to, and no other', () => {
    const needed = listenedEvents.flatMap((e) => EVENT_SUBSCRIPTIONS[e]?.events ?? [`unmapped:${e}`]);
    expect([...manifest.settings.event_subscriptions.bot_events].sort()).toEqual([...needed].sort());
  });

  it('points events, interactivity and the slash command at /slack/events, HTTP mode by default', () => {
    expect(new URL(manifest.settings.event_subscriptions.request_url).pathname).toBe(SLACK_EVENTS_PATH);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(new URL(manifest.settings.interactivity.request_url).pathname).toBe(SLACK_EVENTS_PATH);
    expect(manifest.features.slash_commands).toHaveLength(1);
    expect(manifest.features.slash_commands[0]).toMatchObject({ command: SLASH_COMMAND });
    expect(new URL(manifest.features.slash_commands[0]?.url ?? '').pathname).toBe(SLACK_EVENTS_PATH);
    expect(manifest.features.app_home.home_tab_enabled).toBe(true);
    expect(manifest.settings.socket_mode_enabled).toBe(false);
  });
});
