import type { Order } from '../domain/index.js';
import { fold, foldedPattern } from './offline/text.js';
import { CLAUSE, partsAskedBack } from './refund-part.js';
import { words } from './term-match.js';

/** What part of an order the customer's words ask to have back: lines of it, and the amount. */
export interface NamedItems {
  amountMinor: number;
  /** Each named line as "1 × Dual monitor arm". */
  lines: string[];
}

/** A part asked back in words no line names ("solo la lámpara"): a person picks the lines. */
export interface UnnamedPart {
  unnamed: true;
}
const UNNAMED: UnnamedPart = { unnamed: true };

// Words in product names that name no product on their own ("Steel shelving unit", "kit", "bundle").
const GENERIC = new Set(
  'unit units kit kits bundle bundles roll rolls set sets pack packs pcs piece pieces item items of the and for with'.split(
    ' ',
  ),
);

// The whole order, in every language offline replies are written in: "in full", "all of it",
// "both", "the entire order", "intégral", "todo", "komplett", "całe zamówienie"…
const WHOLE = foldedPattern(
  [
    String.raw`\b(?:in full|full(?:y)? refund|refund (?:it |them )?(?:all|in full)|all of (?:it|them|the order|order)|the (?:whole|entire|complete|full) (?:order|thing|amount|lot)|(?:refund|back for|back on) everything|everything (?:refunded|back)|both|all (?:the )?(?:items|units|of them))\b`,
    String.raw`\b(?:whole|entire|full) (?:order|amount|refund)\b`,
    String.raw`\b(?:integral(?:e|ement)?|l'integralite|toute? la commande|tout rembourser|les deux|la totalite)\b`,
    String.raw`\b(?:completo|completa|todo el pedido|toda la orden|ambos|ambas|los dos|las dos|integro)\b`,
    String.raw`\b(?:komplett|gesamte?n?|ganzen?|alles|beide[ns]?|vollstandig)\b`,
    String.raw`\b(?:pedido (?:todo|inteiro|completo)|tudo|os dois|as duas)\b`,
    String.raw`\b(?:tutto|intero|intera|entrambi|entrambe|tutti e due|totale)\b`,
    String.raw`\b(?:alles|volledige?|hele|allebei|beide)\b`,
    String.raw`\b(?:cale|calosc|calego|calej|wszystko|oba|obie|pelny|pelna)\b`,
  ].join('|'),
);

