import { z } from 'zod';
import type { ApprovalRequest, Message, Ticket } from '../domain/index.js';
import { addEverywhere, bucketOf, type Counters, type DimensionValues } from './counters.js';

/** Why a ticket went to a person, as the report groups it. */
export const ESCALATION_REASONS = [
  'low_confidence',
  'policy',
  'customer_asked',
  'sentiment',
  'sla',
  'failure',
] as const;
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

export const CSAT_RATINGS = ['great', 'ok', 'not_good'] as const;
export type CsatRating = (typeof CSAT_RATINGS)[number];

/** A bot resolution counts only if the customer did not come back within this window. */
export const REOPEN_WINDOW_MS = 72 * 3_600_000;

/**
 * The engine's escalation reasons are sentences for staff (route.ts, policy, recovery); the
 * report groups them. Anything a rule in code decided that is not one of the named kinds is
 * `policy` (refund limits, security, critical urgency, an answer that claimed money moved).
 */
export function escalationCategory(reason: string): EscalationReason {
  const r = reason.toLowerCase();
  if (/\bsla\b|breach|response target/.test(r)) return 'sla';
  if (/confidence [\d.]+ below|could not answer|could not be composed|no article/.test(r))
    return 'low_confidence';
  if (/asked for a person|wants a person|human/.test(r)) return 'customer_asked';
  if (/sentiment|did not help|same question again|not good|rated|\bcsat\b/.test(r)) return 'sentiment';
  if (/agent failure|engine failure|interrupted|abandoned/.test(r)) return 'failure';
  return 'policy';
}

/** A UTC calendar day, `YYYY-MM-DD`: the rollups' unit. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const TicketFactSchema = z.object({
  kind: z.literal('ticket'),
  ticketId: z.string(),
  day: z.string(),
  dims: z.object({ intent: z.string(), channel: z.string(), customer: z.string() }),
  status: z.string(),
  escalated: z.boolean(),
  escalationReason: z.enum(ESCALATION_REASONS).optional(),
  resolvedBy: z.enum(['bot', 'person']).optional(),
  lastResolvedAt: z.coerce.date().optional(),
  reopened: z.boolean(),
  firstBotAt: z.coerce.date().optional(),
  firstStaffAt: z.coerce.date().optional(),
  firstResponseMs: z.number().nonnegative().optional(),
  resolutionMs: z.number().nonnegative().optional(),
  sla: z
    .object({
      firstResponseBreached: z.boolean().optional(),
      resolutionBreached: z.boolean().optional(),
      /** The targets the ticket was measured against (ms of business time). */
      firstResponseTargetMs: z.number().nonnegative().optional(),
      resolutionTargetMs: z.number().nonnegative().optional(),
    })
    .optional(),
  csat: z.enum(CSAT_RATINGS).optional(),
  /** Who had resolved the ticket when it was rated (a "Not good" reopens it to a person after). */
  csatBy: z.enum(['bot', 'person']).optional(),
  /** The customer's question, kept when the bot could not answer it (knowledge gaps). */
  question: z.string().optional(),
  language: z.string().optional(),
  /** The ticket's version this was counted from: a recount never starts from an older copy. */
  version: z.number().int().nonnegative().optional(),
  /** The ticket has approval requests: its recounts recount them too. */
  approvals: z.boolean().optional(),
});
export type TicketFact = z.infer<typeof TicketFactSchema>;

