import { AsyncLocalStorage } from 'node:async_hooks';
import express from 'express';
import { CloudAdapter, type Request as BotRequest, type Response as BotResponse } from 'botbuilder';
import type { ServiceClientCredentialsFactory } from 'botframework-connector';
import type { Config } from '../../config.js';
import type { ChannelAdapter, Engine } from '../../conversation/engine-api.js';
import type { Clock } from '../../domain/index.js';
import { UnavailableError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { createTeamsAuthentication } from './auth.js';
import { ConversationReferences } from './conversation-references.js';
import { MemberDirectory } from './member-directory.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry.js';
import { TeamsBot } from './teams-bot.js';
import { createTeamsPort } from './teams-port.js';

export interface TeamsAdapterOptions {
  config: NonNullable<Config['teams']>;
  logger: Logger;
  clock: Clock;
  /** Replaces password credentials for outbound calls (certificates, federated identity, tests). */
  credentialsFactory?: ServiceClientCredentialsFactory;
  /** Overrides of the throttling policy (tests pass a recording `sleep`). */
  retry?: Partial<RetryOptions>;
}

export type TeamsChannelAdapter = ChannelAdapter & {
  /** Resolves when engine work started by earlier requests has finished (shutdown, tests). */
  idle(): Promise<void>;
};

/**
 * Microsoft Teams through botbuilder's CloudAdapter. Without MicrosoftAppId it runs in local
 * (emulator) mode and accepts unauthenticated requests; with one, every request needs a valid
 * Bot Framework token.
 */
export function createTeamsAdapter(options: TeamsAdapterOptions): TeamsChannelAdapter {
  const { config, clock } = options;
  const logger = options.logger.child({ platform: 'teams' });
  const auth = createTeamsAuthentication(config, logger, options.credentialsFactory);
  const cloudAdapter = new CloudAdapter(auth);
  // Per request: whether the turn failed because the activity could not be stored.
  const requestState = new AsyncLocalStorage<{ unavailable: boolean }>();
  cloudAdapter.onTurnError = async (_ctx, err) => {
    logger.error({ err }, 'teams: turn failed');
    const state = requestState.getStore();
    if (state && err instanceof UnavailableError) state.unavailable = true;
  };

  const references = new ConversationReferences(logger);
  let engine: Engine | undefined;
  const inflight = new Set<Promise<unknown>>();
  const seeded = new Map<string, Promise<void>>();

  const ensureHomeTenant = (tenantId: string, teamsTenantId: string, name?: string): Promise<void> => {
    if (!engine) return Promise.resolve();
    // Environment staff settings belong to the configured home tenant (or the only one, when unset).
    const seedHere = !config.appTenantId || config.appTenantId === teamsTenantId;
    let pending = seeded.get(tenantId);
    if (!pending) {
      pending = engine
        .ensureTenant({
          tenantId,
          name: name ?? 'Microsoft Teams',
          platform: 'teams',
          ...(seedHere
            ? {
                staffChannelId: config.staffConversationId,
                approverIds: config.approverIds,
                supervisorIds: config.supervisorIds,
              }
            : {}),
        })
        .then(() => undefined);
      pending.catch(() => seeded.delete(tenantId));
      seeded.set(tenantId, pending);
    }
    return pending;
  };

  const background = (what: string, work: Promise<unknown>): void => {
    const tracked = work.catch((err: unknown) =>
      logger.error({ err, what }, 'teams: background work failed'),
    );
    inflight.add(tracked);
    void tracked.finally(() => inflight.delete(tracked));
  };

  const members = new MemberDirectory(clock, logger);
  const bot = new TeamsBot({
    engine: () => engine,
    appTenantId: config.appTenantId,
    ensureHomeTenant,
    references,
    members,
    logger,
    clock,
    background,
  });

  const port = createTeamsPort({
    adapter: cloudAdapter,
    appId: config.appId ?? '',
    references,
    members,
    logger,
    retry: { ...DEFAULT_RETRY, maxRetryAfterMs: config.maxRetryAfterMs, ...options.retry },
  });

  return {
    platform: 'teams',
    port,
    mount(app, mountedEngine) {
      engine = mountedEngine;
      references.engine = mountedEngine;
      // Production refuses this configuration (config.ts); elsewhere it is the emulator mode.
      if (!config.appId)
        logger.warn(
          { risk: 'impersonation' },
          'teams: MicrosoftAppId is NOT set — /api/messages accepts UNAUTHENTICATED requests: anyone who can reach this port can pose as any Teams user (read orders, approve refunds). Local emulator use only; never expose this port.',
        );
      // Whether posts arrive without a mention is decided in Teams (RSC consent at install),
      // not here; the bot handles both, and says what to expect.
      logger.info(
        {
          rsc: ['ChannelMessage.Read.Group', 'ChatMessage.Read.Chat'],
          cloud: config.botFramework.channelService ?? 'public',
        },
        'teams: expecting every channel and group-chat post where the app was installed with resource-specific consent; where it was not, only posts that @mention the bot arrive',
      );
      app.post('/api/messages', express.json({ limit: '1mb' }), async (req, res) => {
        try {
          const state = { unavailable: false };
          // The CloudAdapter writes the status itself after the turn: an activity that could not be
          // stored turns its 200 into a 503 (with Retry-After), so the Bot Connector sends it again.
          const response: BotResponse = {
            status: (code: number) => {
              if (state.unavailable) res.setHeader('Retry-After', '5');
              return res.status(state.unavailable ? 503 : code);
            },
            send: (body?: unknown) => res.send(body),
            end: () => res.end(),
            header: (name: string, value: unknown) => res.header(name, String(value)),
            socket: res.socket,
          } as unknown as BotResponse;
          await requestState.run(state, () =>
            cloudAdapter.process(req as unknown as BotRequest, response, (ctx) => bot.run(ctx)),
          );
        } catch (err) {
          logger.error({ err }, 'teams: request failed');
          if (!res.headersSent) res.status(500).end();
        }
      });
    },
    async start() {
      if (config.appTenantId && engine)
        await ensureHomeTenant(await engine.resolveOrg('teams', config.appTenantId), config.appTenantId);
    },
    async stop() {
      await Promise.allSettled([...inflight]);
    },
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
