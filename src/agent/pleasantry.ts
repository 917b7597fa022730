/**
 * Messages made only of emoji and punctuation ("👍", "🙂🙂🔥", "🙏🏽", "❤️‍🔥", ":)") acknowledge
 * rather than ask: they are pleasantries, decided by code for both engines (no model call can
 * turn them into an escalation "could not classify").
 *
 * Two kinds stay questions, because a person reading them would answer: a question mark
 * ("???", "🤔?" — a nudge in a waiting thread) and unhappy faces ("😡", "👎" — the answer did not
 * help). An empty message is not a pleasantry either: adapters send one for a file or an image.
 */

/** Emoji pieces: pictographs, skin tones, flags, ZWJ, variation selectors, keycaps, tag sequences. */
const EMOJI_OR_PUNCTUATION =
  /^(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\u{E0020}-\u{E007F}\p{P}\s]|\p{Emoji_Modifier}|\u200D|\uFE0E|\uFE0F|\u20E3)*$/u;
const SOMETHING_VISIBLE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{P}]/u;
const ASKS = /[?¿？⁇⁈⁉❓❔]/u;
const UNHAPPY = /[😡😠🤬😤💢👎😞😟😢😭😩😫😖😣☹🙁😕😒🤦🖕]/u;

/** True for a message of only emoji, punctuation and whitespace that asks nothing and voices no complaint. */
export function isEmojiOnly(text: string): boolean {
  return (
    EMOJI_OR_PUNCTUATION.test(text) && SOMETHING_VISIBLE.test(text) && !ASKS.test(text) && !UNHAPPY.test(text)
  );
}
