import type { ApprovalNotifier, CustomerNotice, TakeoverService } from '../approvals/api.js';
import type { PhraseKey } from '../agent/types.js';
import type { Message } from '../domain/index.js';
import type { ApprovalPosts } from './approval-posts.js';
import type { DeliveryDeps } from './engine-deps.js';
import { recordInternalNote, sendReply, sendToCustomer } from './delivery.js';
import { cardUpdate, postStaffCard, showTicketCard, updateStaffCard } from './staff-cards.js';
import { escalateTicket, interactionOf, recordInteraction } from './escalate-ticket.js';
import { publishStatus } from './apply-effects.js';
import { adoptCarriedCard, carryCard, postCarriedCard } from './carried-posts.js';
import { botSilenced } from './bot-voice.js';
import { finalText } from './delivery.js';

/**
 * What staff's own clicks say through the bot (a person joined, handed back, resolved): these go
 * out even in a thread a person holds. Everything else (approval outcomes, expiry) is the bot's.
 */
const NOTICES: ReadonlySet<PhraseKey> = new Set<PhraseKey>(['human_joined', 'handed_back', 'resolved']);

/**
 * How approvals and takeover reach people, over the channel ports and the agent's localized
 * phrases. The takeover service is passed lazily: it needs this notifier to be built first.
 */
export function createNotifier(
  deps: DeliveryDeps,
  getTakeover: () => TakeoverService,
  /** The approval runs' posts, marked sent by the request's own write (issue 13); off when absent. */
  posts?: ApprovalPosts,
  /** A request's card rides in its insert (issue 13, `OUTBOX_IN_TURN=on`). */
  carry = false,
): ApprovalNotifier {
  return {
    ...(posts
      ? {
          // The run's posts go through a notifier over the outbox that keeps their marks back.
          holdPosts: (approvalId, marks, task) =>
            posts.hold(approvalId, marks, (outbox) =>
              task(
                createNotifier({ ...deps, stores: { ...deps.stores, outbox } }, getTakeover, posts, carry),
              ),
            ),
          releasePosts: (marks) => posts.release(marks),
        }
      : {}),
    postStaffCard(tenantId, thread, card) {
      return postStaffCard(deps, tenantId, thread.platform, card);
    },
    ...(carry
      ? {
          carryCard: (tenantId, thread, card) => carryCard(deps, tenantId, thread, card),
          postCarriedCard: (carried) => postCarriedCard(deps, carried),
        }
      : {}),
    // Known whatever the setting: a request stored carrying its card is adopted all the same.
    adoptCarriedCard: (carried) => adoptCarriedCard(deps, carried),
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
      // it from this note on the ticket (and the approval card, updated by the caller). The
      // caller's own write a moment ago (conditional on a status a takeover changes) is as fresh.
      const { written, kept } = options;
      const current =
        written?.tenantId === ticket.tenantId && written.ticketId === ticket.ticketId
          ? written
          : await deps.stores.tickets.get(ticket.tenantId, ticket.ticketId);
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
      // The resolved ticket's history entry rides in the notice's insert, under an id derived from
      // the notice's (a rerun finds it stored); written alone by ticketResolved otherwise.
      const { resolved } = options;
      const entry =
        resolved && written && current === written
          ? interactionOf(
              deps,
              written,
              'resolved',
              `${written.subject}: ${resolved.summary}`,
              deliveryId ? `int_${deliveryId}` : undefined,
            )
          : undefined;
      let historyRecorded = false;
      // The channel may not let the bot speak (off, draft): then it is kept as a note, not sent.
      // An executed refund's notice carries the order system's reference: the one claim allowed.
      // The ticket just read is the one the bot's check before sending uses (not read twice).
      const { silenced } = await sendReply(deps, current ?? ticket, text, {
        language: ticket.language,
        ...(current ? { written: current } : {}),
        ...(params.reference ? { moneyReference: params.reference } : {}),
        ...(deliveryId ? { deliveryId } : {}),
        ...(alongside ? { alongside } : {}),
        ...(kept && written ? { kept } : {}),
        ...(entry ? { interaction: { entry, stored: () => (historyRecorded = true) } } : {}),
      });
      if (!silenced) return { outcome: 'sent', ...(historyRecorded ? { historyRecorded } : {}) };
      return {
        outcome: 'held',
        reason: silenced.reason,
        ...(silenced.assignee ? { assignee: silenced.assignee } : {}),
      };
    },
    async plannedNotice(ticket, key, params, deliveryId): Promise<Message | undefined> {
      // Only a notice tellCustomer would post as is, through a port, in the bot's voice now.
      if (NOTICES.has(key) || !deps.ports.get(ticket.thread.platform)) return undefined;
      if (await botSilenced(deps, ticket, ticket)) return undefined;
      const said = deps.agent.phrase(key, ticket.language, params);
      const final = finalText(
        deps,
        ticket,
        said,
        params.reference ? { moneyReference: params.reference } : {},
      );
      if (final.note || !final.text) return undefined;
      return {
        messageId: deliveryId,
        tenantId: ticket.tenantId,
        ticketId: ticket.ticketId,
        thread: ticket.thread,
        role: 'bot',
        author: { kind: 'bot' },
        text: final.text,
        ...(ticket.language !== undefined ? { language: ticket.language } : {}),
        edited: false,
        deleted: false,
        createdAt: deps.clock.now(),
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
    async ticketResolved(ticket, summary, options = {}) {
      publishStatus(deps, ticket);
      if (!options.historyRecorded)
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
