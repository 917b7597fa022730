import { randomBytes } from 'node:crypto';
import express from 'express';
import { minorDigits } from './domain/money.js';
import type { Db } from 'mongodb';
import type { Agent, AgentTools, KnowledgeBase } from './agent/types.js';
import { filterCustomerText } from './agent/guardrails/output-filter.js';
import type { ApprovalService, TakeoverService } from './approvals/api.js';
import { createApprovalService } from './approvals/approval-service.js';
import { createTakeoverService } from './approvals/takeover-service.js';
import { loadAgent } from './agent/load-agent.js';
import { createOrderSystem } from './commerce/registry.js';
import type { OrderSystem } from './commerce/order-system.js';
import type { Config } from './config.js';
import type { Engine, ChannelAdapter } from './conversation/engine-api.js';
import { defaultInboundConcurrency } from './conversation/admission.js';
import { createEngine, type EngineOptions } from './conversation/engine.js';
import type { DeliveryDeps } from './conversation/engine-deps.js';
import { createEventBus, type EventBus } from './conversation/event-bus.js';
import { createNotifier } from './conversation/notifier.js';
import { DEFAULT_OUTBOX_POLICY, type OutboxPolicy } from './conversation/outbox.js';
import { createOutboxSweep, type OutboxSweepResult } from './conversation/outbox-sweep.js';
import { createTurnPosts } from './conversation/turn-posts.js';
import { createApprovalPosts } from './conversation/approval-posts.js';
import { cachedChannelStore, cachedTenantStore } from './conversation/settings-cache.js';
import { cachedCustomerStore } from './memory/customer-cache.js';
import { createOrgResolver } from './conversation/org-resolver.js';
import type { ChannelPort } from './conversation/ports.js';
import type { Clock, Customer, IdGenerator, Platform, TenantSettings } from './domain/index.js';
import { TenantSettingsSchema } from './domain/index.js';
import { mountErrorHandling } from './http/errors.js';
import { mountHealth } from './http/health.js';
import { startPeriodic, startSweep } from './sweep-timer.js';
import { createGapDigest, type GapDigest } from './reports/gap-digest.js';
import { postGapDigest } from './conversation/gap-digest-post.js';
import { createSlaService, type SlaService } from './sla/sla-service.js';
import { startSlaSweep } from './sla/sla-sweep-timer.js';
import { postSlaAlert } from './conversation/sla-alerts.js';
import { escalateOnBreach } from './conversation/sla-escalation.js';
import { csatRatingOf } from './conversation/csat.js';
import { createTicketLifecycle } from './conversation/ticket-lifecycle.js';
import { listen, type Listening } from './http/listen.js';
import type { Logger } from './logger.js';
import { createMongoStores, type MongoStores } from './memory/mongo-stores.js';
import { prepareDatabase } from './memory/database.js';
import {
  createKnowledgeBase,
  createOpenAiEmbeddings,
  invalidatingArticleStore,
} from './agent/knowledge-base.js';
import { createAgentTools } from './agent/tools.js';
import type { ApprovalNotifier } from './approvals/api.js';
import { createReportRecorder, type ReportRecorder } from './reports/recorder.js';
import { createReportService, type ReportService } from './reports/report-service.js';
import { createReportSweep, type ReportSweep } from './reports/report-sweep.js';
import { createArticleDraftService, type ArticleDraftService } from './knowledge/article-drafts.js';

/**
 * How old a tenant read the approval service accepts: an approver revoked (or a refund limit
 * lowered) in another instance is applied to decisions here within this bound; in this instance at
 * once (the write drops the cached entry).
 */
export const APPROVAL_TENANT_MAX_AGE_MS = 2_000;

export interface AppOptions {
  config: Config;
  logger: Logger;
  db: Db;
  /** The agent to use; by default the LLM engine when `config.openai` is set, else the offline engine. */
  agent?: Agent;
  adapters: ChannelAdapter[];
  clock: Clock;
  ids: IdGenerator;
  /** Live-event bus; pass one when an adapter was built with it before the app. */
  events?: EventBus;
  /**
   * How often the sweep runs: approvals (expiry, unposted cards, unexecuted approvals) and the
   * outbox (failed posts retried with backoff). Default `config.recovery.sweepIntervalMs` (60 s).
   */
  sweepIntervalMs?: number;
  /** How often due SLA warnings and breaches are looked for (default 30 s). */
  slaSweepIntervalMs?: number;
  /** How often the weekly knowledge-gaps digest is looked for (default 5 minutes). */
  digestIntervalMs?: number;
  /** Bounds of inbound runs and recovery (tests shorten them). */
  engine?: EngineOptions;
  /** The outbox's retry policy (attempts, backoff); DEFAULT_OUTBOX_POLICY with OUTBOX_LEASE_MS when omitted. */
  outboxPolicy?: OutboxPolicy;
  /** The order system; by default the one `config.orderSystem` names (ORDER_SYSTEM). */
  orders?: OrderSystem;
}