const NUMBER_WORDS = new Map<string, number>([
  ['a', 1],
  ['an', 1],
  ['one', 1],
  ['single', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
]);

/** "cabinets" → "cabinet", "boxes" → "box": enough for product nouns in English. */
const singular = (w: string) =>
  w.length > 4 && w.endsWith('es') && /(x|s|ch|sh)es$/.test(w)
    ? w.slice(0, -2)
    : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
      ? w.slice(0, -1)
      : w;

/** A line's naming words: its name's words (the part before a comma or bracket), generic ones left out. */
function nameWords(name: string): string[] {
  return words(name.split(/[,(]/)[0]!)
    .map(singular)
    .filter((w) => w.length >= 3 && !GENERIC.has(w) && !/^\d+$/.test(w));
}

/**
 * The lines of the order the customer's words name, by words only that line's name has ("the arm"
 * on a desk + arm order; "desk" names neither line of a desk frame + desk lamp order), with a count
 * when they say fewer units than the line holds ("one of the two cabinets"). Null when the request
 * is for the whole order: an order of one unit, no line named, every unit named, or words for the
 * whole ("in full", "both", "all of it"), unless they keep lines back ("everything except the lamp",
 * "we're keeping the desk": the rest of the order). A part asked back in words no line's name has
 * ("uno de los dos escritorios", "nur den Stuhl": `partsAskedBack`) is `UnnamedPart`, never
 * the whole order. Code and the order's own lines decide; no model does.
 */
export function namedItemsRefund(
  order: Pick<Order, 'items' | 'totalMinor'>,
  texts: string[],
): NamedItems | UnnamedPart | null {
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  if (units <= 1) return null;
  const perLine = order.items.map((i) => nameWords(i.name));
  const clauses = texts.flatMap((t) => t.split(CLAUSE)).map((c) => words(c).map(singular));
  const named = new Map<number, number>();
  const ownWords = perLine.map((mine, index) =>
    mine.filter((w) => perLine.every((other, j) => j === index || !other.includes(w))),
  );
  // "Refund everything except the lamp", "refund 1007, we're keeping the desk": all but those lines.
  const keptLines = new Set(
    clauses.flatMap((ts) =>
      ts.flatMap((token, at) => {
        const index = ownWords.findIndex((own) => own.includes(token));
        return index >= 0 && kept(ts, at) ? [index] : [];
      }),
    ),
  );
  const allBut = (): NamedItems | null => {
    const rest = order.items.filter((_, index) => !keptLines.has(index));
    const amountMinor =
      order.totalMinor -
      order.items
        .filter((_, index) => keptLines.has(index))
        .reduce((sum, item) => sum + item.unitPriceMinor * item.quantity, 0);
    if (!keptLines.size || !rest.length || amountMinor <= 0) return null;
    return { amountMinor, lines: rest.map((item) => `${item.quantity} × ${item.name}`) };
  };
  // With words for the whole order ("both", "todo"), only a part no line's name has is unclear
  // ("reembolso completo de los dos" is both).
  const parts = partsAskedBack(texts);
  const lineOf = (phrase: string[]) =>
    ownWords.findIndex((own) => phrase.some((w) => own.includes(singular(w))));
  const anyLineOf = (phrase: string[]) =>
    phrase.some((w) => perLine.some((mine) => mine.includes(singular(w))));
  if (texts.some((t) => WHOLE.test(fold(t))))
    return allBut() ?? (parts.some((p) => !p.charge && !anyLineOf(p.words)) ? UNNAMED : null);
  const name = (index: number, ts: string[], at: number) => {
    const quantity = order.items[index]!.quantity;
    const count = Math.min(countBefore(ts, at) ?? quantity, quantity);
    named.set(index, Math.max(named.get(index) ?? 0, count));
  };
  for (const ts of clauses) {
    const inClause = new Set<number>();
    ts.forEach((token, at) => {
      if (kept(ts, at) || !askedBack(ts, at)) return;
      const index = ownWords.findIndex((own) => own.includes(token));
      if (index >= 0) {
        name(index, ts, at);
        inClause.add(index);
      }
    });
    // A word two names share ("desk" in "Standing desk frame" and "LED desk lamp") names the one
    // line the clause has not named otherwise: "the desk and lamp" is both lines; "desk lamp" or a
    // bare "desk" names none by itself.
    ts.forEach((token, at) => {
      if (kept(ts, at) || !askedBack(ts, at)) return;
      const next = ts[at + 1];
      if (next && ownWords.some((own) => own.includes(next))) return;
      const lines = perLine.flatMap((mine, index) =>
        mine.includes(token) && !ownWords[index]!.includes(token) && !inClause.has(index) ? [index] : [],
      );
      if (lines.length === 1 && inClause.size > 0) name(lines[0]!, ts, at);
    });
  }
  if (!named.size) {
    const rest = allBut();
    if (rest) return rest;
    // Parts the English reading above did not catch ("alleen de lamp terugbetalen", "one of the
    // three headsets … refund just that one"): the line whose own word the phrase has; a phrase with
    // none ("solo la lámpara", "the desk" of a desk frame and a desk lamp) goes to a person.
    for (const p of parts) {
      const index = lineOf(p.words);
      if (index < 0 || p.except) return UNNAMED;
      const quantity = order.items[index]!.quantity;
      named.set(index, Math.max(named.get(index) ?? 0, p.one ? 1 : quantity));
    }
    if (!named.size) return null;
  }
  // Every product named in full, only a fee left over: the whole order.
  const products = order.items.flatMap((item, index) => (isFee(item.name) ? [] : [{ item, index }]));
  if (products.every(({ item, index }) => named.get(index) === item.quantity)) return null;
  const chosen = [...named].map(([index, count]) => ({ item: order.items[index]!, count }));
  const amountMinor = chosen.reduce((sum, { item, count }) => sum + item.unitPriceMinor * count, 0);
  if (amountMinor >= order.totalMinor) return null;
  return { amountMinor, lines: chosen.map(({ item, count }) => `${count} × ${item.name}`) };
}

// The words that ask for money back, and where the thing asked back stands from them: "refund the
// arm", "money back for the espresso machine", "the lamp on 1027 refunded", "just the arm".
const BEFORE = new Set(['refund', 'reimburse', 'money', 'credit', 'return', 'returning']);
const AFTER = new Set(['refunded', 'reimbursed', 'credited', 'returned']);

/**
 * The product word at `at` is what the customer asks back, not why: within six words after "refund"
 * (or "money back", "return") in the same clause, just before "refunded", after "just" / "only", or
 * after a keeping denied ("not keeping the shelving or the cabinet").
 * "Refund order 1007, the desk motor died" asks for the order; the desk is the reason.
 */
function askedBack(tokens: string[], at: number): boolean {
  const before = tokens.slice(Math.max(0, at - 6), at);
  if (before.some((t) => BEFORE.has(t)) || notKept(tokens, at)) return true;
  if (tokens.slice(Math.max(0, at - 4), at).some((t) => t === 'just' || t === 'only')) return true;
  return tokens.slice(at + 1, at + 5).some((t) => AFTER.has(t));
}

// Lines that are charges, not products: a handling fee, shipping, an assembly service, a surcharge.
const isFee = (name: string) => /\b(?:fee|handling|shipping|service|surcharge|tax|delivery)\b/i.test(name);

// "we're keeping the desk", "everything except the lamp": a line the customer keeps.
const KEEP = new Set(['keep', 'keeping', 'kept', 'except', 'excluding', 'besides']);
// "Not keeping the shelving", "we won't be keeping the cabinet": the keeping is denied.
const NOT = new Set([
  'not',
  "don't",
  'dont',
  "won't",
  'wont',
  "aren't",
  'arent',
  "can't",
  'cant',
  'never',
  'no',
]);
const denied = (tokens: string[], k: number) =>
  NOT.has(tokens[k - 1] ?? '') || (tokens[k - 1] === 'be' && NOT.has(tokens[k - 2] ?? ''));
const keepWordBefore = (tokens: string[], at: number, span: number, isDenied: boolean) => {
  for (let k = Math.max(0, at - span); k < at; k++)
    if (KEEP.has(tokens[k]!) && denied(tokens, k) === isDenied) return true;
  return false;
};
const kept = (tokens: string[], at: number) => keepWordBefore(tokens, at, 3, false);
/** A line they say they are not keeping is asked back: "we're not keeping the shelving or the cabinet". */
const notKept = (tokens: string[], at: number) => keepWordBefore(tokens, at, 6, true);

/**
 * A count said just before the product word: "one of the two cabinets" (1), "2 chairs" (2), "the
 * chair" (none). The first number of the few words before it is the one asked for.
 */
function countBefore(tokens: string[], at: number): number | undefined {
  for (let i = Math.max(0, at - 5); i < at; i++) {
    const t = tokens[i]!;
    if (/^\d{1,2}$/.test(t)) return Number(t) || undefined;
    const n = NUMBER_WORDS.get(t);
    // "a" and "an" count only right before the product ("a chair"), not in "a refund for the chairs".
    if (n !== undefined && (n > 1 || (t !== 'a' && t !== 'an') || i === at - 1 || tokens[i + 1] === 'single'))
      return n;
  }
  return undefined;
}

/** Why a refund of a part no line names goes to a person (staff read it on the card). */
export const UNNAMED_PART_REASON = (orderId: string) =>
  `the customer asks back part of order ${orderId} in words none of its lines has; a person picks the lines and the amount`;
