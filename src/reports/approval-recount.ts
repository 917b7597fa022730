import type { ApprovalStore } from '../approvals/ports.js';
import type { TicketStore } from '../conversation/stores.js';
import type { ApprovalRequest, Ticket } from '../domain/index.js';
import { ApprovalFactSchema, approvalCounters, approvalFact } from './facts.js';
import type { ApplyFact } from './fact-writer.js';
import type { PutParty } from './put-barrier.js';
import { approvalFactId } from './recount-keys.js';
import type { RecountHints } from './recount-hints.js';
import type { RememberedFacts } from './remembered-facts.js';

export interface ApprovalRecountDeps {
  approvals: Pick<ApprovalStore, 'get' | 'listByTicket'>;
  tickets: Pick<TicketStore, 'get'>;
  apply: ApplyFact;
  facts: Pick<RememberedFacts, 'has'>;
  hints: RecountHints;
}

export interface ApprovalRecountOptions {
  /** The request's ticket as its ticket's recount counted it (null: read it). */
  known?: Ticket | Promise<Ticket | null>;
  /** The request as just read (a ticket's recount); read otherwise. */
  listed?: ApprovalRequest;
  /** Its first write waits for the other recounts of the same barrier (put-barrier.ts). */
  party?: PutParty;
  /**
   * Its ticket was created here and never counted: nor were its requests (a click that came
   * before its request's recount, decided already), whatever their status now.
   */
  ticketFresh?: boolean;
}

/** Approval requests' facts: each counted with its ticket's intent and channel. */
export interface ApprovalRecount {
  recount(tenantId: string, approvalId: string, options?: ApprovalRecountOptions): Promise<void>;
  /**
   * The ticket's requests (`counted`: the ticket as counted): those the events announced when they
   * are all the ticket lists, else read by key from its list (approval-repository.ts).
   */
  list(tenantId: string, ticketId: string, counted: Ticket): Promise<ApprovalRequest[]>;
}

const parseApproval = (raw: unknown) => {
  const p = ApprovalFactSchema.safeParse(raw);
  return p.success ? p.data : null;
};

export function createApprovalRecount(deps: ApprovalRecountDeps): ApprovalRecount {
  const { apply, hints } = deps;
  return {
    async recount(tenantId, approvalId, { known, listed, party, ticketFresh = false } = {}) {
      // A request nobody counted yet (new here, still pending) is inserted without reading its fact
      // first; if another process counted it meanwhile, the insert loses and the fact is read.
      const fresh =
        listed !== undefined &&
        ((listed.status === 'pending' && hints.ticketOf(tenantId, approvalId) === undefined) ||
          ticketFresh) &&
        !deps.facts.has(tenantId, approvalFactId(approvalId));
      await apply(
        tenantId,
        approvalFactId(approvalId),
        parseApproval,
        async () => {
          const approval = listed ?? (await deps.approvals.get(tenantId, approvalId));
          if (!approval) return null;
          hints.linkApproval(tenantId, approvalId, approval.ticketId);
          const ticket = (await known) ?? (await deps.tickets.get(tenantId, approval.ticketId));
          const fact = approvalFact(approval, ticket);
          return { fact, counters: approvalCounters(fact) };
        },
        { fresh, party },
      );
    },
    async list(tenantId, ticketId, counted) {
      const ids = counted.approvals?.whole ? counted.approvals.ids : [];
      const held = ids.length === 0 ? undefined : hints.takeAnnounced(tenantId, ids);
      if (!held) return deps.approvals.listByTicket(tenantId, ticketId, counted);
      return held.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}