export const ApprovalFactSchema = z.object({
  kind: z.literal('approval'),
  approvalId: z.string(),
  ticketId: z.string(),
  day: z.string(),
  dims: z.object({ intent: z.string(), channel: z.string(), customer: z.string() }),
  action: z.string(),
  status: z.string(),
  decisionMs: z.number().nonnegative().optional(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string(),
});
export type ApprovalFact = z.infer<typeof ApprovalFactSchema>;

/** SLA targets for one ticket (ms), when the organization has them; the sla module provides them. */
export interface SlaTargets {
  firstResponseMs?: number;
  resolutionMs?: number;
}

/** A customer's rating and who had resolved the ticket when they gave it (the CSAT record). */
export interface CsatInput {
  rating: CsatRating;
  resolvedBy: 'bot' | 'person';
}

const MINUTE = 60_000;

/**
 * Breaches as the ticket's own SLA clocks judged them (business time, paused while waiting on the
 * customer, `Ticket.sla`), for tickets that have clocks. A clock that is past due but not yet
 * swept counts as breached only once the sweep has claimed it (it then recounts the ticket).
 */
function slaOfTicket(ticket: Ticket): TicketFact['sla'] | undefined {
  const sla = ticket.sla;
  if (!sla) return undefined;
  const judged = (metric: 'firstResponse' | 'resolution') => {
    const clock = sla.clocks[metric];
    if (!clock) return {};
    const breached = !!clock.breachedAt || sla.breaches.some((b) => b.metric === metric);
    return { breached, targetMs: clock.targetMinutes * MINUTE };
  };
  const first = judged('firstResponse');
  const res = judged('resolution');
  return {
    ...(first.breached !== undefined
      ? { firstResponseBreached: first.breached, firstResponseTargetMs: first.targetMs }
      : {}),
    ...(res.breached !== undefined
      ? { resolutionBreached: res.breached, resolutionTargetMs: res.targetMs }
      : {}),
  };
}

export function dimensionsOf(ticket: Ticket): DimensionValues {
  return {
    intent: ticket.intent,
    channel: ticket.thread.platform,
    customer:
      ticket.customerId ?? (ticket.requester.orgId ? `org:${ticket.requester.orgId}` : 'unidentified'),
  };
}

const earliest = (a: Date | undefined, b: Date | undefined) =>
  a && b ? (a.getTime() <= b.getTime() ? a : b) : (a ?? b);

/** The earliest bot answer and person's reply on a ticket the recorder saw recorded. */
export interface SeenReplies {
  botAt?: Date;
  personAt?: Date;
}

function isPersonReply(m: Message): boolean {
  return m.role === 'staff' || (m.role === 'bot' && m.author.kind === 'staff');
}

/**
 * What a ticket counts as now, from the stored ticket, its messages and what was counted
 * before (`previous`): reopening and "ever escalated" are remembered across changes.
 */
export function ticketFact(input: {
  ticket: Ticket;
  messages: readonly Message[];
  previous: TicketFact | null;
  now: Date;
  targets?: SlaTargets | null;
  csat?: CsatInput | CsatRating | null;
  /** Replies seen as they were recorded (the recorder's events), when `messages` was not read. */
  seen?: SeenReplies;
}): TicketFact {
  const { ticket, messages, previous, now } = input;
  const created = ticket.createdAt.getTime();
  const at = (d: Date | undefined) => (d && d.getTime() >= created ? d : undefined);
  let firstBotAt = earliest(previous?.firstBotAt, at(input.seen?.botAt));
  let firstStaffAt = earliest(previous?.firstStaffAt, at(input.seen?.personAt));
  for (const m of messages) {
    if (m.createdAt.getTime() < created || m.deleted) continue;
    if (isPersonReply(m)) firstStaffAt = earliest(firstStaffAt, m.createdAt);
    else if (m.role === 'bot') firstBotAt = earliest(firstBotAt, m.createdAt);
  }
  const escalated =
    (previous?.escalated ?? false) ||
    ticket.escalation !== undefined ||
    ticket.assignee !== undefined ||
    ticket.status === 'escalated' ||
    ticket.status === 'human';
  const resolved = ticket.status === 'resolved';
  const resolvedBy = resolved ? (escalated ? 'person' : 'bot') : undefined;
  const resolvedAt = resolved ? (ticket.resolvedAt ?? ticket.updatedAt) : undefined;

  // Reopened: it was resolved, and within the window it is not (or was resolved again later).
  let reopened = previous?.reopened ?? false;
  const last = previous?.lastResolvedAt;
  if (!reopened && previous?.status === 'resolved' && last) {
    const movedOn = !resolved || (resolvedAt !== undefined && resolvedAt.getTime() > last.getTime());
    if (movedOn && now.getTime() - last.getTime() <= REOPEN_WINDOW_MS) reopened = true;
  }

  // A bot answer is a response only when the bot resolved the ticket (the SLA rule).
  const responseAt = resolvedBy === 'bot' ? earliest(firstBotAt, firstStaffAt) : firstStaffAt;
  const firstResponseMs = responseAt ? Math.max(0, responseAt.getTime() - created) : undefined;
  const resolutionMs = resolvedAt ? Math.max(0, resolvedAt.getTime() - created) : undefined;
  const t = input.targets;
  const sla = ticket.sla
    ? slaOfTicket(ticket)
    : t && (t.firstResponseMs !== undefined || t.resolutionMs !== undefined)
      ? {
          ...(t.firstResponseMs !== undefined
            ? { firstResponseBreached: (firstResponseMs ?? now.getTime() - created) > t.firstResponseMs }
            : {}),
          ...(t.resolutionMs !== undefined
            ? { resolutionBreached: (resolutionMs ?? now.getTime() - created) > t.resolutionMs }
            : {}),
        }
      : undefined;

  const reason = ticket.escalation
    ? escalationCategory(ticket.escalation.reason)
    : previous?.escalationReason;
  const rated = typeof input.csat === 'string' ? { rating: input.csat } : input.csat;
  const csat = rated?.rating ?? previous?.csat;
  const csatBy = (rated && 'resolvedBy' in rated ? rated.resolvedBy : undefined) ?? previous?.csatBy;
  const isGap = reason === 'low_confidence' || csat === 'not_good';
  const question = isGap
    ? (previous?.question ??
      messages.find((m) => m.role === 'customer' && !m.deleted)?.text.slice(0, 500) ??
      (ticket.subject || undefined))
    : undefined;

  return {
    kind: 'ticket',
    ticketId: ticket.ticketId,
    day: dayOf(ticket.createdAt),
    dims: dimensionsOf(ticket),
    status: ticket.status,
    escalated,
    ...(escalated && reason ? { escalationReason: reason } : {}),
    ...(resolvedBy ? { resolvedBy } : {}),
    ...(resolvedAt ? { lastResolvedAt: resolvedAt } : last ? { lastResolvedAt: last } : {}),
    reopened,
    ...(firstBotAt ? { firstBotAt } : {}),
    ...(firstStaffAt ? { firstStaffAt } : {}),
    ...(firstResponseMs !== undefined ? { firstResponseMs } : {}),
    ...(resolutionMs !== undefined ? { resolutionMs } : {}),
    ...(sla ? { sla } : {}),
    ...(csat ? { csat } : {}),
    ...(csat && csatBy ? { csatBy } : {}),
    ...(question ? { question, language: ticket.language } : {}),
  };
}

/** The counters one ticket adds to its day. */
export function ticketCounters(f: TicketFact): Counters {
  const c: Counters = {};
  const add = (metric: string, n = 1) => addEverywhere(c, f.dims, metric, n);
  add('tickets');
  if (f.resolvedBy) add(`resolved_${f.resolvedBy}`);
  if (f.resolvedBy === 'bot' && !f.reopened) add('bot_resolved');
  if (f.reopened) add('reopened');
  if (f.escalated) {
    add('escalated');
    add(`esc_${f.escalationReason ?? 'policy'}`);
  }
  if (f.firstResponseMs !== undefined) add(`frt_${bucketOf(f.firstResponseMs)}`);
  if (f.resolutionMs !== undefined) add(`res_${bucketOf(f.resolutionMs)}`);
  if (f.sla?.firstResponseBreached !== undefined) {
    add('frt_sla');
    if (f.sla.firstResponseBreached) add('frt_breach');
    if (f.sla.firstResponseTargetMs !== undefined) add(`frttgt_${bucketOf(f.sla.firstResponseTargetMs)}`);
  }
  if (f.sla?.resolutionBreached !== undefined) {
    add('res_sla');
    if (f.sla.resolutionBreached) add('res_breach');
    if (f.sla.resolutionTargetMs !== undefined) add(`restgt_${bucketOf(f.sla.resolutionTargetMs)}`);
  }
  if (f.csat) add(`csat_${f.csatBy ?? f.resolvedBy ?? 'open'}_${f.csat}`);
  return c;
}

export function approvalFact(approval: ApprovalRequest, ticket: Ticket | null): ApprovalFact {
  const decisionMs = approval.decidedAt
    ? Math.max(0, approval.decidedAt.getTime() - approval.createdAt.getTime())
    : undefined;
  return {
    kind: 'approval',
    approvalId: approval.approvalId,
    ticketId: approval.ticketId,
    day: dayOf(approval.createdAt),
    dims: ticket
      ? { ...dimensionsOf(ticket), customer: approval.customerId }
      : { intent: 'other', channel: 'unknown', customer: approval.customerId },
    action: approval.action,
    status: approval.status,
    ...(decisionMs !== undefined ? { decisionMs } : {}),
    amountMinor: approval.amountMinor,
    currency: approval.currency,
  };
}

/** The counters one approval request adds to the day it was asked for. */
export function approvalCounters(f: ApprovalFact): Counters {
  const c: Counters = {};
  const add = (metric: string, n = 1) => addEverywhere(c, f.dims, metric, n);
  add(`appr_${f.status}`);
  if (f.decisionMs !== undefined) add(`apprt_${bucketOf(f.decisionMs)}`);
  if (f.action === 'refund') {
    add(`refund_${f.status}_n`);
    add(`refund_${f.status}_minor_${f.currency}`, f.amountMinor);
  }
  return c;
}
