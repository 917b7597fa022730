/**
 * A request the customer takes back ("please disregard my cancellation request for 1013", "forget
 * the refund on 1046, the box turned up", "scratch the cancellation", "olviden la cancelación",
 * "oubliez le remboursement", "vergessen Sie die Stornierung", "esqueçam o reembolso", "lasciate
 * perdere il rimborso", "vergeet de terugbetaling", "zapomnijcie o anulowaniu"): the refund or the
 * cancellation it names is what is no longer wanted, so nothing may be proposed on it. The request
 * finder (`customer-request.ts`) reads each ask through this, as it reads "I don't want a refund".
 *
 * Only a verb of taking back said to us (an imperative), with nothing but the request's own frame
 * between it and the ask: "you ignored my refund request" is a complaint and asks.
 */

import { turnedThroughFrame } from './term-match.js';

/** Verbs that take a request back, folded as `words` gives them (en, es, fr, de, pt, it, nl, pl). */
const TAKE_BACK = new Set([
  // en
  'disregard',
  'ignore',
  'forget',
  'scratch',
  'scrap',
  'drop',
  'withdraw',
  'retract',
  'nvm',
  'nevermind',
  // es
  'olvida',
  'olviden',
  'olvidad',
  'olvidate',
  'ignora',
  'ignoren',
  'descarta',
  'descarten',
  // fr
  'oubliez',
  'oublie',
  'ignorez',
  // de ("vergessen Sie", "ignorieren Sie")
  'vergessen',
  'vergiss',
  'ignorieren',
  // pt
  'esqueca',
  'esquecam',
  'esquece',
  'desconsidere',
  'desconsiderem',
  // it ("lascia/lasciate perdere")
  'dimentica',
  'dimenticate',
  'ignorate',
  'perdere',
  // nl
  'vergeet',
  'negeer',
  // pl
  'zapomnij',
  'zapomnijcie',
  'zignoruj',
  'zignorujcie',
]);

/** "plus besoin de …": phrases of taking back that are no single verb. */
const TAKE_BACK_PAIRS: readonly (readonly [string, string])[] = [
  ['plus', 'besoin'],
  ['never', 'mind'],
];

/** Words that may stand between the verb and the ask: the request's own frame. */
const FRAME = new Set([
  'my',
  'our',
  'the',
  'that',
  'this',
  'about',
  'last',
  'earlier',
  'previous',
  'request',
  'for',
  'on',
  'of',
  'to',
  'a',
  'me',
  'us',
  'sie',
  'die',
  'den',
  'meine',
  'unsere',
  'la',
  'el',
  'le',
  'les',
  'los',
  'las',
  'mi',
  'nuestra',
  'nuestro',
  'ma',
  'notre',
  'de',
  'd',
  'l',
  'o',
  'a',
  'meu',
  'minha',
  'nosso',
  'nossa',
  'il',
  'lo',
  'mia',
  'nostra',
  'nostro',
  'het',
  'mijn',
  'onze',
  'mojej',
  'naszej',
  'moja',
  'nasza',
]);

const REACH = 5;

/** Whether the ask at word `at` of a clause's `words` is taken back by a verb just before it. */
export function withdrawnAt(list: readonly string[], at: number): boolean {
  const takesBack = (i: number) =>
    TAKE_BACK.has(list[i]!) || TAKE_BACK_PAIRS.some(([a, b]) => list[i] === b && list[i - 1] === a);
  return turnedThroughFrame(list, at, takesBack, FRAME, REACH);
}
