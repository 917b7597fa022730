import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import type { SandboxCustomer, SandboxStaffIdentity } from '../../src/bot/sandbox/identities.js';
import type { OverviewStats } from '../../src/bot/sandbox/overview.js';
import type { AnalyticsReport, ReportRow } from '../../src/reports/report.js';
import type { KnowledgeGapsReport } from '../../src/reports/report-service.js';

import type { TicketDetail } from '../../src/conversation/engine-api.js';
import type { SettingsResult as ServerSettingsResult } from '../../src/conversation/settings-service.js';
import type { InboundOutcome, LiveEvent, TicketSummary } from '../../src/conversation/ports.js';
import type { ChannelMode, TicketStatus } from '../../src/domain/index.js';
import type {
  ArticleDraftService,
  KbDraftResult as ServerKbDraftResult,
} from '../../src/knowledge/article-drafts.js';

export type { AnalyticsReport, ReportRow };
export type KnowledgeGaps = KnowledgeGapsReport;

/** What JSON makes of a server type: dates arrive as ISO strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export type Post = Wire<SandboxPost>;
export type Card = NonNullable<Post['card']>;
export type Customer = SandboxCustomer;
export type StaffIdentity = SandboxStaffIdentity;
export type Ticket = Wire<TicketSummary>;
export type Detail = Wire<TicketDetail>;
export type Overview = OverviewStats;
export type SettingsResult = Wire<ServerSettingsResult>;
export type SettingsView = NonNullable<SettingsResult['view']>;
export type Live = Wire<LiveEvent>;
export type Outcome = InboundOutcome;
export type KbDraftList = Wire<Awaited<ReturnType<ArticleDraftService['list']>>>;
export type KbDraft = KbDraftList['drafts'][number];
export type KbDraftResult = Wire<ServerKbDraftResult>;
export type { ChannelMode, TicketStatus };

export interface Session {
  tenantId: string;
  tenantName: string;
  channels: { customer: string; staff: string };
  channelMode: ChannelMode;
  staff: StaffIdentity[];
}

export const STATUSES: TicketStatus[] = ['open', 'pending_approval', 'escalated', 'human', 'resolved'];

export const STATUS_LABEL: Record<TicketStatus, string> = {
  open: 'Open',
  pending_approval: 'Pending approval',
  escalated: 'Escalated',
  human: 'With a person',
  resolved: 'Resolved',
};
