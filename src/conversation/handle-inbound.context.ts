import type { EngineDeps } from './engine-deps.js';
import type { KeyedQueue } from './keyed-queue.js';
import type { InboundOutcome } from './ports.js';
import type { ThreadRun } from './thread-order.js';
import type { WorkingOptions } from './working.js';

/**
 * What one message's steps share (handle-inbound.ts): the run's own deps (inside a thread's turn,
 * a ticket store fenced by its lease and the outbox that keeps its posts' sent marks for the
 * turn's end, see withRun), the thread's run, the per-ticket queue, and the placeholder's timing.
 */
export interface TurnContext {
  deps: EngineDeps;
  run: ThreadRun | undefined;
  queue: KeyedQueue;
  working: Pick<WorkingOptions, 'placeholderAfterMs'> | undefined;
}

/**
 * A run that outlived its bound was already escalated to a person, and the customer told one
 * will follow up: if it wakes up later, it records nothing more and says nothing.
 */
export function abandonedOutcome(ticket: { ticketId: string }): InboundOutcome {
  return {
    status: 'recorded',
    ticketId: ticket.ticketId,
    reason: 'run abandoned after its time bound; a person has it',
  };
}