export interface App {
  engine: Engine;
  http: express.Express;
  events: EventBus;
  stores: MongoStores;
  orders: OrderSystem;
  agent: Agent;
  kb: KnowledgeBase;
  approvals: ApprovalService;
  takeover: TakeoverService;
  /**
   * Analytics: the rollups kept current from the event bus (written behind the messages), the
   * reports read from them (this process's queue flushed first), and the sweep that recounts what
   * a process killed with facts queued left (the timer runs it every sweep interval).
   */
  reports: { recorder: ReportRecorder; service: ReportService; sweep: ReportSweep };
  /** Retries due outbox entries now (the timer does this every sweep interval). */
  outbox: { sweep(): Promise<OutboxSweepResult> };
  /** SLA clocks: `sweep()` posts due warnings and breach alerts now (the timer does it every 30 s). */
  sla: SlaService;
  /** The weekly knowledge-gaps digest: `run()` sends what is due now (the timer does it every 5 min). */
  gapDigest: GapDigest;
  /** Resolves when the background sweeps are not running (tests wait for the start-up sweep). */
  sweepsIdle(): Promise<void>;
  listen(port: number, host: string): Promise<Listening>;
  /**
   * Stops in order: listening servers (no new requests), adapters (work in flight finishes), then
   * timers (a running sweep finishes). The database is the caller's, closed after this resolves.
   */
  stop(): Promise<void>;
}

/**
 * Tenant policy defaults from the environment (major units there, minor units here): what every
 * organization gets for a value it did not set itself. ORG_NAME names only the deployment's own
 * organization; others default to their stored name.
 */
export function settingsFromConfig(
  config: Config,
  tenantId: string = config.org.id,
): Partial<TenantSettings> {
  const p = config.policyDefaults;
  // New tenants start in the schema's default currency; its digits (2 for USD, 0 for JPY) scale the amounts.
  const scale = 10 ** minorDigits(TenantSettingsSchema.parse({}).currency);
  return {
    autoRefundMaxMinor: Math.round(p.autoRefundMax * scale),
    supervisorRefundAboveMinor: Math.round(p.supervisorRefundAbove * scale),
    dailyRefundLimit: p.dailyRefundLimit,
    confidenceHigh: p.confidenceHigh,
    confidenceNormal: p.confidenceNormal,
    ...(tenantId === config.org.id && config.org.name ? { businessName: config.org.name } : {}),
  };
}

/**
 * The composition root: the only place that constructs infrastructure. Builds the stores, order
 * system, knowledge base, agent, approval and takeover services and the engine, mounts every
 * adapter on one HTTP app and starts the background timers.
 */
