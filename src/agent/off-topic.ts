/**
 * Messages that are not about our products or orders, which a person reads rather than the help
 * center answering them with an article that shares a word ("write me a haiku about shipping
 * boxes" got the shipping-address article): a test of the channel ("testing 123, is this on?")
 * and a request for a piece of writing (a poem, a haiku, a joke, a story). Folded text.
 */
const CHANNEL_TEST =
  /^\W*(?:just )?(?:a )?(?:testing|test)(?: message)?(?:\W+(?:1\W*2\W*3|123|one two three|testing|test))*\W*$|^\W*(?:just )?(?:testing|test)(?:\W+(?:1\W*2\W*3|123|one two three))+\b|\bis this (?:thing|channel|bot|chat|integration) (?:on|working|connected|live|set up)\b/;
const CREATIVE_WRITING =
  /\b(?:write|compose|make up|tell|give|generate|create)\b (?:me |us )?(?:an? |another |some |the )?(?:\w+ )?(?:haiku|poem|song|limerick|joke|story|rap|sonnet|riddle|essay|cuento|poema|chiste|cancion|blague|gedicht|witz|piada|barzelletta|poesia|mop|wiersz|zart)s?\b/;

/** Whether the message is about nothing we sell or do. */
export function isOffTopic(folded: string): boolean {
  return CHANNEL_TEST.test(folded) || CREATIVE_WRITING.test(folded);
}
