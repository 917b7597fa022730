import type { Db } from 'mongodb';
import type { Clock, IdGenerator } from '../../domain/index.js';
import type { AdapterContext, ChannelAdapter, Engine } from '../../conversation/engine-api.js';
import type { LiveEvent } from '../../conversation/ports.js';
import type { ChannelStore, CustomerStore } from '../../conversation/stores.js';
import { ConfigError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { createChannelRepository } from '../../memory/channel-repository.js';
import { createCustomerRepository } from '../../memory/customer-repository.js';
import { createSandboxPostStore } from '../../memory/sandbox-posts.js';
import { createSandboxApi } from './api.js';
import { requireSandboxToken } from './auth.js';
import { toSandboxCustomer } from './identities.js';
import { createPostWriter, createSandboxPort } from './port.js';
import { SANDBOX_CUSTOMER_CHANNEL, SANDBOX_STAFF_CHANNEL, type SandboxPostStore } from './posts.js';
import { DEFAULT_ASSETS_DIR, mountAssets } from './static-assets.js';
import { createPostEvents, type LiveEventSource } from './sse.js';

export { SANDBOX_CUSTOMER_CHANNEL, SANDBOX_STAFF_CHANNEL } from './posts.js';
export type { SandboxPost, SandboxPostStore } from './posts.js';

export interface SandboxAdapterOptions {
  /** Where posts (and, without `customers`, the demo customers) are read from. */
  db?: Db;
  /** The channels' posts; built from `db` when omitted. */
  posts?: SandboxPostStore;
  /** The demo customers the page offers; built from `db` when omitted. */
  customers?: Pick<CustomerStore, 'list'>;
  /** The customer channel's stored mode, shown on the page; built from `db` when omitted. */
  channels?: Pick<ChannelStore, 'get'>;
  logger: Logger;
  clock: Clock;
  ids: IdGenerator;
  /** When set, every /sandbox route needs `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * The organization the sandbox writes as; by default the engine resolves it (the deployment's
   * organization unless an installation record maps the sandbox elsewhere).
   */
  tenantId?: string;
  /** The app's live events (stages, tickets, approvals); the composition root's mount context wins. */
  events?: LiveEventSource<LiveEvent>;
  /** The built page; web/dist by default. */
  assetsDir?: string;
}

export interface SandboxAdapter extends ChannelAdapter {
  readonly platform: 'sandbox';
  readonly posts: SandboxPostStore;
}

/** The sandbox's "workspace" in installation records: there is one sandbox per deployment. */
export const SANDBOX_WORKSPACE_ID = 'sandbox';

/**
 * The sandbox: a third channel adapter. Its port stores what Slack or Teams would show; its
 * routes serve the page and the JSON API the page uses. Everything goes through the engine.
 */
export function createSandboxAdapter(options: SandboxAdapterOptions): SandboxAdapter {
  const { logger, clock, ids } = options;
  if (!options.db && !(options.posts && options.customers && options.channels)) {
    throw new ConfigError('createSandboxAdapter needs db, or posts, customers and channels');
  }
  const postStore = options.posts ?? createSandboxPostStore(options.db!, logger);
  const customerStore = options.customers ?? createCustomerRepository({ db: options.db!, logger, clock });
  const channelStore = options.channels ?? createChannelRepository({ db: options.db!, logger, clock });
  const postEvents = createPostEvents();
  const port = createSandboxPort({ posts: postStore, clock, ids, onPost: (e) => postEvents.publish(e) });
  const writer = createPostWriter({ posts: postStore, clock, ids, onPost: (e) => postEvents.publish(e) });
  let live = options.events;
  let closeStreams: (() => void) | undefined;

  return {
    platform: 'sandbox',
    port,
    posts: postStore,
    async mount(app, engine: Engine, context?: AdapterContext) {
      live = context?.events ?? live;
      const tenantId = options.tenantId ?? (await engine.resolveOrg('sandbox', SANDBOX_WORKSPACE_ID));
      if ('ensureIndexes' in postStore && typeof postStore.ensureIndexes === 'function')
        await postStore.ensureIndexes();
      await engine.registerChannel({
        tenantId,
        platform: 'sandbox',
        channelId: SANDBOX_CUSTOMER_CHANNEL,
        name: 'Customer channel',
        kind: 'customer',
      });
      await engine.registerChannel({
        tenantId,
        platform: 'sandbox',
        channelId: SANDBOX_STAFF_CHANNEL,
        name: 'Staff channel',
        kind: 'staff',
      });
      app.use('/sandbox', requireSandboxToken(options.token));
      const api = createSandboxApi({
        engine,
        tenantId,
        posts: postStore,
        writer,
        customers: async () =>
          (await customerStore.list(tenantId))
            .map(toSandboxCustomer)
            .sort((a, b) => a.name.localeCompare(b.name)),
        channelMode: async () =>
          (await channelStore.get(tenantId, 'sandbox', SANDBOX_CUSTOMER_CHANNEL))?.mode,
        live: () => live,
        postEvents,
        logger: logger.child({ adapter: 'sandbox' }),
        clock,
        ids,
      });
      closeStreams = api.closeStreams;
      app.use('/sandbox/api', api.router);
      mountAssets(app, options.assetsDir ?? DEFAULT_ASSETS_DIR);
      logger.info(
        { tenantId, auth: options.token ? 'bearer token' : 'none (loopback only)' },
        'sandbox mounted at / and /sandbox/api',
      );
    },
    async stop() {
      closeStreams?.();
    },
  };
}
