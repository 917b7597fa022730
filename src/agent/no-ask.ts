/**
 * A customer saying they ask for nothing yet ("not asking for anything yet", "no pedimos nada
 * todavía", "je ne demande rien", "nie proszę o nic"): what follows in the message is a question
 * about what a refund or a cancellation would be, not a request. The request finder
 * (`customer-request.ts`) reads each clause through this, as it reads "not cancelling anything".
 */

/** Stems of asking or requesting, folded as `words` gives them (en, es, pt, fr, it, nl, pl, de). */
const ASK_STEMS = [
  'ask',
  'request',
  'pid', // es: pido, pidiendo
  'pedi', // es/pt: pedimos, pedindo
  'pedimos',
  'peco', // pt: peço
  'demand', // fr
  'chied', // it
  'richied',
  'vraag', // nl
  'vragen',
  'pros', // pl: proszę, prosimy
  'bitten', // de: wir bitten um nichts
  'fordern',
  'verlangen',
  'beantrag',
] as const;

/** Words that are "nothing" in themselves. */
const NOTHING = new Set(['nothing', 'nada', 'rien', 'niente', 'nulla', 'nichts', 'niets', 'niks', 'nic']);
/** "anything", which disclaims only beside a negation. */
const ANYTHING = new Set(['anything', 'any']);
const NEGATION = new Set(['not', "don't", 'dont', "aren't", 'arent', "isn't", 'isnt', 'no']);
/**
 * "nothing else", "nada más", "rien de plus": a limit on what is asked, which the ask itself
 * usually follows ("not asking for anything else, just refund 1045"), so no disclaimer.
 */
const LIMIT = new Set([
  'else',
  'more',
  'mas',
  'mais',
  'plus',
  'altro',
  'meer',
  'anders',
  'wiecej',
  'mehr',
  'weiter',
]);

/** "anything but a refund", "nada excepto…": the ask named right after it. */
const EXCEPT = new Set([
  'but',
  'except',
  'besides',
  'other',
  'sauf',
  'excepto',
  'salvo',
  'tranne',
  'behalve',
  'oprocz',
  'ausser',
  'alem',
]);

const asksWord = (w: string) => ASK_STEMS.some((stem) => w.startsWith(stem));

/** Whether a clause (its words, as `words` gives them) says the customer asks for nothing. */
export function disclaimsAnyAsk(list: readonly string[]): boolean {
  if (list.some((w) => LIMIT.has(w))) return false;
  const object = list.findIndex((w) => NOTHING.has(w) || ANYTHING.has(w));
  if (object >= 0 && EXCEPT.has(list[object + 1] ?? '')) return false;
  if (!list.some(asksWord)) return false;
  if (list.some((w) => NOTHING.has(w))) return true;
  return list.some((w) => ANYTHING.has(w)) && list.some((w) => NEGATION.has(w));
}
