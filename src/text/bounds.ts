/** The longest message text the engine takes (Slack's own limit; ports.ts validates it). */
export const MESSAGE_TEXT_MAX = 40_000;

/**
 * A message's text within MESSAGE_TEXT_MAX. A longer one (Teams allows about 28 KB of HTML, which
 * can hold more characters once decoded) keeps its beginning and says, in the text staff and the
 * agent read, that it was shortened and how long it was: a silent cut would look like the whole
 * message.
 */
export function boundMessageText(text: string, max = MESSAGE_TEXT_MAX): string {
  if (text.length <= max) return text;
  const note = `\n\n[message shortened: ${text.length.toLocaleString('en-US')} characters, the first ${(max - 80).toLocaleString('en-US')} kept]`;
  return text.slice(0, max - 80) + note;
}
