import type { InboundJournalStore } from './inbound-journal.schema.js';
import type { EngineDeps } from './engine-deps.js';
import type { TicketStore } from './stores.js';
import type { ThreadOrder, ThreadRun } from './thread-order.js';

/**
 * Accepting a customer message also takes its place in its threads' queues, before the platform's
 * ack and in the same write: its record is kept in its own thread key's turn document.
 */
export function orderedInbound(inner: InboundJournalStore, order: ThreadOrder): InboundJournalStore {
  return {
    ...inner,
    async accept(record) {
      const msg = record.message;
      if (msg.kind !== 'message') return inner.accept(record);
      const turn = order.turnRequest(msg);
      const accepted = await inner.accept({ ...record, home: turn.keys.at(-1) }, turn);
      if (accepted.created && accepted.turns) order.accepted(msg, accepted.turns);
      return accepted;
    },
  };
}

/**
 * A run's ticket writes go through only while the run holds its thread (fencing): checked before
 * the write, and carried in it, so a write still on its way when another run took the thread over
 * (and wrote with its newer token) is refused by the ticket itself.
 */
export function fencedTickets(inner: TicketStore, run: ThreadRun): TicketStore {
  return {
    ...inner,
    async insert(ticket) {
      await run.check();
      return inner.insert(ticket, run.fence());
    },
    async update(tenantId, ticketId, patch, condition) {
      await run.check();
      const fence = run.fence();
      const updated = await inner.update(tenantId, ticketId, patch, { ...condition, fence });
      // Refused: by a newer run's token (then this run's lease is gone) or by the state it expected.
      if (!updated) await run.confirmHeld();
      return updated;
    },
  };
}

/**
 * What a run's steps use: `deps` with the run's fenced ticket store and, when the turn's end
 * carries its posts' sent marks, the run's outbox (the ticket lifecycle's posts too: a rating
 * prompt, a card redraw). Outside a turn (no run): `deps` as they are.
 */
export function withRun(deps: EngineDeps, run: ThreadRun | undefined): EngineDeps {
  if (!run) return deps;
  const { outbox } = run;
  const lifecycle = outbox ? (deps.lifecycle?.withOutbox?.(outbox) ?? deps.lifecycle) : deps.lifecycle;
  return {
    ...deps,
    stores: {
      ...deps.stores,
      tickets: fencedTickets(deps.stores.tickets, run),
      ...(outbox ? { outbox } : {}),
    },
    ...(lifecycle ? { lifecycle } : {}),
  };
}
