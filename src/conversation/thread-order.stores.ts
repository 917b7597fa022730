import type { InboundJournalStore } from './inbound-journal.schema.js';
import type { TicketStore } from './stores.js';
import type { ThreadOrder } from './thread-order.js';

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
 * Ticket writes inside a run go through only while the run holds its thread (fencing): checked
 * before the write, and carried in it, so a write still on its way when another run took the
 * thread over (and wrote with its newer token) is refused by the ticket itself.
 */
export function fencedTickets(inner: TicketStore, order: ThreadOrder): TicketStore {
  return {
    ...inner,
    async insert(ticket) {
      await order.check();
      return inner.insert(ticket, order.fence());
    },
    async update(tenantId, ticketId, patch, condition) {
      await order.check();
      const fence = order.fence();
      const updated = await inner.update(
        tenantId,
        ticketId,
        patch,
        fence ? { ...condition, fence } : condition,
      );
      // Refused: by a newer run's token (then this run's lease is gone) or by the state it expected.
      if (!updated && fence) await order.confirmHeld();
      return updated;
    },
  };
}
