import type { ApprovalNotifier, TakeoverService } from '../approvals/api.js';
import type { DeliveryDeps } from './engine-deps.js';
import {
  escalateTicket,
  postStaffCard,
  recordInteraction,
  sendToCustomer,
  updateStaffCard,
} from './delivery.js';

/**
 * How approvals and takeover reach people, over the channel ports and the agent's localized
 * phrases. The takeover service is passed lazily: it needs this notifier to be built first.
 */
export function createNotifier(deps: DeliveryDeps, getTakeover: () => TakeoverService): ApprovalNotifier {
  return {
    postStaffCard(tenantId, thread, card) {
      return postStaffCard(deps, tenantId, thread.platform, card);
    },
    updateStaffCard(tenantId, ref, card) {
      return updateStaffCard(deps, tenantId, ref, card);
    },
    async tellCustomer(ticket, key, params) {
      const text = deps.agent.phrase(key, ticket.language, params);
      await sendToCustomer(deps, ticket, text, { language: ticket.language });
    },
    async sendToCustomer(ticket, message) {
      await sendToCustomer(deps, ticket, message.text, {
        citations: message.citations,
        author: message.author,
        language: ticket.language,
      });
    },
    async threadLink(ticket) {
      const port = deps.ports.get(ticket.thread.platform);
      if (!port?.threadLink) return undefined;
      try {
        return await port.threadLink(ticket.tenantId, ticket.thread);
      } catch (err) {
        deps.logger.warn({ err, ticketId: ticket.ticketId }, 'building the thread link failed');
        return undefined;
      }
    },
    async ticketResolved(ticket, summary) {
      deps.events.publish({
        type: 'ticket',
        tenantId: ticket.tenantId,
        ticketId: ticket.ticketId,
        status: ticket.status,
        at: deps.clock.now(),
      });
      await recordInteraction(deps, ticket, 'resolved', `${ticket.subject}: ${summary}`);
    },
    // Staff-facing only: the caller tells the customer in its own words (tellCustomer), so the
    // customer never gets two messages for one event.
    async escalate(ticket, reason) {
      await escalateTicket(deps, getTakeover(), ticket, {
        summary: ticket.escalation?.summary ?? reason,
        reason,
        customerMessage: null,
      });
    },
  };
}