export async function createApp(options: AppOptions): Promise<App> {
  const { config, logger, db, clock, ids } = options;
  const events =
    options.events ?? createEventBus((err) => logger.warn({ err }, 'a live-event listener failed'));
  const mongo = createMongoStores(db, {
    logger,
    clock,
    settingsDefaults: (tenantId) => settingsFromConfig(config, tenantId),
  });
  // Settings and customers are read for every message and change rarely: cached briefly, dropped
  // on every write.
  const tenants = cachedTenantStore(mongo.tenants);
  // A post made during a thread's turn is marked sent by the write that ends the turn (issue 13).
  // Its answer's entry rides in the answer's insert into `messages`, unless turned off (config).
  const turnPosts = createTurnPosts(mongo.outbox, {
    clock,
    logger,
    rideInAnswer: config.recovery.outboxInTurn,
  });
  // An approval run's posts are marked sent by its write of the request, under the same switch:
  // processes of a version before would post such an entry again once its lease ran out.
  const approvalPosts = config.recovery.outboxInTurn
    ? createApprovalPosts(turnPosts.outbox, { clock, logger })
    : undefined;
  const stores: MongoStores = {
    ...mongo,
    tenants,
    channels: cachedChannelStore(mongo.channels),
    customers: cachedCustomerStore(mongo.customers),
    outbox: approvalPosts?.outbox ?? turnPosts.outbox,
  };
  // Indexes (idempotent) before any traffic; the history purge runs where TTL indexes don't.
  // …and databases of earlier versions migrated to organizations (idempotent).
  const database = await prepareDatabase({ db, logger, clock, orgId: config.org.id });
  const orgs = createOrgResolver({ installations: stores.installations, orgId: config.org.id, logger });
  const orders =
    options.orders ??
    createOrderSystem(config.orderSystem, { demoOrders: stores.orders, clock, ids, logger });
  // A refused credential or an unreachable order system stops start-up with one line naming the
  // variable, before anything listens (main.ts prints it).
  await orders.verify().catch(async (err: unknown) => {
    await database.stop();
    throw err;
  });
  const o = config.openai;
  // Hybrid search only when an embeddings model is configured; lexical search works alone.
  // The openai client (about 11 MB) is imported only when a model is configured.
  const embeddings = o?.embeddingsModel
    ? createOpenAiEmbeddings(
        new (await import('openai')).default({ apiKey: o.apiKey, baseURL: o.baseURL, timeout: o.timeoutMs }),
        o.embeddingsModel,
      )
    : undefined;
  const kb = createKnowledgeBase({ source: stores.kbArticles, embeddings, logger });
  // The KB trusts a revision for a few seconds; writes through app.stores (the seed) show at once.
  stores.kbArticles = invalidatingArticleStore(stores.kbArticles, kb);
  const agent = options.agent ?? (await buildAgent({ config, logger, clock, kb }));
  const toolsFor = (tenantId: string, customer: Customer | null, settings: TenantSettings): AgentTools =>
    createAgentTools({
      tenantId,
      customer,
      orders,
      customers: stores.customers,
      interactions: stores.interactions,
      settings,
      clock,
    });

  const ports = new Map<Platform, ChannelPort>();
  for (const adapter of options.adapters) ports.set(adapter.platform, adapter.port);

  const delivery: DeliveryDeps = {
    stores,
    agent,
    ports,
    events,
    filterOutgoing: (text, ctx) => filterCustomerText(text, { ticketId: ctx.ticketId }),
    logger,
    clock,
    ids,
    outboxPolicy: options.outboxPolicy ?? {
      ...DEFAULT_OUTBOX_POLICY,
      leaseMs: config.recovery.outboxLeaseMs,
    },
  };
  // The notifier and the takeover service need each other: the notifier reads it lazily.
  const late: { takeover?: TakeoverService; reports?: App['reports'] } = {};
  const getTakeover = () => {
    if (!late.takeover) throw new Error('takeover service used before it was built');
    return late.takeover;
  };
  const notifier = createNotifier(delivery, getTakeover, approvalPosts, config.recovery.outboxInTurn);
  // SLA clocks and the CSAT prompt follow the engine's tickets (see ticket-lifecycle.ts).
  const sla = createSlaService({
    tickets: stores.tickets,
    tenants: stores.tenants,
    customers: stores.customers,
    timers: stores.slaTimers,
    postAlert: async (ticket, alert, key) => {
      await postSlaAlert(delivery, ticket, alert, key);
      // The claimed breach is on the ticket now: the report counts it without waiting for a change.
      if (alert.kind === 'breach') void late.reports?.recorder.recordTicket(ticket.tenantId, ticket.ticketId);
    },
    onBreach: (ticket, clock) => escalateOnBreach(delivery, getTakeover(), ticket, clock),
    clock,
    logger,
  });
  delivery.lifecycle = createTicketLifecycle(delivery, sla, getTakeover);
  // Approvals authorize on the tenant's staff lists and apply its refund limits: they share the
  // settings cache (a change made in this process drops it at once) but never use an entry older
  // than APPROVAL_TENANT_MAX_AGE_MS, so an approver revoked in another instance is refused here
  // within that bound. Takeover reads the tenant fresh (not on the money path).
  const approvals = createApprovalService({
    approvals: stores.approvals,
    audit: stores.audit,
    refundLedgers: stores.refundLedgers,
    tickets: stores.tickets,
    customers: stores.customers,
    tenants: tenants.readWithin(APPROVAL_TENANT_MAX_AGE_MS),
    orders,
    notifier,
    clock,
    ids,
    logger,
    messages: stores.messages,
    decisions: stores.decisions,
    kb,
    sweepGraceMs: config.recovery.approvalSweepGraceMs,
    // Every process of this version records its refunds in the ledger (issue 13), under the
    // rolling-deploy switch: older processes release their holds instead.
    countFromEarlierRead: config.recovery.outboxInTurn,
  });
  const takeover = buildTakeover({
    stores: { ...stores, tenants: mongo.tenants },
    notifier,
    clock,
    ids,
    logger,
    kb,
  });
  late.takeover = takeover;
  const reports = buildReports({ logger, clock, stores, kb, events });
  // Drafts publish through the same import pipeline as `npm run kb -- import` and the demo seed.
  const articleDrafts = createArticleDraftService({
    drafts: stores.kbDrafts,
    tickets: stores.tickets,
    messages: stores.messages,
    tenants: mongo.tenants,
    audit: stores.audit,
    importer: { articles: stores.kbArticles, syncs: stores.kbSyncs },
    clock,
    ids,
    logger,
  });
  late.reports = reports;
  const engine = withReports(
    createEngine(
      {
        ...delivery,
        kb,
        toolsFor: (tenantId: string, customer: Customer | null, settings: TenantSettings): AgentTools =>
          toolsFor(tenantId, customer, settings),
        approvals,
        takeover,
        orgs,
        turnPosts,
        org: config.org,
        settingsDefaults: (tenantId) => settingsFromConfig(config, tenantId),
        customerDirectory: orders,
        articleDrafts,
      },
      {
        ...options.engine,
        recovery: { graceMs: config.recovery.graceMs, ...options.engine?.recovery },
        inboundConcurrency:
          options.engine?.inboundConcurrency ??
          config.inboundConcurrency ??
          defaultInboundConcurrency(db.client.options.maxPoolSize),
        journal: {
          leaseMs: config.recovery.inboundLeaseMs,
          sweepGraceMs: config.recovery.inboundLeaseMs,
          ...options.engine?.journal,
        },
      },
    ),
    reports,
    articleDrafts,
  );
  // Customer messages a crashed or hung run never answered are escalated by the same timer.
  const recovery = {
    sweep: () => engine.recoverUnanswered?.() ?? Promise.resolve({ checked: 0, escalated: 0 }),
  };

  const outbox = createOutboxSweep(delivery, {
    approvalCard: (tenantId, approvalId) => approvals.cardFor(tenantId, approvalId),
    ticketCard: (tenantId, ticketId) => takeover.escalationCard(tenantId, ticketId),
  });

  const http = express();
  http.disable('x-powered-by');
  // No global body parser: Bolt verifies Slack signatures over the raw body, and each adapter
  // mounts its routes with the body handling it needs.
  // Readiness waits for the first sweep pass (start-up recovery), which starts below.
  const readiness: { startupDone?: () => boolean } = {};
  mountHealth(http, db, {
    readyzTimeoutMs: config.readyzTimeoutMs,
    startupDone: () => readiness.startupDone?.() ?? false,
  });
  for (const adapter of options.adapters) await adapter.mount(http, engine, { events });
  // Last: unknown paths and every error as JSON, instead of Express's HTML and raw-body stderr.
  mountErrorHandling(http, logger);

  // Adapters start before the timers: a bad token stops start-up before any sweep touches the
  // database (and before anything needs closing under it). Whatever started is undone on failure.
  const started: ChannelAdapter[] = [];
  try {
    for (const adapter of options.adapters) {
      await adapter.start?.();
      started.push(adapter);
    }
  } catch (err) {
    for (const adapter of started.reverse()) await adapter.stop?.().catch(() => undefined);
    await database.stop();
    throw err;
  }
  const timers: Array<() => Promise<void>> = [];
  timers.push(database.stop);
  const sweeps = startSweep(
    approvals,
    outbox,
    recovery,
    logger,
    options.sweepIntervalMs ?? config.recovery.sweepIntervalMs,
  );
  readiness.startupDone = sweeps.startupDone;
  timers.push(sweeps.stop);
  timers.push(async () => engine.stop?.());
  const slaSweeps = startSlaSweep(sla, logger, options.slaSweepIntervalMs ?? 30_000);
  timers.push(slaSweeps.stop);
  const gapDigest = createGapDigest({
    store: stores.gapDigests,
    tenants: stores.tenants,
    reports: reports.service,
    post: (tenantId, week, digest) => postGapDigest(delivery, tenantId, week, digest),
    clock,
    logger,
  });
  const digests = startPeriodic(
    () =>
      gapDigest
        .run()
        .then((r) => {
          if (r.sent > 0) logger.info({ digest: r }, 'knowledge-gaps digest sent');
        })
        .catch((err: unknown) => logger.error({ err }, 'knowledge-gaps digest failed; will retry')),
    options.digestIntervalMs ?? 5 * 60_000,
  );
  timers.push(digests.stop);
  const reportSweeps = startPeriodic(
    () =>
      reports.sweep
        .sweep()
        .then(() => undefined)
        .catch((err: unknown) => logger.error({ err }, 'report sweep failed; will retry')),
    options.sweepIntervalMs ?? config.recovery.sweepIntervalMs,
  );
  timers.push(reportSweeps.stop);

  const servers: Listening[] = [];
  let stopped = false;
  return {
    engine,
    http,
    events,
    stores,
    orders,
    agent,
    kb,
    approvals,
    takeover,
    reports,
    outbox,
    sla,
    gapDigest,
    sweepsIdle: async () => {
      await sweeps.idle();
      await slaSweeps.idle();
      await digests.idle();
      await reportSweeps.idle();
    },
    async listen(port, host) {
      const server = await listen(http, port, host);
      servers.push(server);
      return server;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all(servers.map((s) => s.close()));
      await Promise.all(
        options.adapters.map((adapter) =>
          adapter
            .stop?.()
            .catch((err: unknown) => logger.warn({ err, platform: adapter.platform }, 'adapter stop failed')),
        ),
      );
      await reports.recorder.idle();
      for (const stop of timers) await stop();
    },
  };
}

