import { ConflictError } from '../errors.js';
import type { OrderSystem } from '../commerce/order-system.js';
import type { ApprovalRequest, Tenant } from '../domain/index.js';
import type { ApprovalServiceDeps } from './approval-effects.js';
import type { OpenRequest } from './open-requests.js';
import type { RefundHold } from './refund-ledger.schema.js';

const DAY_MS = 24 * 3_600_000;
/** An automatic refund takes seconds: a hold older than this was left by a process that died. */
const AUTO_STALE_MS = 3_600_000;

/** Lock key for everything that reads then changes one customer's refunds (limits, open requests). */
export const customerLockKey = (tenantId: string, customerId: string) => `customer:${tenantId}/${customerId}`;

type LedgerDeps = Pick<ApprovalServiceDeps, 'refundLedgers' | 'approvals' | 'logger'>;

/**
 * A customer's refund ledger as read: the requests and refunds Switchboard has open for them. The
 * daily limit is the order system's refunds of the last 24 h plus these; the ledger is one document
 * changed only by conditional writes, so two processes cannot both take the last slot, and a
 * second request for an order with one open is refused in any process.
 */
export interface LedgerView {
  tenantId: string;
  customerId: string;
  /** The revision read (null: no ledger stored yet). */
  rev: number | null;
  holds: RefundHold[];
  /**
   * The order system's refunds of the last 24 h, counted right after this read (0: not asked),
   * except those under the key of a hold that counts today (`heldRefunds` counts them).
   */
  executed: number;
}

/**
 * The customer's ledger, without holds a crashed process left behind (one primary-key read), and,
 * when `orders` is given, the order system's refunds of the last 24 h counted after it. Always in
 * that order, on every read (a write that lost reads both again): a refund whose hold this read no
 * longer shows was released after its money reached the order, so the count that follows includes
 * it. Counted before the read, or kept from an earlier one, a refund that finished in between was
 * in neither, and two processes could both take the customer's last slot.
 */
export async function readLedger(
  deps: LedgerDeps,
  tenantId: string,
  customerId: string,
  now: Date,
  ttlHours: number,
  orders?: Pick<OrderSystem, 'countRefundsSince'>,
  /** The caller's write just found no ledger (a `take` answering null): not read again. */
  absent = false,
): Promise<LedgerView> {
  const doc = absent ? null : await deps.refundLedgers.get(tenantId, customerId);
  let read: Pick<LedgerView, 'rev' | 'holds'>;
  if (doc) read = { rev: doc.rev, holds: live(doc.holds, now, ttlHours) };
  else {
    // No ledger yet: the customer's requests still open (opened before ledgers existed) start it.
    const since = new Date(now.getTime() - staleAfterMs(ttlHours));
    const open = await deps.approvals.listOpenByCustomer(tenantId, customerId, since);
    read = { rev: null, holds: open.map((r) => holdOf(r)) };
  }
  return countAfter({ tenantId, customerId, ...read }, now, orders);
}

/**
 * The view of a ledger just read (or just written), with the order system's refunds of the last
 * 24 h counted after it. A refund that reached its order while its hold is still here (released
 * a moment later) is counted from the hold alone: the holds that count today leave their keys
 * out of the count.
 */
export async function countAfter(
  read: Omit<LedgerView, 'executed'>,
  now: Date,
  orders?: Pick<OrderSystem, 'countRefundsSince'>,
): Promise<LedgerView> {
  const since = new Date(now.getTime() - DAY_MS);
  const except = read.holds.filter((h) => countsToday(h, since)).map((h) => h.key);
  const executed = orders
    ? await orders.countRefundsSince(read.tenantId, read.customerId, since, { except })
    : 0;
  return { ...read, executed };
}

/** A request's hold: `request` while pending, `granted` once approved. */
export function holdOf(request: ApprovalRequest, kind?: RefundHold['kind']): RefundHold {
  return {
    key: request.idempotencyKey,
    kind: kind ?? (request.status === 'approved' ? 'granted' : 'request'),
    action: request.action,
    orderId: request.orderId,
    ticketId: request.ticketId,
    approvalId: request.approvalId,
    amountMinor: request.amountMinor,
    currency: request.currency,
    at: request.createdAt,
  };
}

/** Requests or refunds older than a request can live plus a day are leftovers of a crash. */
const staleAfterMs = (ttlHours: number) => ttlHours * 3_600_000 + DAY_MS;

