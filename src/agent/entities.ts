import { findEmails, replaceEmails } from '../text/emails.js';

/** What the customer named: order ids, amounts (major units, as written), email addresses. */
export interface Entities {
  orderIds: string[];
  amounts: number[];
  emails: string[];
}

// "$250", "$1,250.50", "250 USD", "250€", "€250", "250 dollars", "250 euros", "¥1,500", "1500 yen".
const AMOUNT =
  /(?:[$€£¥]\s?(\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?))|(?:\b(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?(?:usd|eur|gbp|jpy|yen|dollars?|euros?|bucks|dólares|dolares|€|\$|¥))/gi;
// An order id is 3–10 digits, introduced by "#" or by a word for "order", or standing alone.
const ORDER_WITH_CUE =
  /(?:#\s?|\b(?:order|orders|ord|pedido|pedidos|commande|commandes|bestellung|bestellnummer|encomenda|compra|n[º°o]\.?)\s*(?:(?:#|no\.?|number|nr\.?|n[º°o]\.?|numéro|número|nummer)\s*)?)(\d{3,10})\b/gi;
// A comma or full stop after it ends the clause ("chairs on 1001, were they…"); only one followed by
// a digit makes it part of a number ("1,250", "1001.50").
const BARE_NUMBER =
  /(?<![\w$€£¥.,#-])(\d{4,6})(?![\w%]|[.,]\d|\s?(?:usd|eur|jpy|yen|dollars?|euros?|€|\$|¥))/gi;

function parseAmount(raw: string): number | null {
  let s = raw.replace(/\s/g, '');
  // "1.250,50" (European) vs "1,250.50": the last separator followed by 1–2 digits is the decimal.
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (lastSep >= 0 && s.length - lastSep - 1 <= 2) {
    s = s.slice(0, lastSep).replace(/[.,]/g, '') + '.' + s.slice(lastSep + 1);
  } else {
    s = s.replace(/[.,]/g, '');
  }
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Entities by pattern; deterministic, so the code's checks never depend on a model's reading. */
export function extractEntities(text: string): Entities {
  const emails = [...new Set(findEmails(text).map((s) => text.slice(s.start, s.end).toLowerCase()))];
  const withoutEmails = replaceEmails(text, () => ' ');
  const amounts: number[] = [];
  const amountSpans: Array<[number, number]> = [];
  for (const m of withoutEmails.matchAll(AMOUNT)) {
    const n = parseAmount(m[1] ?? m[2] ?? '');
    if (n !== null) amounts.push(n);
    amountSpans.push([m.index, m.index + m[0].length]);
  }
  const inAmount = (i: number) => amountSpans.some(([a, b]) => i >= a && i < b);
  const orderIds: string[] = [];
  for (const m of withoutEmails.matchAll(ORDER_WITH_CUE)) {
    const id = m[1]!;
    if (!inAmount(m.index + m[0].length - id.length)) orderIds.push(id);
  }
  for (const m of withoutEmails.matchAll(BARE_NUMBER)) {
    const year = Number(m[1]);
    // Four-digit years ("in 2025") are not orders.
    if (m[1]!.length === 4 && year >= 1990 && year <= 2099) continue;
    if (!inAmount(m.index)) orderIds.push(m[1]!);
  }
  return { orderIds: [...new Set(orderIds)], amounts, emails };
}