// ---- The agent, the takeover service and the reports, built from the pieces above. ----

/**
 * Analytics: a recorder on the event bus keeps per-day rollups current as tickets change, and
 * the report service reads a period's rollups by `_id`. The engine never knows either exists.
 */
function buildReports(input: {
  logger: Logger;
  clock: Clock;
  stores: MongoStores;
  kb: KnowledgeBase;
  events: EventBus;
}): App['reports'] {
  const { stores, clock, logger } = input;
  const store = stores.reports;
  const recorder = createReportRecorder({
    store,
    tickets: stores.tickets,
    messages: stores.messages,
    approvals: stores.approvals,
    clock,
    logger: logger.child({ module: 'reports' }),
    // SLA breaches come from the ticket's own clocks (Ticket.sla); ratings from the csat records.
    csatRating: csatRatingOf(stores.csat),
  });
  input.events.subscribe((event) => recorder.onEvent(event));
  const read = createReportService({ store, customers: stores.customers, kb: input.kb, clock });
  // Every reader (sandbox, App Home, the CLI's server-side callers, the digest) sees what this
  // process has answered: its queued facts are written first.
  const service: ReportService = {
    report: async (tenantId, query) => {
      await recorder.flush();
      return read.report(tenantId, query);
    },
    knowledgeGaps: async (tenantId, query) => {
      await recorder.flush();
      return read.knowledgeGaps(tenantId, query);
    },
  };
  const sweep = createReportSweep(
    { store, recorder, clock, logger: logger.child({ module: 'reports' }) },
    { owner: randomBytes(8).toString('hex') },
  );
  return { recorder, service, sweep };
}

