import type { Order } from '../../domain/index.js';
import {
  checkProposedAction,
  customerAsksFor,
  customerMinorAmounts,
  type ProposalContext,
} from '../actions.js';
import { namedItemsRefund, UNNAMED_PART_REASON } from '../refund-items.js';
import { formatDate, formatMoney, phrase } from '../phrases.js';
import type { Evidence } from '../retrieve.js';
import { asksOrderTotal } from '../order-total.js';
import type { AgentReply, AgentTools, ProposedAction, Understanding } from '../types.js';
import { citationOf, kbIntro, sourceLine } from './kb-citation.js';
import { carrierPhrase, statusWord, t } from './templates.js';

/** What the resolver produced: a reply (maybe with a proposed action), or its own "needs a person". */
export type Resolution =
  /** `note`: what the code changed in a proposal (an amount corrected or dropped), for the decision record. */
  | { kind: 'reply'; reply: AgentReply; proposedAction?: ProposedAction; note?: string }
  | { kind: 'escalate'; reason: string; draft?: string };

export interface ResolveContext {
  understanding: Understanding;
  evidence: Evidence;
  tools: AgentTools;
  returnWindowDays: number;
  currency: string;
  /** The customer's amounts and own words in this ticket, found by code (`proposalContextOf`). */
  proposal: ProposalContext;
}

function orderStatusText(o: Order, lang: string): string {
  const d = (x: Date | undefined) => (x ? formatDate(x, lang) : '');
  switch (o.status) {
    case 'placed':
      return t('status_placed', lang, { orderId: o.orderId, placedAt: d(o.placedAt) });
    case 'shipped': {
      const parts = [
        t('status_shipped', lang, {
          orderId: o.orderId,
          shippedAt: d(o.shippedAt ?? o.placedAt),
          carrier: carrierPhrase(o.carrier, lang),
        }),
      ];
      if (o.trackingNumber) parts.push(t('status_shipped_tracking', lang, { tracking: o.trackingNumber }));
      if (o.estimatedDelivery) parts.push(t('status_eta', lang, { eta: d(o.estimatedDelivery) }));
      return parts.join(' ');
    }
    case 'delivered':
      return t('status_delivered', lang, {
        orderId: o.orderId,
        deliveredAt: d(o.deliveredAt ?? o.shippedAt ?? o.placedAt),
      });
    case 'cancelled':
      return t('status_cancelled', lang, { orderId: o.orderId });
    case 'returned': {
      const returned = t('status_returned', lang, { orderId: o.orderId });
      const last = o.refunds.at(-1);
      if (!last) return returned;
      const amount = o.refunds.reduce((sum, r) => sum + r.amountMinor, 0);
      return `${returned} ${t('status_refunded', lang, {
        amount: formatMoney(amount, o.currency, lang),
        refundedAt: d(last.at),
      })}`;
    }
  }
}

function orderList(orders: Order[], lang: string): string {
  return orders
    .map(
      (o) =>
        `• ${o.orderId}: ${statusWord(o.status, lang)}, ${formatMoney(o.totalMinor, o.currency, lang)} (${formatDate(o.placedAt, lang)})`,
    )
    .join('\n');
}

function returnText(o: Order, ev: Evidence, lang: string, days: number): string {
  const e = ev.eligibility;
  const windowEnds = e?.windowEndsAt ? formatDate(e.windowEndsAt, lang) : '';
  if (o.status === 'placed') return t('return_placed', lang, { orderId: o.orderId });
  // Already back, and its refund on record: that is what the customer needs, not "can't be returned".
  if (o.status === 'returned') return orderStatusText(o, lang);
  if (o.status === 'shipped')
    return t('return_not_delivered', lang, { orderId: o.orderId, days: String(days) });
  if (e?.eligible) {
    return t('return_eligible', lang, {
      orderId: o.orderId,
      windowEnds,
      days: String(days),
      amount: formatMoney(e.refundableMinor, o.currency, lang),
    });
  }
  if (e?.windowEndsAt)
    return t('return_closed', lang, { orderId: o.orderId, windowEnds, days: String(days) });
  return e?.reason ?? orderStatusText(o, lang);
}

