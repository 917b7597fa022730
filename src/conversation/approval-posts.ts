import type { PostMark } from '../approvals/ports.js';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { markHeldSent } from './mark-sent.js';
import type { OutboxStore } from './stores.js';

/** One approval run's posts: the entries it opened (stamped) and their sent marks, kept back. */
interface ApprovalPosting {
  approvalId: string;
  opened: Set<string>;
  marks: PostMark[];
}

/**
 * Issue 13: the posts an approval's run makes (an Approve click's card update and customer notice,
 * or the sweep's) are marked sent by the run's own write of the request that ends its effects,
 * not by an outbox write of their own: one round trip less a click. The run's deliveries go through
 * the outbox `hold` gives its task, which stamps the entries it opens (`approvalRun`) and keeps their
 * sent marks back in the caller's list; `outbox` is the store as every other delivery sees it. The
 * outbox store, asked about such an entry later (the sweep once its poster's lease ran out, the same
 * key again), finds the mark on the request. The scope is passed explicitly (no AsyncLocalStorage:
 * one turns on Node's promise hooks for every promise of the process).
 * A kill between the post and the request's write leaves the entry pending with no mark anywhere,
 * as one between the post and the outbox's own write did (the sweep looks for a Slack reply first;
 * Teams and the sandbox post again); that window now also spans the run's audit insert.
 */
export interface ApprovalPosts {
  outbox: OutboxStore;
  /** Runs `task` with the outbox that keeps the sent marks of the entries it opens in `marks`. */
  hold<T>(approvalId: string, marks: PostMark[], task: (outbox: OutboxStore) => Promise<T>): Promise<T>;
  /** The request's write did not carry `marks`: the outbox marks them sent (one write). */
  release(marks: readonly PostMark[]): Promise<void>;
}

export function createApprovalPosts(
  inner: OutboxStore,
  deps: { clock: Clock; logger: Logger },
): ApprovalPosts {
  /** The outbox of one approval run's posting. */
  function scoped(posting: ApprovalPosting): OutboxStore {
    const keeps = (entryId: string) => posting.opened.has(entryId);
    return {
      ...inner,
      async open(entry) {
        const opened = await inner.open({ ...entry, approvalRun: { approvalId: posting.approvalId } });
        // Only an entry this call created carries the stamp (an existing one keeps what it had).
        if (opened.claimed && opened.entry.entryId === entry.entryId) posting.opened.add(entry.entryId);
        return opened;
      },
      async markSent(tenantId, entryId, result, at, leaseToken) {
        if (!keeps(entryId)) return inner.markSent(tenantId, entryId, result, at, leaseToken);
        posting.marks.push({ tenantId, entryId, ...(result ? { ref: result } : {}), leaseToken });
        return true;
      },
      ...(inner.markSentAll
        ? {
            async markSentAll(sent, at) {
              const rest = sent.filter((s) => {
                if (!keeps(s.entryId)) return true;
                posting.marks.push({
                  tenantId: s.tenantId,
                  entryId: s.entryId,
                  ...(s.result ? { ref: s.result } : {}),
                  leaseToken: s.leaseToken,
                });
                return false;
              });
              return rest.length > 0 ? inner.markSentAll!(rest, at) : [];
            },
          }
        : {}),
    };
  }
  return {
    outbox: inner,
    hold: (approvalId, marks, task) => task(scoped({ approvalId, opened: new Set(), marks })),
    async release(marks) {
      const sent = marks.map((m) => ({
        tenantId: m.tenantId,
        entryId: m.entryId,
        result: m.ref,
        leaseToken: m.leaseToken,
      }));
      await markHeldSent(inner, sent, deps);
    },
  };
}
