import { AsyncLocalStorage } from 'node:async_hooks';
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
 * not by an outbox write of their own: one round trip less a click. `outbox` is the store every
 * delivery goes through; inside `hold` it stamps the entries it opens (`approvalRun`) and keeps
 * their sent marks back in the caller's list. The outbox store, asked about such an entry later
 * (the sweep once its poster's lease ran out, the same key again), finds the mark on the request.
 * A kill between the post and the request's write leaves the entry pending with no mark anywhere,
 * as one between the post and the outbox's own write did (the sweep looks for a Slack reply first;
 * Teams and the sandbox post again); that window now also spans the run's audit insert.
 */
export interface ApprovalPosts {
  outbox: OutboxStore;
  /** Runs `task` with the sent marks of the entries it opens kept back in `marks`. */
  hold<T>(approvalId: string, marks: PostMark[], task: () => Promise<T>): Promise<T>;
  /** The request's write did not carry `marks`: the outbox marks them sent (one write). */
  release(marks: readonly PostMark[]): Promise<void>;
}

export function createApprovalPosts(
  inner: OutboxStore,
  deps: { clock: Clock; logger: Logger },
): ApprovalPosts {
  const current = new AsyncLocalStorage<ApprovalPosting>();
  const keeps = (entryId: string) => {
    const posting = current.getStore();
    return posting?.opened.has(entryId) ? posting : undefined;
  };
  const outbox: OutboxStore = {
    ...inner,
    async open(entry) {
      const posting = current.getStore();
      if (!posting) return inner.open(entry);
      const opened = await inner.open({ ...entry, approvalRun: { approvalId: posting.approvalId } });
      // Only an entry this call created carries the stamp (an existing one keeps what it had).
      if (opened.claimed && opened.entry.entryId === entry.entryId) posting.opened.add(entry.entryId);
      return opened;
    },
    async markSent(tenantId, entryId, result, at, leaseToken) {
      const posting = keeps(entryId);
      if (!posting) return inner.markSent(tenantId, entryId, result, at, leaseToken);
      posting.marks.push({ tenantId, entryId, ...(result ? { ref: result } : {}), leaseToken });
      return true;
    },
    ...(inner.markSentAll
      ? {
          async markSentAll(sent, at) {
            const rest = sent.filter((s) => {
              const posting = keeps(s.entryId);
              posting?.marks.push({
                tenantId: s.tenantId,
                entryId: s.entryId,
                ...(s.result ? { ref: s.result } : {}),
                leaseToken: s.leaseToken,
              });
              return !posting;
            });
            return rest.length > 0 ? inner.markSentAll!(rest, at) : [];
          },
        }
      : {}),
  };
  return {
    outbox,
    hold: (approvalId, marks, task) => current.run({ approvalId, opened: new Set(), marks }, task),
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
