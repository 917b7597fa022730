/**
 * Email addresses in free text, found by a scanner that reads each character a bounded number of
 * times. The regular expression it replaces (`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`) is
 * quadratic on long runs without an `@` match: 40,000 letters took seconds per call, in entity
 * extraction, the output filter and every log line. Same matches as that expression, left to right.
 */

const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `[A-Za-z0-9.-]`: a domain character. */
const isDomain = (c: number) => isAlpha(c) || isDigit(c) || c === 46 || c === 45;
/** `[A-Za-z0-9._%+-]`: a local-part character. */
const isLocal = (c: number) => isDomain(c) || c === 95 || c === 37 || c === 43;
const DOT = 46;

export interface Span {
  start: number;
  end: number;
}

/** Every address as a [start, end) span, in order and not overlapping. */
export function findEmails(text: string): Span[] {
  const spans: Span[] = [];
  // Where the next match may start: after the previous match or the previous `@`.
  let floor = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > floor && isLocal(text.charCodeAt(start - 1))) start--;
    floor = at + 1;
    if (start === at) continue;
    // The domain run stops at the next non-domain character (an `@` included), so runs never overlap.
    let runEnd = at + 1;
    while (runEnd < text.length && isDomain(text.charCodeAt(runEnd))) runEnd++;
    // Greedy like the expression: the last "." with a non-empty domain before it and 2+ letters after.
    let end = -1;
    for (let dot = runEnd - 3; dot > at + 1; dot--) {
      if (text.charCodeAt(dot) !== DOT) continue;
      if (!isAlpha(text.charCodeAt(dot + 1)) || !isAlpha(text.charCodeAt(dot + 2))) continue;
      end = dot + 3;
      while (end < runEnd && isAlpha(text.charCodeAt(end))) end++;
      break;
    }
    if (end === -1) continue;
    spans.push({ start, end });
    floor = end;
  }
  return spans;
}

/** The text with each address replaced by what `replace` returns for it. */
export function replaceEmails(text: string, replace: (email: string) => string): string {
  const spans = findEmails(text);
  if (spans.length === 0) return text;
  let out = '';
  let from = 0;
  for (const { start, end } of spans) {
    out += text.slice(from, start) + replace(text.slice(start, end));
    from = end;
  }
  return out + text.slice(from);
}
