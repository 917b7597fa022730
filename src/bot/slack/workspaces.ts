import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import { webApi } from '@slack/bolt';
import { InstallProvider, type Logger as SlackLogger } from '@slack/oauth';
import type { Clock } from '../../domain/index.js';
import { UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import {
  SlackInstallationMissing,
  boltInstallationStore,
  findInstall,
  slackInstallationKey,
  type SlackInstallationRecord,
  type SlackInstallationStore,
} from './installations.js';
import { createIdentityLoader, type SlackIdentity } from './runtime.js';

/** The bot scopes an "Add to Slack" install asks for: exactly manifest/slack.yaml's (a test checks). */
export const SLACK_BOT_SCOPES = [
  'channels:history',
  'groups:history',
  'channels:read',
  'groups:read',
  'chat:write',
  'users:read',
  'users:read.email',
  'team:read',
  'commands',
] as const;

export const SLACK_INSTALL_PATH = '/slack/install';
export const SLACK_OAUTH_REDIRECT_PATH = '/slack/oauth_redirect';

/** Which workspace an event or a call is about, as Bolt's authorize source names it. */
export interface WorkspaceQuery {
  teamId?: string;
  enterpriseId?: string;
  isEnterpriseInstall?: boolean;
}

/** What Bolt's authorize returns: the token and bot of the installing workspace. */
export interface WorkspaceAuth {
  botToken: string;
  botUserId: string;
  botId?: string;
  teamId?: string;
  enterpriseId?: string;
}

/**
 * Tokens per workspace. Single-workspace mode (SLACK_BOT_TOKEN) has one; distribution mode keeps
 * an install per workspace or Grid org in MongoDB, refreshes rotating tokens (oauth.v2.access,
 * grant_type=refresh_token) through @slack/oauth's InstallProvider, and refuses disabled installs.
 */
export interface SlackWorkspaces {
  readonly mode: 'single' | 'distribution';
  /** Bolt's authorize: the installing workspace's token for an incoming event. */
  authorize(source: WorkspaceQuery): Promise<WorkspaceAuth>;
  /** A client with the right token for an outbound call about `channelId` of organization `orgId`. */
  clientFor(orgId: string, channelId?: string): Promise<webApi.WebClient>;
  /** Records which install a channel was seen through (distribution; once per channel per process). */
  seen(channelId: string, source: WorkspaceQuery): Promise<void>;
  /** `app_uninstalled` / `tokens_revoked`: the install stops being used. True when it was active. */
  disable(source: WorkspaceQuery, reason: 'app_uninstalled' | 'tokens_revoked'): Promise<boolean>;
  /** GET /slack/install and /slack/oauth_redirect (distribution only). */
  mountOAuth(app: express.Express): void;
  /** The single-workspace bot (auth.test); undefined in distribution mode. */
  single?: () => Promise<SlackIdentity>;
}

export interface SlackWorkspacesOptions {
  botToken?: string;
  oauth?: { clientId: string; clientSecret: string; stateSecret: string; redirectUrl?: string };
  store?: SlackInstallationStore;
  clientOptions: webApi.WebClientOptions;
  slackLogger: SlackLogger;
  logger: Logger;
  clock: Clock;
  /** The organization a new install belongs to (engine.resolveOrg). */
  orgOf(q: { teamId?: string; enterpriseId?: string }): Promise<string>;
  /** Told once per new (or re-enabled) install, e.g. to create its organization. */
  onInstalled?(record: SlackInstallationRecord): Promise<void>;
}

function revokedError(): UpstreamError {
  return new UpstreamError('Slack: the bot token was revoked or the app uninstalled', {
    publicMessage: 'Switchboard is no longer installed in this Slack workspace.',
  });
}

export function createSlackWorkspaces(options: SlackWorkspacesOptions): SlackWorkspaces {
  if (options.oauth) return distribution(options, options.oauth);
  if (!options.botToken) throw new Error('Slack needs SLACK_BOT_TOKEN or SLACK_CLIENT_ID');
  const client = new webApi.WebClient(options.botToken, options.clientOptions);
  const identity = createIdentityLoader(client);
  let revoked = false;
  return {
    mode: 'single',
    single: identity,
    async authorize() {
      if (revoked) throw revokedError();
      const id = await identity();
      return {
        botToken: options.botToken!,
        botUserId: id.botUserId,
        botId: id.botId,
        teamId: id.teamId,
        enterpriseId: id.enterpriseId,
      };
    },
    async clientFor() {
      if (revoked) throw revokedError();
      return client;
    },
    async seen() {},
    async disable(source, reason) {
      const id = await identity().catch(() => undefined);
      if (id && source.teamId && source.teamId !== id.teamId && source.enterpriseId !== id.enterpriseId)
        return false;
      if (revoked) return false;
      revoked = true;
      options.logger.error(
        { reason },
        'slack: the bot token no longer works (app uninstalled or token revoked); nothing more is sent to Slack until SLACK_BOT_TOKEN is replaced and Switchboard restarted',
      );
      return true;
    },
    mountOAuth() {},
  };
}

function distribution(
  options: SlackWorkspacesOptions,
  oauth: NonNullable<SlackWorkspacesOptions['oauth']>,
): SlackWorkspaces {
  const store = options.store;
  if (!store) throw new Error('Slack distribution needs an installation store');
  const now = () => options.clock.now();
  const installer = new InstallProvider({
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    installationStore: boltInstallationStore({
      store,
      orgOf: options.orgOf,
      now,
      onInstalled: options.onInstalled,
    }),
    authVersion: 'v2',
    clientOptions: options.clientOptions,
    logger: options.slackLogger,
  });
  // One authorize (and so at most one token refresh) per install at a time.
  const pending = new Map<string, Promise<WorkspaceAuth>>();
  const clients = new Map<string, webApi.WebClient>();
  const routes = new Map<string, string>();
  const MAX = 2000;

  function remember<V>(map: Map<string, V>, key: string, value: V): V {
    map.delete(key);
    while (map.size >= MAX) map.delete(map.keys().next().value as string);
    map.set(key, value);
    return value;
  }

  async function authorizeRecord(record: SlackInstallationRecord): Promise<WorkspaceAuth> {
    const running = pending.get(record.key);
    if (running) return running;
    const run = (async () => {
      const res = await installer.authorize({
        teamId: record.teamId,
        enterpriseId: record.enterpriseId,
        isEnterpriseInstall: record.isEnterpriseInstall,
      } as Parameters<InstallProvider['authorize']>[0]);
      if (!res.botToken || !res.botUserId)
        throw new UpstreamError(`Slack install ${record.key} has no bot token`);
      return {
        botToken: res.botToken,
        botUserId: res.botUserId,
        botId: res.botId,
        teamId: res.teamId,
        enterpriseId: res.enterpriseId,
      };
    })().finally(() => pending.delete(record.key));
    pending.set(record.key, run);
    return run;
  }

  function clientForToken(token: string): webApi.WebClient {
    return clients.get(token) ?? remember(clients, token, new webApi.WebClient(token, options.clientOptions));
  }

  async function installFor(orgId: string, channelId?: string): Promise<SlackInstallationRecord> {
    const key = channelId ? (routes.get(channelId) ?? (await store!.channelInstall(channelId))) : null;
    if (key) {
      const record = await store!.get(key);
      if (!record || record.disabled) throw revokedError();
      return record;
    }
    const [first] = await store!.activeForOrg(orgId);
    if (!first) throw revokedError();
    return first;
  }

  return {
    mode: 'distribution',
    async authorize(source) {
      const record = await findInstall(store, source);
      const auth = await authorizeRecord(record);
      // An org-wide install serves every workspace of the org: the event's own workspace is home.
      return { ...auth, teamId: source.teamId ?? auth.teamId, enterpriseId: auth.enterpriseId };
    },
    async clientFor(orgId, channelId) {
      const record = await installFor(orgId, channelId);
      return clientForToken((await authorizeRecord(record)).botToken);
    },
    async seen(channelId, source) {
      const record = await findInstall(store, source).catch((err: unknown) => {
        if (err instanceof SlackInstallationMissing) return undefined;
        throw err;
      });
      if (!record || routes.get(channelId) === record.key) return;
      await store.rememberChannel(channelId, record.key);
      remember(routes, channelId, record.key);
    },
    async disable(source, reason) {
      const record = await findInstall(store, source).catch(() => undefined);
      const key = record?.key ?? slackInstallationKey(source);
      const done = await store.disable(key, reason, now());
      if (done) options.logger.warn({ installKey: key, reason }, 'slack: installation disabled');
      return done;
    },
    mountOAuth(app) {
      const installOptions = { scopes: [...SLACK_BOT_SCOPES], redirectUri: oauth.redirectUrl };
      app.get(SLACK_INSTALL_PATH, (req, res) => {
        installer
          .handleInstallPath(req as IncomingMessage, res as ServerResponse, {}, installOptions)
          .catch((err: unknown) => {
            options.logger.error({ err }, 'slack: install page failed');
            if (!res.headersSent) res.status(500).json({ error: 'The install page could not be shown.' });
          });
      });
      app.get(SLACK_OAUTH_REDIRECT_PATH, (req, res) => {
        installer
          .handleCallback(req as IncomingMessage, res as ServerResponse, {
            failure: (error, _opts, _req, response) => {
              options.logger.warn(
                { code: (error as { code?: string }).code, reason: error.message },
                'slack: install not completed',
              );
              response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
              response.end(
                'Switchboard was not installed: the request expired or was not complete. Please start again from the install page.',
              );
            },
          })
          .catch((err: unknown) => {
            options.logger.error({ err }, 'slack: OAuth callback failed');
            if (!res.headersSent) res.status(500).json({ error: 'The installation could not be completed.' });
          });
      });
    },
  };
}
