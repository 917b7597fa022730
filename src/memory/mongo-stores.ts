import type { Db } from 'mongodb';
import type { ApprovalStore, AuditLog, RefundLedgerStore } from '../approvals/ports.js';
import type {
  CsatStore,
  DecisionStore,
  InteractionStore,
  MessageStore,
  OutboxStore,
  ProcessedEventStore,
  TenantStore,
  TicketStore,
} from '../conversation/stores.js';
import type { InboundJournalStore } from '../conversation/inbound-journal.schema.js';
import type { Clock, TenantSettings } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { createApprovalRepository, createAuditRepository } from './approval-repository.js';
import { createRefundLedgerRepository } from './refund-ledger-repository.js';
import { createChannelRepository, type ChannelRepository } from './channel-repository.js';
import { createCustomerRepository, type CustomerRepository } from './customer-repository.js';
import {
  createDecisionRepository,
  createInteractionRepository,
  createProcessedEventRepository,
} from './history-repositories.js';
import { createKbArticleRepository, type KbArticleRepository } from './kb-article-repository.js';
import { createKbSyncRepository, type KbSyncRepository } from './kb-sync-repository.js';
import { createInboundJournalRepository } from './inbound-journal-repository.js';
import { createThreadLeaseRepository } from './thread-lease-repository.js';
import type { ThreadLeaseStore } from '../conversation/thread-lease.schema.js';
import { createMessageRepository } from './message-repository.js';
import { createOrderRepository, type OrderRepository } from './order-repository.js';
import { createOutboxRepository } from './outbox-repository.js';
import { createInstallationRepository, type InstallationRepository } from './installation-repository.js';
import { createTenantRepository } from './tenant-repository.js';
import { createTicketRepository } from './ticket-repository.js';
import { createReportRepository } from './report-repository.js';
import type { ReportStore } from '../reports/ports.js';
import { createCsatRepository } from './csat-repository.js';
import { createKbDraftRepository } from './kb-draft-repository.js';
import { createGapDigestRepository } from './gap-digest-repository.js';
import type { GapDigestStore } from '../reports/gap-digest.js';
import type { KbDraftStore } from '../knowledge/article-drafts.js';
import { createSlaTimerRepository } from './sla-timer-repository.js';
import type { SlaTimerStore } from '../sla/sla-ports.js';

/** Every repository over one database: what createApp hands to the services. */
export interface MongoStores {
  tenants: TenantStore;
  channels: ChannelRepository;
  customers: CustomerRepository;
  tickets: TicketStore;
  messages: MessageStore;
  processedEvents: ProcessedEventStore;
  inbound: InboundJournalStore;
  /** Per-thread turns across processes (src/conversation/thread-order.ts). */
  threadLeases: ThreadLeaseStore;
  interactions: InteractionStore;
  decisions: DecisionStore;
  approvals: ApprovalStore;
  audit: AuditLog;
  /** Per customer: the refunds and requests open now (the daily refund limit's guard). */
  refundLedgers: RefundLedgerStore;
  kbArticles: KbArticleRepository;
  /** Import runs and the knowledge-base status staff see. */
  kbSyncs: KbSyncRepository;
  orders: OrderRepository;
  outbox: OutboxStore;
  installations: InstallationRepository;
  /** The analytics report's facts, daily rollups and unanswered questions. */
  reports: ReportStore;
  csat: CsatStore;
  /** The due-list of running SLA clocks. */
  slaTimers: SlaTimerStore;
  /** Knowledge-base articles drafted from people's replies, waiting for a supervisor. */
  kbDrafts: KbDraftStore;
  /** Week claims of the knowledge-gaps digest (sent once per organization and week). */
  gapDigests: GapDigestStore;
}

export interface MongoStoresOptions {
  logger: Logger;
  clock: Clock;
  /** Environment policy values per tenant (see TenantRepositoryOptions); schema defaults when omitted. */
  settingsDefaults?: (tenantId: string) => Partial<TenantSettings>;
}

/** Builds the repositories; call ensureIndexes(db) once at start-up before serving traffic. */
export function createMongoStores(db: Db, options: MongoStoresOptions): MongoStores {
  const deps = { db, logger: options.logger, clock: options.clock };
  const kbArticles = createKbArticleRepository(deps);
  return {
    tenants: createTenantRepository(deps, { settingsDefaults: options.settingsDefaults }),
    channels: createChannelRepository(deps),
    customers: createCustomerRepository(deps),
    tickets: createTicketRepository(deps),
    messages: createMessageRepository(deps),
    processedEvents: createProcessedEventRepository(deps),
    inbound: createInboundJournalRepository(deps),
    threadLeases: createThreadLeaseRepository(deps),
    interactions: createInteractionRepository(deps),
    decisions: createDecisionRepository(deps),
    approvals: createApprovalRepository(deps),
    audit: createAuditRepository(deps),
    refundLedgers: createRefundLedgerRepository(deps),
    kbArticles,
    kbSyncs: createKbSyncRepository(deps, kbArticles),
    orders: createOrderRepository(deps),
    outbox: createOutboxRepository(deps),
    installations: createInstallationRepository(deps),
    reports: createReportRepository(deps),
    csat: createCsatRepository(deps),
    slaTimers: createSlaTimerRepository(deps),
    kbDrafts: createKbDraftRepository(deps),
    gapDigests: createGapDigestRepository(deps),
  };
}
