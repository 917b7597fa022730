import type { KnowledgeBase } from '../agent/types.js';
import type {
  CustomerStore,
  DecisionStore,
  InteractionStore,
  MessageStore,
  TenantStore,
  TicketStore,
} from '../conversation/stores.js';
import {
  INTERACTION_RETENTION_DAYS,
  type Clock,
  type IdGenerator,
  type TicketStatus,
} from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { ApprovalNotifier, TakeoverService } from './api.js';
import { loadEscalationCard } from './card-data.js';
import { createKeyedLock } from './keyed-lock.js';
import type { ApprovalStore, AuditLog } from './ports.js';
import {
  audit,
  load,
  nameOf,
  refreshCard,
  result,
  staffActor,
  state,
  takenAnswer,
  tell,
} from './takeover-effects.js';

export interface TakeoverServiceDeps {
  tickets: TicketStore;
  tenants: TenantStore;
  customers: CustomerStore;
  approvals: ApprovalStore;
  audit: AuditLog;
  interactions: InteractionStore;
  notifier: ApprovalNotifier;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Optional: the card's transcript lines and last customer message. */
  messages?: MessageStore;
  /** Optional: confidence, threshold and urgency signals on the card. */
  decisions?: DecisionStore;
  kb?: Pick<KnowledgeBase, 'get'>;
}

const DAY_MS = 86_400_000;
const ACTIVE: TicketStatus[] = ['open', 'pending_approval', 'escalated'];
const MAX_DRAFT = 4000;

/**
 * Supervisor takeover: a person takes a ticket from the bot, hands it back, resolves it, or sends
 * the bot's draft. Every change is one conditional ticket update (the status it expects is in the
 * filter), so two people clicking at once get one winner and one clear answer.
 */