function withReports(engine: Engine, reports: App['reports'], articleDrafts: ArticleDraftService): Engine {
  const { service } = reports;
  return {
    ...engine,
    articleDrafts,
    // The service writes this process's queued facts first (buildReports): a read includes them.
    report: (tenantId, query) => service.report(tenantId, query),
    knowledgeGaps: (tenantId, query) => service.knowledgeGaps(tenantId, query),
  };
}

function buildAgent(input: {
  config: Config;
  logger: Logger;
  clock: Clock;
  kb: KnowledgeBase;
}): Promise<Agent> {
  const { openai } = input.config;
  return loadAgent({
    openai: openai && {
      apiKey: openai.apiKey,
      baseURL: openai.baseURL,
      model: openai.model,
      timeoutMs: openai.timeoutMs,
    },
    kb: input.kb,
    logger: input.logger,
    clock: input.clock,
  });
}

function buildTakeover(input: {
  stores: MongoStores;
  notifier: ApprovalNotifier;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  kb: KnowledgeBase;
}): TakeoverService {
  const { stores } = input;
  return createTakeoverService({
    tickets: stores.tickets,
    tenants: stores.tenants,
    customers: stores.customers,
    approvals: stores.approvals,
    audit: stores.audit,
    interactions: stores.interactions,
    notifier: input.notifier,
    clock: input.clock,
    ids: input.ids,
    logger: input.logger,
    messages: stores.messages,
    decisions: stores.decisions,
    kb: input.kb,
  });
}
