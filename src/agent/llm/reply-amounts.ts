import { formatMoney, tryToMinor } from '../../domain/money.js';
import { customerMinorAmounts, type ProposalContext } from '../actions.js';
import { extractEntities } from '../entities.js';
import type { Evidence } from '../retrieve.js';

/**
 * Why: a reply is what the customer reads. The code settles the proposed amount; the model's
 * text must not tell the customer a different one.
 *
 * An amount the reply states that is neither the proposed refund, an amount the customer wrote,
 * nor an order figure from the evidence (the model saying "$0.45 refunded" when the proposal is
 * $45.00); null when every amount in the reply is accounted for.
 */
export function strayAmount(
  reply: string,
  proposal: { amountMinor?: number },
  currency: string,
  evidence: Evidence,
  proposalContext: ProposalContext,
): string | null {
  const known = new Set<number>([
    ...(proposal.amountMinor !== undefined ? [proposal.amountMinor] : []),
    ...customerMinorAmounts(proposalContext.customerAmounts, currency),
    ...(evidence.order ? [evidence.order.totalMinor] : []),
    ...evidence.orders.map((o) => o.totalMinor),
    ...(evidence.eligibility ? [evidence.eligibility.refundableMinor] : []),
  ]);
  for (const major of extractEntities(reply).amounts) {
    const minor = tryToMinor(major, currency);
    if (minor === null || !known.has(minor)) {
      const stated = minor === null ? String(major) : formatMoney(minor, currency);
      const proposed =
        proposal.amountMinor === undefined
          ? 'the refundable amount'
          : formatMoney(proposal.amountMinor, currency);
      return `the model's reply states ${stated}, but the proposal is for ${proposed}`;
    }
  }
  return null;
}
