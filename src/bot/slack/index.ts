import express from 'express';
import { z } from 'zod';
import {
  App,
  ExpressReceiver,
  HTTPModuleFunctions,
  SocketModeReceiver,
  webApi,
  type Receiver,
} from '@slack/bolt';
import type { Config } from '../../config.js';
import type { ChannelAdapter, Engine } from '../../conversation/engine-api.js';
import type { Clock } from '../../domain/index.js';
import { ConfigError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { acceptGateHandler } from './accept-gate.js';
import { registerCommands } from './commands.js';
import { createSlackDirectory } from './directory.js';
import { registerEventListeners } from './events.js';
import { createInFlight } from './in-flight.js';
import { registerInteractionListeners } from './interactions.js';
import { registerCsatListener } from './csat-blocks.js';
import { registerConfirmListener } from './confirm-blocks.js';
import { createSlackPort, slackErrorCode } from './port.js';
import { SlackInstallationMissing, type SlackInstallationStore } from './installations.js';
import { RecentEvents, type SlackRuntime } from './runtime.js';
import { toSlackLogger } from './slack-logger.js';
import { slackShapeMiddleware } from './envelope.js';
import { slackSignatureMiddleware } from './verify.js';
import { createSlackWorkspaces, type SlackWorkspaces } from './workspaces.js';

export const SLACK_EVENTS_PATH = '/slack/events';

export interface SlackAdapterOptions {
  config: NonNullable<Config['slack']>;
  logger: Logger;
  clock: Clock;
  /**
   * The WebClient's retry policy. Default: a few retries over about a minute, honouring 429
   * Retry-After; the engine's outbox and the approval sweep cover anything longer. Tests pass a short one.
   */
  retryConfig?: webApi.RetryOptions;
  /** Per-request timeout for Web API calls. */
  timeoutMs?: number;
  /**
   * How long stop() waits for listeners already running (a model call with retries can take
   * tens of seconds). Default 25 s; whatever is still running then is logged and abandoned.
   */
  drainTimeoutMs?: number;
  /** Where "Add to Slack" installs are kept (MongoDB); required in distribution mode (SLACK_CLIENT_ID). */
  installations?: SlackInstallationStore;
}

export interface SlackAdapter extends ChannelAdapter {
  readonly platform: 'slack';
  /** Tokens per workspace: the one bot token, or an install per workspace (distribution). */
  readonly workspaces: SlackWorkspaces;
  /**
   * How Bolt receives, once mounted: an ExpressReceiver on POST /slack/events, or a
   * SocketModeReceiver (SLACK_APP_TOKEN set) that mounts no route and connects on start().
   */
  readonly receiver: Receiver | undefined;
  /**
   * Resolves when every event, click and command taken in so far has been handled (Slack was
   * answered before the work ran). Shutdown waits on it; tests use it so "no reply" means none.
   */
  idle(): Promise<void>;
}

const DEFAULT_RETRY: webApi.RetryOptions = {
  retries: 4,
  factor: 2,
  minTimeout: 1000,
  maxTimeout: 20_000,
  randomize: true,
};

/**
 * Slack as a channel: Bolt receives (HTTP on POST /slack/events, or Socket Mode when an app token
 * is set), listeners translate into the Engine's calls, the port turns the engine's effects into
 * Web API calls. The home workspace (auth.test) belongs to the deployment's organization (or the
 * one its installation record names).
 */
export function createSlackAdapter(options: SlackAdapterOptions): SlackAdapter {
  const { config, logger, clock } = options;
  const slackLogger = toSlackLogger(logger);
  const clientOptions: webApi.WebClientOptions = {
    slackApiUrl: config.apiUrl,
    retryConfig: options.retryConfig ?? DEFAULT_RETRY,
    timeout: options.timeoutMs ?? 10_000,
    logger: slackLogger,
  };
  let engineRef: Engine | undefined;
  const workspaces = createSlackWorkspaces({
    botToken: config.botToken,
    oauth: config.oauth,
    store: options.installations,
    clientOptions,
    slackLogger,
    logger,
    clock,
    async orgOf(q) {
      if (!engineRef) throw new Error('slack: installed before the engine was mounted');
      return engineRef.resolveOrg('slack', [q.teamId, q.enterpriseId]);
    },
    async onInstalled(record) {
      logger.info(
        { installKey: record.key, orgId: record.orgId, enterprise: record.isEnterpriseInstall },
        'slack: installed',
      );
      const name = installName(record.installation);
      await engineRef?.ensureTenant({
        tenantId: record.orgId,
        name: name ?? record.orgId,
        platform: 'slack',
      });
    },
  });
  const port = createSlackPort({
    clientFor: (tenantId, channelId) => workspaces.clientFor(tenantId, channelId),
    logger,
  });
  let bolt: App | undefined;
  let socketMode = false;
  let receiver: Receiver | undefined;
  const inflight = createInFlight();

  /**
   * Every delivery goes through App.processEvent (both receivers call it, and Bolt acks before
   * the listeners finish): tracked there, the work is counted from before Slack gets its 200.
   */
  function trackDeliveries(app: App): void {
    const process = app.processEvent.bind(app);
    app.processEvent = (event) => inflight.track(process(event));
  }

  /** Bolt's authorize for both modes: the installing workspace's token, never the payload's word. */
  const authorize = (source: { teamId?: string; enterpriseId?: string; isEnterpriseInstall?: boolean }) =>
    workspaces.authorize(source);

  return {
    platform: 'slack',
    port,
    workspaces,
    get receiver() {
      return receiver;
    },
    mount(app: express.Express, engine: Engine) {
      engineRef = engine;
      const rt: SlackRuntime = {
        engine,
        workspaces,
        directory: createSlackDirectory({ clock, logger }),
        logger,
        clock,
        recent: new RecentEvents(),
        staffChannelId: config.staffChannelId,
      };
      if (config.appToken) {
        socketMode = true;
        receiver = new SocketModeReceiver({
          appToken: config.appToken,
          logger: slackLogger,
          // apps.connections.open goes to the same Web API as everything else (SLACK_API_URL).
          installerOptions: { clientOptions: { slackApiUrl: config.apiUrl } },
        });
        bolt = new App({ receiver, authorize, clientOptions, logger: slackLogger });
      } else {
        if (!config.signingSecret)
          throw new ConfigError('SLACK_SIGNING_SECRET is required for Slack over HTTP');
        // Our middleware checks the signature against the injected clock and leaves req.rawBody;
        // the receiver then parses that, answers url_verification and ssl_check, and dispatches.
        const router = express.Router();
        router.post(
          SLACK_EVENTS_PATH,
          slackSignatureMiddleware({ signingSecret: config.signingSecret, clock, logger }),
          slackShapeMiddleware(logger),
          // Events API deliveries are answered once stored, not before (accept means stored).
          acceptGateHandler(() => bolt, logger),
        );
        receiver = new ExpressReceiver({
          // Verified above (with the injected clock); the receiver must not read the stream again.
          signingSecret: config.signingSecret,
          signatureVerification: false,
          endpoints: SLACK_EVENTS_PATH,
          router,
          app,
          logger: slackLogger,
          processBeforeResponse: false,
          processEventErrorHandler: (args) => {
            // A TypeError before the ack is Bolt reading a field of a shape envelope.ts let
            // through (`event.user: null`): redelivering the same body cannot help, so it is
            // acknowledged and dropped instead of answered 500. Anything else keeps Bolt's
            // answer (401 for authorize, 500 so Slack redelivers).
            if (args.error instanceof TypeError && !args.response.headersSent) {
              logger.warn({ err: args.error }, 'slack: signed request of an unexpected shape ignored');
              args.response.writeHead(200);
              args.response.end();
              return Promise.resolve(true);
            }
            return HTTPModuleFunctions.defaultProcessEventErrorHandler(args);
          },
        });
        bolt = new App({ receiver, authorize, clientOptions, logger: slackLogger });
        // "Add to Slack": GET /slack/install and /slack/oauth_redirect through @slack/oauth.
        workspaces.mountOAuth(app);
      }
      trackDeliveries(bolt);
      bolt.error(async (err) => {
        const missing = installMissing(err);
        // A workspace that uninstalled (or never installed) still sends what was in flight.
        if (missing)
          logger.warn(
            { installKey: missing.key, reason: missing.reason },
            'slack: event ignored, no active install',
          );
        else logger.error({ err }, 'slack listener failed');
      });
      registerEventListeners(bolt, rt);
      registerInteractionListeners(bolt, rt);
      registerCsatListener(bolt, rt);
      registerConfirmListener(bolt, rt);
      registerCommands(bolt, rt);
    },
    async start() {
      if (!workspaces.single) {
        // Distribution: no token of our own; the deployment's organization still gets the staff
        // settings from the environment, installs bring their own organizations.
        if (
          engineRef &&
          (config.staffChannelId || config.approverIds.length || config.supervisorIds.length)
        ) {
          const tenantId = await engineRef.resolveOrg('slack', []);
          await engineRef.ensureTenant({
            tenantId,
            name: tenantId,
            platform: 'slack',
            staffChannelId: config.staffChannelId,
            approverIds: config.approverIds,
            supervisorIds: config.supervisorIds,
          });
        }
        logger.info({ mode: 'distribution' }, 'slack ready (installs through /slack/install)');
        return;
      }
      const id = await workspaces.single().catch((err: unknown) => {
        throw startError('auth.test', err, 'SLACK_BOT_TOKEN (and SLACK_API_URL if set)');
      });
      if (engineRef) {
        // The workspace the bot is installed in belongs to the deployment's organization unless an
        // installation record maps it elsewhere; its staff settings from the environment go there.
        await engineRef.ensureTenant({
          tenantId: await engineRef.resolveOrg('slack', id.teamId),
          name: id.teamName ?? id.teamId,
          platform: 'slack',
          staffChannelId: config.staffChannelId,
          approverIds: config.approverIds,
          supervisorIds: config.supervisorIds,
        });
      }
      // Over HTTP the shared server is already listening; Socket Mode opens its WebSocket here.
      if (socketMode && bolt) {
        await bolt.start().catch((err: unknown) => {
          throw startError('Socket Mode connection', err, 'SLACK_APP_TOKEN');
        });
      }
      logger.info({ teamId: id.teamId, socketMode }, 'slack ready');
    },
    async stop() {
      // Socket Mode stops taking events first; over HTTP the caller has closed the server already.
      if (socketMode && bolt) await bolt.stop();
      const budget = options.drainTimeoutMs ?? 25_000;
      if (!(await inflight.drain(budget)))
        logger.warn({ running: inflight.size, budgetMs: budget }, 'slack: work still running at shutdown');
    },
    idle: () => inflight.idle(),
  };
}

/** The SlackInstallationMissing inside Bolt's (and @slack/oauth's) AuthorizationError wrappers. */
function installMissing(err: unknown): SlackInstallationMissing | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if (e instanceof SlackInstallationMissing) return e;
    e = (e as { original?: unknown; cause?: unknown }).original ?? (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const InstallNameSchema = z.object({
  team: z.object({ name: z.string().min(1) }).nullish(),
  enterprise: z.object({ name: z.string().min(1) }).nullish(),
});

/** The workspace's (or Grid org's) name, for a new organization's display name. */
function installName(installation: unknown): string | undefined {
  const parsed = InstallNameSchema.safeParse(installation);
  return parsed.success ? (parsed.data.team?.name ?? parsed.data.enterprise?.name) : undefined;
}

/** A start-up failure as one line naming the platform, the cause and the variable to check. */
function startError(what: string, err: unknown, variable: string): ConfigError {
  const code = slackErrorCode(err) ?? (err instanceof Error ? err.message : String(err));
  return new ConfigError(`Slack: ${what} failed (${code}) — check ${variable}`, { cause: err });
}
