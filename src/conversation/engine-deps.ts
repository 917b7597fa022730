import type { ArticleDraftService } from '../knowledge/article-drafts.js';
import type { CustomerDirectory } from './identify.js';
import type { Agent, AgentTools, KnowledgeBase } from '../agent/types.js';
import type { ApprovalService, TakeoverService } from '../approvals/api.js';
import type { ApprovalStore, AuditLog } from '../approvals/ports.js';
import type { Clock, Customer, IdGenerator, Platform, TenantSettings } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { InboundJournalStore } from './inbound-journal.schema.js';
import type { ThreadLeaseStore } from './thread-lease.schema.js';
import type { OrgResolver } from './org-resolver.js';
import type { TicketLifecycle } from './ticket-lifecycle.js';
import type { OutboxPolicy } from './outbox.js';
import type { TurnPosts } from './turn-posts.js';
import type { ChannelPort, EventSink } from './ports.js';
import type {
  ChannelStore,
  CsatStore,
  CustomerStore,
  DecisionStore,
  InteractionStore,
  KnowledgeStatusStore,
  MessageStore,
  OutboxStore,
  ProcessedEventStore,
  TenantStore,
  TicketStore,
} from './stores.js';

/** Every store the engine reads or writes; src/memory implements them over MongoDB. */
export interface EngineStores {
  tenants: TenantStore;
  channels: ChannelStore;
  customers: CustomerStore;
  tickets: TicketStore;
  messages: MessageStore;
  processedEvents: ProcessedEventStore;
  /** Every inbound event, stored before the platform is answered (accept means stored). */
  inbound: InboundJournalStore;
  /**
   * Thread turns shared by every process on the database (per-thread order across processes);
   * optional so hand-built test stores need not have it (one process orders in memory).
   */
  threadLeases?: ThreadLeaseStore;
  interactions: InteractionStore;
  decisions: DecisionStore;
  approvals: ApprovalStore;
  audit: AuditLog;
  /** Deliveries recorded before the platform is called, retried by the outbox sweep. */
  outbox: OutboxStore;
  /** Article counts and import runs (`/switchboard kb`). */
  kbSyncs: KnowledgeStatusStore;
  /** Satisfaction prompts and ratings (optional so hand-built test stores need not have it). */
  csat?: CsatStore;
}

/** What the engine needs to deliver effects (also what the ApprovalNotifier is built from). */
export interface DeliveryDeps {
  stores: EngineStores;
  agent: Agent;
  /** One port per platform; a message for a platform without a port is stored, not sent. */
  ports: ReadonlyMap<Platform, ChannelPort>;
  events: EventSink;
  /** The output filter every customer-bound text passes through (src/agent/guardrails). */
  filterOutgoing(text: string, context: { ticketId?: string }): string;
  logger: Logger;
  clock: Clock;
  ids: IdGenerator;
  /** Retry policy of the outbox; DEFAULT_OUTBOX_POLICY when omitted. */
  outboxPolicy?: OutboxPolicy;
  /** What follows a ticket's messages and resolution (SLA clocks, the CSAT prompt); none in bare tests. */
  lifecycle?: TicketLifecycle;
}

export interface EngineDeps extends DeliveryDeps {
  kb: KnowledgeBase;
  /** Tools scoped to one identified customer (or none: no order data at all). */
  toolsFor(tenantId: string, customer: Customer | null, settings: TenantSettings): AgentTools;
  approvals: ApprovalService;
  takeover: TakeoverService;
  /** Which organization a workspace belongs to (installation records, else the deployment's). */
  orgs: OrgResolver;
  /** The environment's policy values per organization (what a settings reset goes back to). */
  settingsDefaults?: (tenantId: string) => Partial<TenantSettings>;
  /** The deployment's organization (ORG_ID, ORG_NAME): the name a tenant gets when created. */
  org: { id: string; name?: string };
  /** The order system's customers, asked by verified email when the local records know nobody. */
  customerDirectory?: CustomerDirectory;
  /** "Draft KB article" on escalated tickets (src/knowledge/article-drafts.ts). */
  articleDrafts?: ArticleDraftService;
  /**
   * The scope whose outbox (`stores.outbox` is its `outbox`) lets the write that ends a thread's
   * turn mark the turn's posts sent; without it every post is marked by a write of its own.
   */
  turnPosts?: TurnPosts;
}
