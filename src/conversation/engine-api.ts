import type { ArticleDraftService } from '../knowledge/article-drafts.js';
import type express from 'express';
import type {
  ApprovalRequest,
  AuditEvent,
  ChannelSettings,
  DecisionRecord,
  KbStatus,
  Message,
  Platform,
  Ticket,
  TicketStatus,
  Tenant,
} from '../domain/index.js';
import type {
  ChannelModeChange,
  ChannelPort,
  InboundMessage,
  InboundOutcome,
  LiveEvent,
  StaffAction,
  StaffActionResult,
  StaffActor,
  StaffCard,
  TicketSummary,
} from './ports.js';
import type { AcceptedInbound } from './inbound-journal.js';
import type { SettingsChange, SettingsResult } from './settings-service.js';
import type { ReportPeriodQuery } from '../reports/period.js';
import type { AnalyticsReport } from '../reports/report.js';
import type { KnowledgeGapsReport } from '../reports/report-service.js';
import type { CsatRatingInput, CsatRatingResult } from './csat.js';
import type { ConfirmationClickInput, ConfirmationClickResult } from './confirm-click.js';
import type { SlaView } from '../sla/sla-view.js';

export interface TicketDetail {
  ticket: Ticket;
  customerName?: string;
  messages: Message[];
  decisions: DecisionRecord[];
  approvals: ApprovalRequest[];
  audit: AuditEvent[];
  /** How the ticket's SLA reads now (absent when no clock applies). */
  sla?: SlaView;
}

/** Everything a channel adapter may ask of Switchboard. Adapters translate; this does the work. */
export interface Engine {
  /**
   * Accept means stored: writes the event to the inbound journal and resolves once it is durable,
   * so the adapter acknowledges the platform only after this. Throws an UnavailableError when it
   * cannot be stored (answer the platform with an error status so it redelivers). Then call
   * `process()` (in the background, for platforms with a short acknowledgement deadline).
   */
  acceptInbound(message: InboundMessage): Promise<AcceptedInbound>;
  /**
   * A message from a customer or staff member in a customer channel: accepted, then processed.
   * Safe to call twice with one eventId (the second is a "duplicate" once the first holds it).
   */
  handleInbound(message: InboundMessage): Promise<InboundOutcome>;
  /** A button click on a staff card (or the sandbox's equivalent). Authorized inside. */
  handleStaffAction(actor: StaffActor, action: StaffAction): Promise<StaffActionResult>;
  /** `/switchboard mode auto` and `@Switchboard mode draft`: supervisors only. */
  setChannelMode(change: ChannelModeChange): Promise<StaffActionResult>;
  /** `/switchboard staff-channel`, `@Switchboard set staff channel`: supervisors only. */
  setStaffChannel(actor: StaffActor, channelId: string): Promise<StaffActionResult>;
  /** `/switchboard settings`, `@Switchboard settings`, the sandbox panel: the organization's settings. */
  viewSettings(actor: StaffActor): Promise<SettingsResult>;
  /** A supervisor's change to a setting or a staff list: validated, audited, effective at once. */
  changeSettings(actor: StaffActor, change: SettingsChange): Promise<SettingsResult>;
  /** Bot added to a channel/conversation: remember it (and how to post there proactively). */
  registerChannel(input: {
    tenantId: string;
    platform: Platform;
    channelId: string;
    name?: string;
    kind?: 'customer' | 'staff';
    conversationReference?: Record<string, unknown>;
  }): Promise<void>;
  /**
   * The organization (tenantId) a workspace the bot is installed in belongs to: a Slack team id
   * (then its Enterprise Grid id), a Teams tenant id, the sandbox. Adapters call this before
   * anything else; a customer's own team or tenant is never passed here.
   */
  resolveOrg(platform: Platform, workspaceIds: string | ReadonlyArray<string | undefined>): Promise<string>;
  /** Creates the tenant with defaults if missing, merging staff settings seeded from the environment. */
  ensureTenant(input: {
    tenantId: string;
    name: string;
    platform: Platform;
    staffChannelId?: string;
    approverIds?: string[];
    supervisorIds?: string[];
  }): Promise<Tenant>;
  getTenant(tenantId: string): Promise<Tenant | null>;
  /**
   * A channel's stored settings (mode, kind, and the Teams ConversationReference needed to post
   * proactively after a restart); null when the bot has never seen the channel.
   */
  getChannel(tenantId: string, platform: Platform, channelId: string): Promise<ChannelSettings | null>;
  status(tenantId: string): Promise<Record<TicketStatus, number>>;
  /** `/switchboard kb`, `@Switchboard kb`: how many articles, in which languages, and the last import. */
  kbStatus(tenantId: string): Promise<KbStatus>;
  listTickets(
    tenantId: string,
    filter?: { status?: TicketStatus[]; assigneeId?: string; limit?: number },
  ): Promise<TicketSummary[]>;
  ticketDetail(tenantId: string, ticketId: string): Promise<TicketDetail | null>;
  /** App Home / staff overview: what this person may act on now. */
  staffHome(
    actor: StaffActor,
  ): Promise<{ pendingApprovals: StaffCard[]; escalated: StaffCard[]; mine: StaffCard[] }>;
  /**
   * Escalates stored customer messages that no run finished (the process stopped mid-run): run it
   * at start-up and on the sweep timer. Optional so test doubles of the engine need not have it.
   */
  recoverUnanswered?(): Promise<{ checked: number; escalated: number; resumed?: number }>;
  /** Stops background timers (lease renewals); the app calls it on shutdown. */
  stop?(): void;
  /**
   * The analytics report of a period, from the daily rollups (sandbox overview, JSON API). A bad
   * period is a ValidationError with its sentence. Optional so test doubles need not have it.
   */
  report?(tenantId: string, query: ReportPeriodQuery): Promise<AnalyticsReport>;
  /** The questions the bot could not answer in a period, grouped by similarity, largest first. */
  knowledgeGaps?(tenantId: string, query: ReportPeriodQuery): Promise<KnowledgeGapsReport>;
  /**
   * Knowledge-base articles drafted from people's replies: created from a staff card's button,
   * reviewed, edited and published by supervisors (Slack and Teams `kb` commands, the sandbox).
   */
  articleDrafts?: ArticleDraftService;
  /**
   * A customer's click on a satisfaction prompt's button (with the optional comment). Stored once;
   * "Not good" on the bot's answer reopens the conversation to a person. Optional for test doubles.
   */
  rateTicket?(input: CsatRatingInput): Promise<CsatRatingResult>;
  /**
   * A customer's Yes or No button under a refund question. Only the customer who asked may answer;
   * the refund runs once, through the approval service, whatever else answers the same question.
   * Optional for test doubles.
   */
  answerConfirmation?(input: ConfirmationClickInput): Promise<ConfirmationClickResult>;
}

/** What the composition root hands an adapter besides the engine. */
export interface AdapterContext {
  /** Live events (agent stages, tickets, messages, cards): the sandbox's live pane subscribes here. */
  events: { subscribe(listener: (event: LiveEvent) => void): () => void };
}

/**
 * A platform adapter as the composition root wires it: the port is created first (the engine
 * needs it), then the adapter's HTTP routes are mounted with the engine.
 */
export interface ChannelAdapter {
  readonly platform: Platform;
  readonly port: ChannelPort;
  /** Mounts HTTP routes (`/slack/events`, `/api/messages`, `/sandbox/...`) on the shared server. */
  mount(app: express.Express, engine: Engine, context: AdapterContext): void | Promise<void>;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
