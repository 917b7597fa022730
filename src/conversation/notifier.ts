import type { ApprovalNotifier, CustomerNotice, TakeoverService } from '../approvals/api.js';
import type { PhraseKey } from '../agent/types.js';
import type { DeliveryDeps } from './engine-deps.js';
import {
  cardUpdate,
  escalateTicket,
  postStaffCard,
  recordInteraction,
  recordInternalNote,
  sendReply,
  sendToCustomer,
  showTicketCard,
  updateStaffCard,
} from './delivery.js';
import { publishStatus } from './apply-effects.js';

/**
 * What staff's own clicks say through the bot (a person joined, handed back, resolved): these go
 * out even in a thread a person holds. Everything else (approval outcomes, expiry) is the bot's.
 */
const NOTICES: ReadonlySet<PhraseKey> = new Set<PhraseKey>(['human_joined', 'handed_back', 'resolved']);

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
    async tellCustomer(ticket, key, params, options = {}): Promise<CustomerNotice> {
      const text = deps.agent.phrase(key, ticket.language, params);
      const { deliveryId } = options;
      const alongside = options.cardUpdate
        ? [cardUpdate(deps, ticket.tenantId, options.cardUpdate.ref, options.cardUpdate.card)]
        : undefined;
      if (NOTICES.has(key)) {
        await sendToCustomer(deps, ticket, text, {
          language: ticket.language,
          notice: true,
          ...(deliveryId ? { deliveryId } : {}),
          ...(alongside ? { alongside } : {}),
        });
        return { outcome: 'sent' };
      }
      // A person holds the thread: the outcome is theirs to tell, in their own words. They learn
      // it from this note on the ticket (and the approval card, updated by the caller).
      const current = await deps.stores.tickets.get(ticket.tenantId, ticket.ticketId);
      if (current?.status === 'human') {
        const english = deps.agent.phrase(key, 'en', params);
        const who = current.assignee?.name ?? 'the assignee';
        deps.logger.info({ ticketId: ticket.ticketId, key }, 'customer update held for the assignee');
        await recordInternalNote(
          deps,
          ticket,
          `For ${who}: not posted to the customer because you have this thread; tell them in your own words. Update: ${english}`,
        );
        if (options.cardUpdate)
          await updateStaffCard(deps, ticket.tenantId, options.cardUpdate.ref, options.cardUpdate.card);
        return {
          outcome: 'held',
          reason: 'a person has this thread',
          ...(current.assignee ? { assignee: current.assignee } : {}),
        };
      }
      // The channel may not let the bot speak (off, draft): then it is kept as a note, not sent.
      // An executed refund's notice carries the order system's reference: the one claim allowed.
      // The ticket just read is the one the bot's check before sending uses (not read twice).
      const { silenced } = await sendReply(deps, current ?? ticket, text, {
        language: ticket.language,
        ...(current ? { written: current } : {}),
        ...(params.reference ? { moneyReference: params.reference } : {}),
        ...(deliveryId ? { deliveryId } : {}),
        ...(alongside ? { alongside } : {}),
      });
      if (!silenced) return { outcome: 'sent' };
      return {
        outcome: 'held',
        reason: silenced.reason,
        ...(silenced.assignee ? { assignee: silenced.assignee } : {}),
      };
    },
    // A draft staff chose to send (or staff's own words): their decision, so it goes out as a notice.
    async sendToCustomer(ticket, message) {
      await sendToCustomer(deps, ticket, message.text, {
        citations: message.citations,
        author: message.author,
        language: ticket.language,
        notice: true,
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
    async showTicketCard(ticket) {
      await showTicketCard(deps, getTakeover(), ticket);
    },
    async ticketResolved(ticket, summary) {
      publishStatus(deps, ticket);
      await recordInteraction(deps, ticket, 'resolved', `${ticket.subject}: ${summary}`);
      await deps.lifecycle?.ticketResolved(ticket, ticket.resolvedBy ?? 'bot');
    },
    async resolvedClocks(ticket, at) {
      return deps.lifecycle?.resolvedClocks(ticket, at);
    },
    async ticketClosed(ticket) {
      await deps.lifecycle?.ticketResolved(ticket, 'person');
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
