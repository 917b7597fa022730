import type { Clock, Intent, TicketStatus } from '../../domain/index.js';
import type { Engine, TicketDetail } from '../../conversation/engine-api.js';

/** What the overview pane draws. Every figure comes from the engine's read models. */
export interface OverviewStats {
  generatedAt: string;
  /** How many of the most recent tickets the per-ticket figures cover. */
  ticketsCovered: number;
  ticketsByStatus: Record<TicketStatus, number>;
  /** The last 24 hours, oldest first; hours as ISO strings of their start (UTC). */
  messagesPerHour: Array<{ hour: string; customer: number; bot: number; staff: number }>;
  /** Tickets the bot answered alone vs those that went to a person. */
  outcomes: { bot: number; escalated: number; waiting: number };
  approvals: {
    pending: number;
    decided: number;
    medianDecisionMs: number | null;
    byStatus: Record<string, number>;
  };
  intents: Array<{ intent: Intent; count: number }>;
  /** Mean duration of each agent stage across the decision records covered. */
  stageTimings: Array<{ stage: string; meanMs: number; runs: number }>;
}

const HOUR = 3_600_000;
const DETAIL_LIMIT = 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function outcomeOf(detail: TicketDetail): keyof OverviewStats['outcomes'] {
  const { ticket, decisions } = detail;
  if (ticket.escalation || ticket.status === 'escalated' || ticket.status === 'human') return 'escalated';
  if (decisions.some((d) => d.route === 'escalate')) return 'escalated';
  if (decisions.some((d) => d.route === 'resolve')) return 'bot';
  return 'waiting';
}

/** Runs `fn` over `items` a few at a time: the database is shared with live traffic. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function computeOverview(
  engine: Engine,
  tenantId: string,
  clock: Clock,
): Promise<OverviewStats> {
  const now = clock.now();
  const [ticketsByStatus, summaries] = await Promise.all([
    engine.status(tenantId),
    engine.listTickets(tenantId, { limit: DETAIL_LIMIT }),
  ]);
  const details = (await mapLimited(summaries, 4, (s) => engine.ticketDetail(tenantId, s.ticketId))).filter(
    (d): d is TicketDetail => d !== null,
  );

  const start = Math.floor(now.getTime() / HOUR) * HOUR - 23 * HOUR;
  const hours = Array.from({ length: 24 }, (_, i) => ({
    hour: new Date(start + i * HOUR).toISOString(),
    customer: 0,
    bot: 0,
    staff: 0,
  }));
  const outcomes = { bot: 0, escalated: 0, waiting: 0 };
  const intents = new Map<Intent, number>();
  const approvalStatus: Record<string, number> = {};
  const decisionTimes: number[] = [];
  const stages = new Map<string, { total: number; runs: number }>();

  for (const detail of details) {
    outcomes[outcomeOf(detail)] += 1;
    intents.set(detail.ticket.intent, (intents.get(detail.ticket.intent) ?? 0) + 1);
    for (const m of detail.messages) {
      const slot = Math.floor((m.createdAt.getTime() - start) / HOUR);
      const bucket = hours[slot];
      if (!bucket || m.role === 'system') continue;
      bucket[m.role] += 1;
    }
    for (const a of detail.approvals) {
      approvalStatus[a.status] = (approvalStatus[a.status] ?? 0) + 1;
      if (a.decidedAt) decisionTimes.push(a.decidedAt.getTime() - a.createdAt.getTime());
    }
    for (const d of detail.decisions) {
      for (const s of d.stages) {
        const acc = stages.get(s.name) ?? { total: 0, runs: 0 };
        acc.total += s.durationMs;
        acc.runs += 1;
        stages.set(s.name, acc);
      }
    }
  }

  return {
    generatedAt: now.toISOString(),
    ticketsCovered: details.length,
    ticketsByStatus,
    messagesPerHour: hours,
    outcomes,
    approvals: {
      pending: approvalStatus.pending ?? 0,
      decided: decisionTimes.length,
      medianDecisionMs: median(decisionTimes),
      byStatus: approvalStatus,
    },
    intents: [...intents.entries()]
      .map(([intent, count]) => ({ intent, count }))
      .sort((a, b) => b.count - a.count),
    stageTimings: [...stages.entries()].map(([stage, { total, runs }]) => ({
      stage,
      meanMs: Math.round(total / runs),
      runs,
    })),
  };
}
