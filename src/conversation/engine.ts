import { admittedRunner, createAdmission, defaultInboundConcurrency } from './admission.js';
import { rateTicket } from './csat.js';
import { answerConfirmation } from './confirm-click.js';
import type { Engine } from './engine-api.js';
import type { EngineDeps } from './engine-deps.js';
import {
  createInboundHandler,
  DEFAULT_TASK_TIMEOUT_MS,
  type InboundHandlerOptions,
} from './handle-inbound.js';
import { createInboundJournal, type InboundJournalOptions } from './inbound-journal.js';
import { listTickets, staffHome, ticketDetail } from './queries.js';
import { changeSettings, viewSettings } from './settings-service.js';
import { createInboundRecovery, type InboundRecoveryOptions } from './recovery.js';
import { createThreadOrder, orderedInbound } from './thread-order.js';
import {
  ensureTenant,
  handleStaffAction,
  registerChannel,
  setChannelMode,
  setStaffChannel,
} from './staff-commands.js';

export interface EngineOptions {
  /** Bounds of one inbound message's run (see handle-inbound). */
  inbound?: InboundHandlerOptions;
  /** Grace and look-back of the sweep that escalates messages no run finished. */
  recovery?: InboundRecoveryOptions;
  /** Leases and retries of the inbound journal (accept means stored). */
  journal?: InboundJournalOptions;
  /**
   * At most this many inbound messages run at once in this process; the others wait, stored in
   * the journal, in acceptance order (INBOUND_CONCURRENCY). By default a quarter of a 100-connection pool.
   */
  inboundConcurrency?: number;
}

/** The facade every channel adapter calls. Channel-agnostic: it only knows ChannelPorts. */
export function createEngine(base: EngineDeps, options: EngineOptions = {}): Engine {
  const leases = base.stores.threadLeases;
  // Several processes on one database: a thread's messages take turns in MongoDB too (issue 13).
  const order = leases
    ? createThreadOrder(
        {
          leases,
          inbound: base.stores.inbound,
          clock: base.clock,
          logger: base.logger,
          posts: base.turnPosts,
        },
        { leaseMs: options.journal?.leaseMs, waitMs: options.inbound?.taskTimeoutMs },
      )
    : undefined;
  // A run's ticket writes are fenced by its lease: the handler gives each run its own ticket store.
  const deps: EngineDeps = order
    ? { ...base, stores: { ...base.stores, inbound: orderedInbound(base.stores.inbound, order) } }
    : base;
  const admission = createAdmission(options.inboundConcurrency ?? defaultInboundConcurrency(undefined));
  const runner = admittedRunner(createInboundHandler(deps, { ...options.inbound, order }), admission, {
    unclaimedMs: 2 * (options.inbound?.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS),
  });
  const journal = createInboundJournal(deps, runner, options.journal);
  const recovery = createInboundRecovery(deps, { ...options.recovery, inProcess: (m) => runner.holds(m) });
  return {
    acceptInbound: (message) => journal.accept(message),
    handleInbound: async (message) => (await journal.accept(message)).process(),
    async recoverUnanswered() {
      // Events a dead process accepted go first: most are simply run now, and what they stored is
      // then no longer "unanswered" for the message sweep.
      const resumed = await journal.sweep();
      const swept = await recovery.sweep();
      return { ...swept, escalated: swept.escalated + resumed.escalated, resumed: resumed.resumed };
    },
    stop: () => journal.stop(),
    handleStaffAction: (actor, action) => handleStaffAction(deps, actor, action),
    setChannelMode: (change) => setChannelMode(deps, change),
    setStaffChannel: (actor, channelId) => setStaffChannel(deps, actor, channelId),
    registerChannel: (input) => registerChannel(deps, input),
    viewSettings: (actor) => viewSettings(deps, actor),
    changeSettings: (actor, change) => changeSettings(deps, actor, change),
    resolveOrg: (platform, workspaceIds) => deps.orgs.resolve(platform, workspaceIds),
    ensureTenant: (input) => ensureTenant(deps, input),
    getTenant: (tenantId) => deps.stores.tenants.get(tenantId),
    getChannel: (tenantId, platform, channelId) => deps.stores.channels.get(tenantId, platform, channelId),
    status: (tenantId) => deps.stores.tickets.countByStatus(tenantId),
    kbStatus: (tenantId) => deps.stores.kbSyncs.status(tenantId),
    listTickets: (tenantId, filter) => listTickets(deps, tenantId, filter),
    ticketDetail: (tenantId, ticketId) => ticketDetail(deps, tenantId, ticketId),
    staffHome: (actor) => staffHome(deps, actor),
    rateTicket: (input) => rateTicket(deps, input),
    answerConfirmation: (input) => answerConfirmation(deps, input),
  };
}