function kbText(ev: Evidence, lang: string): AgentReply | null {
  const top = ev.articles[0];
  if (!top) return null;
  const text = `${kbIntro(top.article, lang)}\n\n${top.paragraph}\n\n${sourceLine(top.article, lang)}`;
  return { text, citations: [citationOf(top.article)] };
}

/**
 * The amount the customer asks to have refunded, from their words only: the amounts in this
 * message, else in their earlier messages on the ticket. Several amounts are narrowed by leaving
 * out the order's total ("I paid $250, $20 of it was missing"); if that still leaves more than one,
 * a person asks which. No amount: the lines of the order they named ("just the arm"), else the
 * order's refundable amount (undefined).
 */
function requestedRefund(
  order: Order,
  current: number[],
  earlier: number[],
  texts: string[],
): { ok: true; amountMinor?: number } | { ok: false; reason: string } {
  const written = current.length ? current : earlier;
  const candidates = customerMinorAmounts(written, order.currency);
  if (!candidates.length) {
    // Amounts the currency cannot express ("¥1500.50") are a question for a person, not a full refund.
    if (written.length)
      return { ok: false, reason: `the amount the customer wrote is not a valid ${order.currency} amount` };
    const named = namedItemsRefund(order, texts);
    if (named && 'unnamed' in named) return { ok: false, reason: UNNAMED_PART_REASON(order.orderId) };
    return named ? { ok: true, amountMinor: named.amountMinor } : { ok: true };
  }
  if (candidates.length === 1) return { ok: true, amountMinor: candidates[0] };
  const partial = candidates.filter((n) => n !== order.totalMinor);
  if (partial.length === 1) return { ok: true, amountMinor: partial[0] };
  return {
    ok: false,
    reason: `the customer named several amounts (${candidates.map((n) => formatMoney(n, order.currency, 'en')).join(', ')}); a person should confirm which to refund`,
  };
}

const reply = (text: string, citations: AgentReply['citations'] = []): AgentReply => ({ text, citations });

/**
 * Offline resolver: templates filled with tool results and the article's own words. Refunds and
 * cancellations become proposals checked by code; anything it cannot answer goes to a person.
 */
