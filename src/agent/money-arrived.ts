/**
 * Money told as having arrived is not asked for: "refund for 1050 landed, all good. do we get a
 * credit note for our books?" reports the refund and asks about a document; the request finder read
 * "refund for 1050" as a request and proposed a second refund. A clause whose refund word is
 * followed, within a few words, by word that it has come ("landed", "came through", "is back on our
 * card", "gutgeschrieben", "llegó"), with nothing gone wrong ("not", "still", "only half") and no
 * further ask ("please", "can you", "want"), asks for nothing. The arrival words are the
 * pleasantry rule's (pleasantry.ts); an arrival told before the refund word ("1043 arrived, refund
 * it") is an ask.
 */
import { REFUND_REQUEST } from './lexicon.js';
import { fold } from './offline/text.js';
import { ARRIVAL_GONE_WRONG, ARRIVED, FURTHER_ASK } from './pleasantry.js';
import { findTerms, words } from './term-match.js';

/** How many words after the refund word its arrival may be told ("refund for order 1050 has landed"). */
const REACH = 6;

export function saysMoneyArrived(clause: string): boolean {
  const folded = fold(clause);
  if (ARRIVAL_GONE_WRONG.test(folded) || FURTHER_ASK.test(folded)) return false;
  const list = words(clause);
  return findTerms(clause, REFUND_REQUEST).some((hit) =>
    ARRIVED.test(list.slice(hit.word + 1, hit.word + 1 + REACH).join(' ')),
  );
}
