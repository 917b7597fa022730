/**
 * Slack's published Block Kit and Web API limits. Content longer than a limit is cut with an
 * ellipsis here, so Slack never rejects a message we send (`invalid_blocks`, `msg_too_long`).
 */
export const SLACK_LIMITS = {
  /** Blocks in one message. */
  messageBlocks: 50,
  /** Blocks in an App Home or modal view. */
  viewBlocks: 100,
  sectionText: 3000,
  /** Each field of a section. */
  fieldText: 2000,
  fields: 10,
  header: 150,
  buttonText: 75,
  actionId: 255,
  buttonValue: 2000,
  actionsElements: 25,
  contextElements: 10,
  contextText: 2000,
  /** `text` of chat.postMessage: Slack truncates beyond this. */
  messageText: 40_000,
  modalTitle: 24,
  privateMetadata: 3000,
  confirmText: 300,
  confirmTitle: 100,
  url: 3000,
} as const;

const ELLIPSIS = '…';

/**
 * Cuts `text` to at most `max` characters (UTF-16 units, as Slack counts), ending in an ellipsis
 * when anything was removed. Never splits a surrogate pair or an HTML entity produced by `escapeMrkdwn`.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let kept = text.slice(0, Math.max(0, max - ELLIPSIS.length));
  // A lone high surrogate at the end would render as garbage.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  // Half an entity (`&am`) would show literally.
  kept = kept.replace(/&[a-z]{0,3}$/, '');
  return kept.trimEnd() + ELLIPSIS;
}

/**
 * Escapes the three characters Slack gives meaning to in text. Text from customers and the model
 * passes through here, so nothing it contains can become a mention, a link or a broadcast.
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes, then cuts: the order that keeps the result within `max`. */
export function safeText(text: string, max: number): string {
  return cut(escapeMrkdwn(text), max);
}

/** Splits long text into chunks of at most `max`, preferring paragraph and line breaks. */
export function splitText(text: string, max: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let at = rest.lastIndexOf('\n', max);
    if (at < max / 2) at = rest.lastIndexOf(' ', max);
    if (at < max / 2) at = max;
    // Do not split an entity such as `&amp;` between two sections.
    const amp = rest.lastIndexOf('&', at);
    if (amp > at - 5 && amp >= 0 && !rest.slice(amp, at).includes(';')) at = amp > 0 ? amp : at;
    chunks.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest.length > 0 || chunks.length === 0) chunks.push(rest);
  return chunks;
}
