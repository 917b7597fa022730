import type { AgentResult } from '../agent/types.js';
import { guardMoneyClaims } from '../agent/guardrails/money-claims.js';
import type { ChannelMode, DecisionRecord, Ticket, TurnInteraction } from '../domain/index.js';
import { INTERACTION_RETENTION_DAYS } from '../domain/index.js';
import type { EngineDeps } from './engine-deps.js';

const DAY_MS = 86_400_000;

/**
 * The record of one agent turn: its decision and, when the turn is expected to end in an answer
 * or an escalation, the customer's interaction history entry for it, in one document and one
 * write (issue 13; before, two inserts into two collections on every message). Written before
 * the customer is told, as the decision always was; a turn that then does not end as expected
 * takes the entry back (`drop`): a person took the ticket over meanwhile, or the answer was held
 * back. A run killed before answering is picked up by the recovery, which takes the entry of the
 * unanswered message back before it escalates (and records the escalation's own).
 */
export interface TurnRecord {
  /** The decision as recorded (the escalation card shows it without reading it back). */
  readonly decision: DecisionRecord;
  /** The history entry is in the record: the paths that wrote it after the answer write none. */
  readonly carried: boolean;
  /** Takes the entry back (a no-op when none was carried, or it was taken back already). */
  drop(): Promise<void>;
  /**
   * A turn that posts a bot message stores its decision in that message's insert (issue 13: one
   * command for both, before the customer is told): the message store takes it from here, once.
   * Undefined once stored (or for a turn that stored it at once).
   */
  ride(): { record: DecisionRecord; interaction?: TurnInteraction } | undefined;
  /** Stores the decision alone if no message took it (held back, nothing said): before returning. */
  settle(): Promise<void>;
}

/**
 * The history entry the turn will have written once it ends as the agent decided, if any: the
 * answer that resolves the ticket, or the escalation of a ticket not escalated before. Only in
 * `auto` mode (elsewhere the answer is held back anyway), and not for proposals (their outcome is
 * the approval's) or an answer claiming money moved (escalated instead, with its own summary).
 */
export function turnInteraction(
  ticket: Ticket,
  result: AgentResult,
  mode: ChannelMode,
  reply: string,
  now: Date,
): TurnInteraction | undefined {
  if (mode !== 'auto' || !ticket.customerId || result.route === 'ignore' || result.proposedAction)
    return undefined;
  const expiresAt = new Date(now.getTime() + INTERACTION_RETENTION_DAYS * DAY_MS);
  const entry = (outcome: TurnInteraction['outcome'], summary: string): TurnInteraction => ({
    customerId: ticket.customerId!,
    intent: ticket.intent,
    outcome,
    summary: summary.slice(0, 1000),
    expiresAt,
  });
  if (result.route === 'escalate') {
    if (ticket.status === 'escalated') return undefined;
    return entry('escalated', result.escalation?.summary ?? result.reason);
  }
  if (guardMoneyClaims(reply).removed.length) return undefined;
  return entry('resolved', `${ticket.subject}: ${reply}`);
}

/**
 * Stores the turn's decision, with `interaction` when given (see TurnRecord); with `rides`, it
 * waits for the bot message the turn posts to store it, and `settle` stores it if none did.
 */
export async function recordTurn(
  deps: EngineDeps,
  record: DecisionRecord,
  interaction: TurnInteraction | undefined,
  options: { rides?: boolean } = {},
): Promise<TurnRecord> {
  let pending = options.rides === true;
  if (!pending) await deps.stores.decisions.add(record, interaction);
  let carried = interaction !== undefined;
  const entry = () => (carried && interaction ? { interaction } : {});
  return {
    decision: record,
    carried,
    ride() {
      if (!pending) return undefined;
      pending = false;
      return { record, ...entry() };
    },
    async settle() {
      if (!pending) return;
      pending = false;
      await deps.stores.decisions.add(record, carried ? interaction : undefined);
    },
    async drop() {
      if (!carried) return;
      carried = false;
      // Not stored yet: it will be stored without the entry.
      if (pending) return;
      try {
        await deps.stores.decisions.dropInteraction(record.tenantId, { decisionId: record.decisionId });
      } catch (err) {
        deps.logger.error({ err, ticketId: record.ticketId }, 'taking back an interaction entry failed');
      }
    },
  };
}