export function live(holds: RefundHold[], now: Date, ttlHours: number): RefundHold[] {
  const t = now.getTime();
  return holds.filter((h) =>
    h.kind === 'auto' ? t - h.at.getTime() < AUTO_STALE_MS : t - h.at.getTime() < staleAfterMs(ttlHours),
  );
}

/** A refund hold opened at or after `since` (24 h ago): it counts against today's limit. */
const countsToday = (h: RefundHold, since: Date) =>
  h.action === 'refund' && h.at.getTime() >= since.getTime();

/**
 * Refunds the ledger holds that count against today's limit (opened in the last 24 h). Their
 * refunds, once on the order, are left out of `LedgerView.executed`, so each counts once. Of the
 * kinds a caller may leave out, `request` has no refund on an order (a request is granted before
 * its money moves), and `exceptKey` is the request being decided, never counted against itself.
 */
export function heldRefunds(
  view: Pick<LedgerView, 'holds'>,
  now: Date,
  kinds: RefundHold['kind'][] = ['request', 'granted', 'auto'],
  exceptKey?: string,
): number {
  const since = new Date(now.getTime() - DAY_MS);
  return view.holds.filter((h) => countsToday(h, since) && kinds.includes(h.kind) && h.key !== exceptKey)
    .length;
}

/** Requests open (pending or approved) on one order. */
export function openOnOrder(view: Pick<LedgerView, 'holds'>, orderId: string): RefundHold[] {
  return view.holds.filter((h) => h.orderId === orderId && h.kind !== 'auto');
}

/**
 * The granted holds among `holds` whose request is no longer open: an Approve click keeps its
 * grant in the ledger once the refund is on the order (one ledger write a click, issue 13), as the
 * day's record of that refund (counted once: its key is left out of the order system's count), so
 * a grant may stand for a refund already made. Read by the request's `_id`, only for grants on the
 * order at hand (a second request for an order refunded by staff approval within the ledger's
 * window); a request that cannot be read counts as open (fewer refunds, never more).
 */
export async function settledGrants(
  deps: Pick<ApprovalServiceDeps, 'approvals'>,
  tenantId: string,
  holds: RefundHold[],
): Promise<Set<string>> {
  const settled = new Set<string>();
  await Promise.all(
    holds
      .filter((h) => h.kind === 'granted' && h.approvalId)
      .map(async (h) => {
        const r = await deps.approvals.get(tenantId, h.approvalId!);
        if (r && r.status !== 'approved' && r.status !== 'pending') settled.add(h.key);
      }),
  );
  return settled;
}

/** A hold as the open request it stands for (what a customer asking again is told about). */
export function openRequestOf(hold: RefundHold): OpenRequest {
  return {
    ticketId: hold.ticketId,
    action: hold.action,
    amountMinor: hold.amountMinor,
    currency: hold.currency,
    status: hold.kind === 'granted' ? 'approved' : 'pending',
  };
}

/** What a change of the ledger decides from the ledger as it stands. */
export type LedgerChange<R> = { holds: RefundHold[] } | { keep: true } | { refuse: R };

/**
 * Writes what `change` makes of the ledger, if the ledger is still as read; when another writer
 * (this process or another) got there first, reads it again and decides again. One round trip when
 * nobody raced.
 */
export async function changeLedger<R>(
  deps: LedgerDeps,
  view: LedgerView,
  change: (view: LedgerView) => LedgerChange<R>,
  reread: () => Promise<LedgerView>,
): Promise<{ ok: true } | { ok: false; refuse: R }> {
  let current = view;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const next = change(current);
    if ('refuse' in next) return { ok: false, refuse: next.refuse };
    if ('keep' in next) return { ok: true };
    if (await deps.refundLedgers.put(current.tenantId, current.customerId, current.rev, next.holds)) {
      return { ok: true };
    }
    current = await reread();
  }
  throw new ConflictError(`the refund ledger of ${view.customerId} kept changing; try again`);
}

/**
 * Takes a request's hold off the ledger once its money is on the order (counted there from then
 * on) or will not move (rejected, expired, failed). A failed release is logged: the hold then only
 * keeps a slot taken until it goes stale, which errs on the side of fewer refunds.
 */
export async function releaseHold(
  deps: LedgerDeps,
  hold: { tenantId: string; customerId: string; key: string },
): Promise<RefundHold[] | null> {
  try {
    return await deps.refundLedgers.release(hold.tenantId, hold.customerId, hold.key);
  } catch (err) {
    deps.logger.error({ err, customerId: hold.customerId }, 'releasing a refund hold failed');
    return null;
  }
}

