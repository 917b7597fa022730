import type { ApprovalNotifier, TakeoverService } from '../approvals/api.js';
import type { DeliveryDeps } from './engine-deps.js';
import { escalateTicket, postStaffCard, sendToCustomer, updateStaffCard } from './delivery.js';

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