export async function resolveOffline(ctx: ResolveContext): Promise<Resolution> {
  const { understanding: u, evidence: ev, returnWindowDays: days } = ctx;
  const lang = u.language;
  if (ev.kind === 'identify') return { kind: 'reply', reply: reply(phrase('identify_for_orders', lang)) };
  if (ev.unanswerable) {
    // What the records and the help center say, for staff to send or edit; a person does the rest.
    const parts = [ev.order ? orderStatusText(ev.order, lang) : '', kbText(ev, lang)?.text ?? ''];
    const draft = parts.filter(Boolean).join('\n\n') || undefined;
    return { kind: 'escalate', reason: `the customer asks to ${ev.unanswerable}`, draft };
  }
  if (ev.kind === 'orders') {
    if (!ev.order && ev.notFoundOrderIds.length) {
      return {
        kind: 'reply',
        reply: reply(t('order_not_found', lang, { orderId: ev.notFoundOrderIds[0]! })),
      };
    }
    if (!ev.order) {
      if (!ev.orders.length) return { kind: 'reply', reply: reply(t('no_orders', lang)) };
      const intro = u.intent === 'order_status' ? t('order_list_intro', lang) : t('which_order', lang);
      const statuses =
        u.intent === 'order_status'
          ? ev.orders
              .slice(0, 3)
              .map((o) => orderStatusText(o, lang))
              .join('\n')
          : orderList(ev.orders, lang);
      return { kind: 'reply', reply: reply(`${intro}\n${statuses}`) };
    }
    const o = ev.order;
    /** The order's return window and what the help center says beside it. */
    const returnAnswer = (order: Order): AgentReply => {
      const kb = kbText(ev, lang);
      const text = returnText(order, ev, lang, days);
      return reply(kb ? `${text}\n\n${kb.text}` : text, kb?.citations ?? []);
    };
    // A returned order has had its money back: "where's the money for 1009?" is answered with
    // the refund on record, whether or not the words also read as asking for one.
    if (u.intent === 'refund' && o.status === 'returned' && o.refunds.length)
      return { kind: 'reply', reply: reply(orderStatusText(o, lang)) };
    // Refunds asked about, not asked for ("do partial refunds take longer? asking before we decide
    // about 1017", "if the headset on 1050 dies in a few months can i get money back", "no money
    // back needed, just swap it"): no customer message asks for one, so nothing may be proposed
    // (checkProposedAction) and there is nothing for a person to approve either. The order's
    // return window and the help center answer it, as a cancellation nobody asked for is answered.
    if (u.intent === 'refund' && !customerAsksFor(ctx.proposal, 'refund'))
      return { kind: 'reply', reply: returnAnswer(o) };
    if (u.intent === 'refund') {
      const requested = requestedRefund(
        o,
        u.entities.amounts,
        ctx.proposal.customerAmounts,
        ctx.proposal.customerTexts,
      );
      if (!requested.ok) return { kind: 'escalate', reason: `refund request: ${requested.reason}` };
      const check = await checkProposedAction(
        {
          type: 'refund',
          orderId: o.orderId,
          amountMinor: requested.amountMinor,
          reason: 'customer asked for a refund',
        },
        ctx.tools,
        ctx.proposal,
      );
      if (check.ok) {
        const amount = formatMoney(check.action.amountMinor ?? 0, o.currency, lang);
        return {
          kind: 'reply',
          reply: reply(t('refund_proposed', lang, { orderId: o.orderId, amount })),
          proposedAction: check.action,
          note: check.note,
        };
      }
      if (check.escalate) return { kind: 'escalate', reason: `refund request: ${check.reason}` };
      return {
        kind: 'reply',
        reply: reply(
          t('refund_not_possible', lang, { orderId: o.orderId, why: returnText(o, ev, lang, days) }),
        ),
      };
    }
    if (u.intent === 'cancel') {
      const check = await checkProposedAction(
        { type: 'cancellation', orderId: o.orderId, reason: 'customer asked to cancel' },
        ctx.tools,
        ctx.proposal,
      );
      if (check.ok)
        return {
          kind: 'reply',
          reply: reply(t('cancel_proposed', lang, { orderId: o.orderId })),
          proposedAction: check.action,
        };
      if (o.status === 'shipped' || o.status === 'delivered') {
        return {
          kind: 'reply',
          reply: reply(t('cancel_not_possible', lang, { orderId: o.orderId, days: String(days) })),
        };
      }
      return { kind: 'reply', reply: reply(orderStatusText(o, lang)) };
    }
    if (u.intent === 'return') return { kind: 'reply', reply: returnAnswer(o) };
    // The warranty's article, searched beside the order when the question names it (retrieve.ts),
    // follows the order's status; a shipping question keeps the status alone.
    const beside = u.intent === 'shipping' ? null : kbText(ev, lang);
    const status = [
      orderStatusText(o, lang),
      // "Total for 1044 please": the record's total, beside its status (order-total.ts).
      ...(asksOrderTotal(ctx.proposal.customerTexts.at(-1) ?? '')
        ? [t('status_total', lang, { amount: formatMoney(o.totalMinor, o.currency, lang) })]
        : []),
    ].join(' ');
    return {
      kind: 'reply',
      reply: reply(beside ? `${status}\n\n${beside.text}` : status, beside?.citations ?? []),
    };
  }
  const kb = kbText(ev, lang);
  if (kb) return { kind: 'reply', reply: kb };
  return { kind: 'escalate', reason: 'no knowledge-base article or order data answers this' };
}