export function createTakeoverService(deps: TakeoverServiceDeps): TakeoverService {
  // One change per ticket at a time in this process; the conditional updates guard across processes.
  const lock = createKeyedLock();
  const serial = <T>(tenantId: string, ticketId: string, task: () => Promise<T>) =>
    lock.run(`${tenantId}/${ticketId}`, task);

  return {
    takeover(tenantId, ticketId, actor) {
      return serial(tenantId, ticketId, async () => {
        const loaded = await load(deps, tenantId, ticketId, actor, 'take over this ticket');
        if (!loaded.ok) return loaded.result;
        const { tenant, ticket } = loaded;
        const early = takenAnswer(ticket, actor);
        if (early) return early;
        const who = staffActor(actor);
        const updated = await deps.tickets.update(
          tenantId,
          ticketId,
          { status: 'human', assignee: who, updatedAt: deps.clock.now() },
          { from: ACTIVE },
        );
        if (!updated) {
          const current = await deps.tickets.get(tenantId, ticketId);
          return (
            (current && takenAnswer(current, actor)) ?? {
              ok: false,
              message: 'This ticket changed just now; please try again.',
            }
          );
        }
        await audit(deps, updated, who, 'ticket.taken_over', {
          before: state(ticket),
          after: state(updated),
        });
        await tell(deps, updated, 'human_joined', { name: nameOf(who), company: tenant.name });
        return result(
          deps,
          updated,
          true,
          `You've taken over ${ticketId}; the bot stays silent in that thread until you hand it back.`,
        );
      });
    },

    async implicitTakeover(ticket, actor) {
      if (actor.isExternal || ticket.status === 'human' || ticket.status === 'resolved') return;
      await serial(ticket.tenantId, ticket.ticketId, async () => {
        const who = staffActor(actor);
        const updated = await deps.tickets.update(
          ticket.tenantId,
          ticket.ticketId,
          { status: 'human', assignee: who, updatedAt: deps.clock.now() },
          { from: ACTIVE },
        );
        if (!updated) return; // Someone else took it, or it was resolved meanwhile: theirs stands.
        await audit(deps, updated, who, 'ticket.taken_over', {
          before: state(ticket),
          after: state(updated),
          note: 'wrote in the customer thread',
        });
        await refreshCard(deps, updated);
      });
    },

    handback(tenantId, ticketId, actor) {
      return serial(tenantId, ticketId, async () => {
        const loaded = await load(deps, tenantId, ticketId, actor, 'hand this ticket back');
        if (!loaded.ok) return loaded.result;
        const { tenant, ticket } = loaded;
        if (ticket.status === 'resolved') return { ok: false, message: 'This ticket is already resolved.' };
        if (ticket.status === 'open' || ticket.status === 'pending_approval') {
          return { ok: true, message: 'The bot is already handling this ticket.' };
        }
        const isAssignee = ticket.assignee?.userId === actor.userId;
        if (ticket.status === 'human' && !isAssignee && !tenant.supervisorIds.includes(actor.userId)) {
          const message = `You can't hand this ticket back: only ${nameOf(ticket.assignee)} or a supervisor can.`;
          await audit(deps, ticket, staffActor(actor), 'ticket.action_refused', {
            note: message,
            before: state(ticket),
          });
          return { ok: false, message };
        }
        const updated = await deps.tickets.update(
          tenantId,
          ticketId,
          { status: 'open', updatedAt: deps.clock.now() },
          { from: [ticket.status], unset: ['assignee'] },
        );
        if (!updated) return { ok: false, message: 'This ticket changed just now; please try again.' };
        await audit(deps, updated, staffActor(actor), 'ticket.handed_back', {
          before: state(ticket),
          after: state(updated),
        });
        await tell(deps, updated, 'handed_back', { name: actor.name ?? '', company: tenant.name });
        return result(deps, updated, true, `${ticketId} is back with the bot.`);
      });
    },

    resolve(tenantId, ticketId, actor) {
      return serial(tenantId, ticketId, async () => {
        const loaded = await load(deps, tenantId, ticketId, actor, 'resolve this ticket');
        if (!loaded.ok) return loaded.result;
        const { ticket } = loaded;
        if (ticket.status === 'resolved') return { ok: false, message: 'This ticket is already resolved.' };
        const now = deps.clock.now();
        const who = staffActor(actor);
        const updated = await deps.tickets.update(
          tenantId,
          ticketId,
          { status: 'resolved', resolvedAt: now, resolvedBy: 'person', assignee: who, updatedAt: now },
          { from: [...ACTIVE, 'human'], unset: ['draft'] },
        );
        if (!updated) return { ok: false, message: 'This ticket is already resolved.' };
        await audit(deps, updated, who, 'ticket.resolved', { before: state(ticket), after: state(updated) });
        if (updated.customerId) {
          try {
            await deps.interactions.add({
              tenantId,
              interactionId: deps.ids.id('int'),
              customerId: updated.customerId,
              ticketId,
              intent: updated.intent,
              outcome: 'resolved',
              summary: (updated.escalation?.summary ?? updated.subject) || `Resolved by ${nameOf(who)}`,
              createdAt: now,
              expiresAt: new Date(now.getTime() + INTERACTION_RETENTION_DAYS * DAY_MS),
            });
          } catch (err) {
            deps.logger.error({ err, ticketId }, 'recording interaction history failed');
          }
        }
        await tell(deps, updated, 'resolved', {});
        await deps.notifier.ticketClosed?.(updated);
        return result(deps, updated, true, `${ticketId} is resolved.`);
      });
    },

    sendDraft(tenantId, ticketId, actor, editedText) {
      return serial(tenantId, ticketId, async () => {
        const loaded = await load(deps, tenantId, ticketId, actor, 'send this draft');
        if (!loaded.ok) return loaded.result;
        const { ticket } = loaded;
        if (ticket.status === 'resolved') return { ok: false, message: 'This ticket is already resolved.' };
        const text = (editedText?.trim() || ticket.draft?.text || '').slice(0, MAX_DRAFT);
        if (!ticket.draft || !text)
          return { ok: false, message: 'There is no draft to send; it may have been sent already.' };
        if (!deps.notifier.sendToCustomer)
          return { ok: false, message: "Sending drafts isn't available on this channel." };
        // Claim the draft first (version-checked): of two clicks, exactly one sends.
        // A person in charge or a pending approval stays as it is; an escalation or draft review closes.
        const status: TicketStatus =
          ticket.status === 'human' || ticket.status === 'pending_approval' ? ticket.status : 'open';
        const claimed = await deps.tickets.update(
          tenantId,
          ticketId,
          { status, updatedAt: deps.clock.now() },
          { expectedVersion: ticket.version, from: [ticket.status], unset: ['draft', 'escalation'] },
        );
        if (!claimed) return { ok: false, message: 'This draft was already handled by someone else.' };
        try {
          await deps.notifier.sendToCustomer(claimed, { text, author: { kind: 'bot' } });
        } catch (err) {
          deps.logger.error({ err, ticketId }, 'sending the draft failed');
          // Put the draft back so staff can try again; the customer got nothing.
          const restored = await deps.tickets.update(
            tenantId,
            ticketId,
            {
              status: ticket.status,
              draft: ticket.draft,
              ...(ticket.escalation ? { escalation: ticket.escalation } : {}),
              updatedAt: deps.clock.now(),
            },
            { from: [status] },
          );
          return result(
            deps,
            restored ?? claimed,
            false,
            "The draft couldn't be sent; it is still here to try again.",
          );
        }
        const who = staffActor(actor);
        await audit(deps, claimed, who, 'ticket.draft_sent', {
          before: { ...state(ticket), draft: ticket.draft.text },
          after: { ...state(claimed), sent: text, edited: text !== ticket.draft.text },
        });
        return result(deps, claimed, true, 'Draft sent to the customer.');
      });
    },

    async escalationCard(tenantId, ticketId, known = {}) {
      const ticket = await deps.tickets.get(tenantId, ticketId);
      return ticket ? loadEscalationCard(deps, ticket, { justRead: true, ...known }) : null;
    },
  };
}
