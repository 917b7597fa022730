/**
 * A customer saying they ask for nothing yet ("not asking for anything yet", "no pedimos nada
 * todavía", "je ne demande rien", "nie proszę o nic") or that they write for information only ("for
 * my information, no action please", "nur zur Info"): what follows in the message is a question
 * about what a refund or a cancellation would be, not a request. The request finder
 * (`customer-request.ts`) reads each clause through this, as it reads "not cancelling anything";
 * a request said outright afterwards ("…please refund 1045.") is still one.
 */
import { hasSequence } from './term-match.js';

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

/**
 * "No action please", "for our records", "solo para saber": the customer writes to know and asks
 * that nothing be done (words folded as `words` gives them). Not "for your information", "zur
 * Info" or "ter informatie", which bring news ("FYI, 1045 arrived broken, can you refund it?"),
 * nor a bare "no action" ("no action was taken on my claim").
 */
const INFORMATION_ONLY: readonly (readonly string[])[] = [
  ['no', 'action', 'please'],
  ['no', 'action', 'needed'],
  ['no', 'action', 'required'],
  ['no', 'action', 'yet'],
  ['no', 'action', 'for', 'now'],
  ['please', "don't", 'do', 'anything'],
  ['please', 'dont', 'do', 'anything'],
  ["don't", 'do', 'anything', 'yet'],
  ['dont', 'do', 'anything', 'yet'],
  ['no', 'need', 'to', 'do', 'anything'],
  ['for', 'my', 'information'],
  ['for', 'our', 'information'],
  ['for', 'my', 'own', 'information'],
  ['for', 'my', 'records'],
  ['for', 'our', 'records'],
  // es / pt
  ['no', 'hagan', 'nada'],
  ['solo', 'para', 'saber'],
  ['nao', 'facam', 'nada'],
  ['so', 'para', 'saber'],
  // fr / it
  ['ne', 'faites', 'rien'],
  ['pour', 'ma', 'gouverne'],
  ['juste', 'pour', 'savoir'],
  ['non', 'fate', 'nulla'],
  ['non', 'fate', 'niente'],
  ['solo', 'per', 'sapere'],
  // de / nl / pl
  ['bitte', 'nichts', 'unternehmen'],
  ['keine', 'aktion', 'notig'],
  ['geen', 'actie', 'nodig'],
  ['nic', 'nie', 'robcie'],
  ['prosze', 'nic', 'nie', 'robic'],
];

/** Whether a clause (its words, as `words` gives them) says the customer asks for nothing. */
export function disclaimsAnyAsk(list: readonly string[]): boolean {
  if (INFORMATION_ONLY.some((seq) => hasSequence(list, seq))) return true;
  if (list.some((w) => LIMIT.has(w))) return false;
  const object = list.findIndex((w) => NOTHING.has(w) || ANYTHING.has(w));
  if (object >= 0 && EXCEPT.has(list[object + 1] ?? '')) return false;
  if (!list.some(asksWord)) return false;
  if (list.some((w) => NOTHING.has(w))) return true;
  return list.some((w) => ANYTHING.has(w)) && list.some((w) => NEGATION.has(w));
}
