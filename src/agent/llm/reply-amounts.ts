import { formatMoney, tryToMinor } from '../../domain/money.js';
import { customerMinorAmounts, type ProposalContext } from '../actions.js';
import { extractEntities } from '../entities.js';
import type { Evidence } from '../retrieve.js';

/**
 * Every amount (minor units of `currency`) the reply may state: the proposal the code settled,
 * amounts the customer wrote, order figures from the evidence, amounts in the article passages
 * shown, and any `…Minor` figure a tool result showed the model.
 */
export function knownAmounts(opts: {
  currency: string;
  evidence: Evidence;
  proposalContext: ProposalContext;
  proposal?: { amountMinor?: number };
  /** Tool results the model was shown in this run. */
  shown?: unknown[];
}): Set<number> {
  const { evidence: ev, currency } = opts;
  const known = new Set<number>([
    ...(opts.proposal?.amountMinor !== undefined ? [opts.proposal.amountMinor] : []),
    ...customerMinorAmounts(opts.proposalContext.customerAmounts, currency),
    ...(ev.order ? [ev.order.totalMinor, ...ev.order.items.map((i) => i.unitPriceMinor)] : []),
    ...(ev.order?.items.map((i) => i.unitPriceMinor * i.quantity) ?? []),
    // Refunds already made, one by one and in total (the order view shows the total).
    ...(ev.order?.refunds.map((r) => r.amountMinor) ?? []),
    ...(ev.order?.refunds.length ? [ev.order.refunds.reduce((sum, r) => sum + r.amountMinor, 0)] : []),
    ...ev.orders.map((o) => o.totalMinor),
    ...(ev.eligibility ? [ev.eligibility.refundableMinor] : []),
  ]);
  for (const a of ev.articles)
    for (const major of extractEntities(a.paragraph).amounts) {
      const minor = tryToMinor(major, currency);
      if (minor !== null) known.add(minor);
    }
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (/Minor$/.test(k) && typeof x === 'number') known.add(x);
        else walk(x);
      }
  };
  (opts.shown ?? []).forEach(walk);
  return known;
}

/**
 * Why: a reply is what the customer reads. Amounts are settled by code from data; the model's
 * text must not tell the customer another one ("$0.45 refunded" when the proposal is $45.00,
 * "your order of $899" when it was $250). The first stray amount, described; null when every
 * amount in the reply is accounted for.
 */
export function strayAmount(
  reply: string,
  known: Set<number>,
  currency: string,
  proposal?: { amountMinor?: number },
): string | null {
  for (const major of extractEntities(reply).amounts) {
    const minor = tryToMinor(major, currency);
    if (minor !== null && known.has(minor)) continue;
    const stated = minor === null ? String(major) : formatMoney(minor, currency);
    if (!proposal)
      return `the model's reply states ${stated}, which no record or message of this ticket shows`;
    const proposed =
      proposal.amountMinor === undefined
        ? 'the refundable amount'
        : formatMoney(proposal.amountMinor, currency);
    return `the model's reply states ${stated}, but the proposal is for ${proposed}`;
  }
  return null;
}
