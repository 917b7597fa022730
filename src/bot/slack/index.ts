import express from 'express';
import { App, ExpressReceiver, SocketModeReceiver, webApi, type Receiver } from '@slack/bolt';
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
import { createSlackPort, slackErrorCode } from './port.js';
import { RecentEvents, createIdentityLoader, type SlackRuntime } from './runtime.js';
import { toSlackLogger } from './slack-logger.js';
import { slackSignatureMiddleware } from './verify.js';

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
}

export interface SlackAdapter extends ChannelAdapter {
  readonly platform: 'slack';
  /** The Web API client, for diagnostics (`/healthz` may call auth.test). */
  readonly client: webApi.WebClient;
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
  const client = new webApi.WebClient(config.botToken, clientOptions);
  const identity = createIdentityLoader(client);
  const port = createSlackPort({ client, logger });
  let bolt: App | undefined;
  let socketMode = false;
  let receiver: Receiver | undefined;
  let engineRef: Engine | undefined;
  const inflight = createInFlight();

  /**
   * Every delivery goes through App.processEvent (both receivers call it, and Bolt acks before
   * the listeners finish): tracked there, the work is counted from before Slack gets its 200.
   */
  function trackDeliveries(app: App): void {
    const process = app.processEvent.bind(app);
    app.processEvent = (event) => inflight.track(process(event));
  }

  async function authorize() {
    const id = await identity();
    return { botToken: config.botToken, botUserId: id.botUserId, botId: id.botId, teamId: id.teamId };
  }

  return {
    platform: 'slack',
    port,
    client,
    get receiver() {
      return receiver;
    },
    mount(app: express.Express, engine: Engine) {
      engineRef = engine;
      const rt: SlackRuntime = {
        engine,
        client,
        directory: createSlackDirectory({ client, clock, logger }),
        logger,
        clock,
        identity,
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
        });
        bolt = new App({ receiver, authorize, clientOptions, logger: slackLogger });
      }
      trackDeliveries(bolt);
      bolt.error(async (err) => {
        logger.error({ err }, 'slack listener failed');
      });
      registerEventListeners(bolt, rt);
      registerInteractionListeners(bolt, rt);
      registerCsatListener(bolt, rt);
      registerCommands(bolt, rt);
    },
    async start() {
      const id = await identity().catch((err: unknown) => {
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

/** A start-up failure as one line naming the platform, the cause and the variable to check. */
function startError(what: string, err: unknown, variable: string): ConfigError {
  const code = slackErrorCode(err) ?? (err instanceof Error ? err.message : String(err));
  return new ConfigError(`Slack: ${what} failed (${code}) — check ${variable}`, { cause: err });
}