/**
 * `releaseHold` for an approval request. Also answers whether another request of its ticket is
 * still waiting (the ledger holds every open request of the customer): null when unknown.
 */
export async function releaseRequest(
  deps: LedgerDeps,
  r: ApprovalRequest,
): Promise<{ siblingsPending: boolean } | null> {
  const left = await releaseHold(deps, {
    tenantId: r.tenantId,
    customerId: r.customerId,
    key: r.idempotencyKey,
  });
  if (!left) return null;
  return { siblingsPending: left.some((h) => h.ticketId === r.ticketId && h.kind === 'request') };
}

/**
 * Approving a refund takes a slot of the customer's daily limit in the ledger: the refunds on their
 * orders in the last 24 h plus the refunds granted and not yet on an order (in any process) must
 * leave room for this one. Pending siblings do not count here: none of them is granted yet, and
 * whichever is approved first takes the room. Returns the reason (for staff) when approving would
 * exceed the limit; null when the slot is taken (or the request is no refund).
 */
export async function grantRefund(
  deps: LedgerDeps & Pick<ApprovalServiceDeps, 'customers' | 'orders'>,
  tenant: Pick<Tenant, 'settings'>,
  request: ApprovalRequest,
  now: Date,
): Promise<string | null> {
  return (await takeRefundSlot(deps, tenant, request, now)).refused;
}

/**
 * `grantRefund`, also answering what the slot's write saw: `kept` when the grant was taken by the
 * one write that reads the ledger (`take`), so the hold can stay as the day's record of the refund
 * once it is on the order (no release; `settledGrants` tells it from an open request), with
 * whether another request of the ticket was waiting at that moment.
 */
export async function takeRefundSlot(
  deps: LedgerDeps & Pick<ApprovalServiceDeps, 'customers' | 'orders'>,
  tenant: Pick<Tenant, 'settings'>,
  request: ApprovalRequest,
  now: Date,
): Promise<{ refused: string | null; kept?: { siblingsPending: boolean } }> {
  if (request.action !== 'refund') return { refused: null };
  const { tenantId, customerId } = request;
  const limit = tenant.settings.dailyRefundLimit;
  const ttl = tenant.settings.approvalTtlHours;
  const refused = async (count: number) => {
    const customer = await deps.customers.get(tenantId, customerId);
    const who = customer?.name ?? 'The customer';
    return `${who} already had ${count} refund${count === 1 ? '' : 's'} in the last 24 hours (limit ${limit})`;
  };
  // The slot is taken first and counted after, in one round trip for the read and the write
  // (issue 13): the ledger this write returns holds every grant and refund in flight written
  // before it, and the order system's refunds are counted after it, as after a read. Of two
  // clicks racing for the last slot, the second writer sees the first's grant and stops; a
  // grant that is one too many stays until the caller closes its request and releases it
  // (stopAtDailyLimit), erring on the side of fewer refunds meanwhile.
  const taken = await deps.refundLedgers.take?.(tenantId, customerId, holdOf(request, 'granted'));
  if (taken) {
    const view = await countAfter({ ...taken, holds: live(taken.holds, now, ttl) }, now, deps.orders);
    const count = view.executed + heldRefunds(view, now, ['granted', 'auto'], request.idempotencyKey);
    if (count >= limit) return { refused: await refused(count) };
    const siblingsPending = view.holds.some(
      (h) => h.ticketId === request.ticketId && h.kind === 'request' && h.key !== request.idempotencyKey,
    );
    return { refused: null, kept: { siblingsPending } };
  }
  // No ledger yet (requests opened before ledgers existed): read it, then write it.
  const reread = () => readLedger(deps, tenantId, customerId, now, ttl, deps.orders);
  const granted = await changeLedger(
    deps,
    await reread(),
    (v): LedgerChange<number> => {
      const count = v.executed + heldRefunds(v, now, ['granted', 'auto'], request.idempotencyKey);
      if (count >= limit) return { refuse: count };
      const mine = v.holds.find((h) => h.key === request.idempotencyKey);
      if (mine?.kind === 'granted') return { keep: true };
      return {
        holds: [...v.holds.filter((h) => h.key !== request.idempotencyKey), holdOf(request, 'granted')],
      };
    },
    reread,
  );
  return { refused: granted.ok ? null : await refused(granted.refuse) };
}

/** Who closes a request the daily limit stops: shown on the card as "Rejected by Refund policy". */
export const POLICY_ACTOR = { kind: 'system', name: 'Refund policy' } as const;
