import { AGENT_TOOL_NAMES } from '../llm/tool-registry.js';
import { decodedVariants, rot13 } from './decode.js';
import { replaceEmails } from '../../text/emails.js';

/** Phrases only our prompts contain; a line carrying one is a prompt echo. */
export const PROMPT_MARKERS = [
  'SWITCHBOARD-SYSTEM',
  'BEGIN CUSTOMER MESSAGE',
  'END CUSTOMER MESSAGE',
  'You are Switchboard',
  'Respond with a JSON object',
  'Tools are the only source of facts',
];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const SQUASHED_MARKERS = PROMPT_MARKERS.map(squash);
/**
 * Lower-casing and squashing work letter by letter, and outside ASCII only "İ" and the Kelvin sign
 * lower-case into the letters kept: for any other line its rot13 or reversed form carries a marker
 * exactly when the line carries the marker's rot13 or reversed form. One check of the line instead
 * of building and squashing both variants (the costliest part of the filter, which runs three
 * times on every answer).
 */
const VARIANT_MARKERS = [
  ...SQUASHED_MARKERS,
  ...SQUASHED_MARKERS.map(rot13),
  ...SQUASHED_MARKERS.map((m) => [...m].reverse().join('')),
];
/** The two characters outside ASCII that lower-case into `[a-z0-9]`. */
const LOWERS_INTO_ASCII = /[\u0130\u212a]/;
const TOOL_NAME_PATTERNS = AGENT_TOOL_NAMES.map((name) => new RegExp(`\\b${name}\\b(?:\\s*\\(\\))?`, 'gi'));

/** A marker, also spaced out or punctuated ("S W I T C H B O A R D - S Y S T E M"). */
function carriesMarker(line: string): boolean {
  const flat = squash(line);
  return SQUASHED_MARKERS.some((m) => flat.includes(m));
}

/**
 * Recent lines' answers: an answer passes the filter three times on its way out (the agent, the
 * delivery plan, the send), and decoding every run of a line as base64 is the filter's costliest
 * part. The answer depends on the line alone. Bounded: emptied when full, and long lines are
 * not kept.
 */
const recentLines = new Map<string, boolean>();
const RECENT_LINES_MAX = 512;
const KEPT_LINE_MAX = 2_000;

/** A line quoting our instructions, plainly or encoded (see decodedVariants). */
function echoesPrompt(line: string): boolean {
  if (line.length > KEPT_LINE_MAX) return decodeAndCheck(line);
  const known = recentLines.get(line);
  if (known !== undefined) return known;
  const echoes = decodeAndCheck(line);
  if (recentLines.size >= RECENT_LINES_MAX) recentLines.clear();
  recentLines.set(line, echoes);
  return echoes;
}

function decodeAndCheck(line: string): boolean {
  if (LOWERS_INTO_ASCII.test(line)) return [line, ...decodedVariants(line)].some(carriesMarker);
  const flat = squash(line);
  if (VARIANT_MARKERS.some((m) => flat.includes(m))) return true;
  return decodedVariants(line, { encodedOnly: true }).some(carriesMarker);
}

export interface FilterOptions {
  /** The ticket id stays readable; every other internal id goes. */
  ticketId?: string;
  /** Addresses the customer may see (their own); every other email is masked. */
  allowedEmails?: string[];
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Everything that reaches a customer passes here: prompt echoes, tool names and internal ids
 * removed; mentions and link markup that could ping or mislead neutralized (Slack and Teams
 * syntax); card numbers and third parties' emails masked.
 */
export function filterCustomerText(text: string, options: FilterOptions = {}): string {
  let out = text;
  // Prompt echoes: drop whole lines that quote our instructions, plainly or encoded.
  out = out
    .split('\n')
    .filter((line) => !echoesPrompt(line))
    .join('\n');
  for (const pattern of TOOL_NAME_PATTERNS) out = out.replace(pattern, 'our records');
  // Internal ids (cus_…, apr_…, msg_…, dec_…): the ticket id is the only one a customer sees.
  out = out.replace(/\b(?:cus|apr|msg|dec|int|aud|evt|usr|tnt)_[A-Za-z0-9_-]+/g, '[internal reference]');
  // Slack special mentions and markup.
  out = out.replace(/<!(?:subteam\^[A-Z0-9]+)(?:\|([^>]*))?>/g, (_m, label: string | undefined) =>
    label ? label.replace(/^@/, '') : 'the team',
  );
  out = out.replace(/<!(channel|here|everyone)(?:\|[^>]*)?>/gi, '$1');
  out = out.replace(/<!date\^[^|>]*\|([^>]*)>/g, '$1');
  out = out.replace(/<!([^>]*)>/g, '$1');
  out = out.replace(/<@[UW][A-Z0-9]+(?:\|([^>]*))?>/g, (_m, label: string | undefined) => label ?? 'someone');
  out = out.replace(/<#C[A-Z0-9]+(?:\|([^>]*))?>/g, (_m, label: string | undefined) =>
    label ? `#${label}` : 'a channel',
  );
  // Link markup shows the real address next to its label, so a label cannot disguise a link.
  out = out.replace(
    /<((?:https?|mailto):[^|>\s]+)\|([^>]*)>/gi,
    (_m, url: string, label: string) => `${label} (${url})`,
  );
  out = out.replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1');
  // Teams mentions.
  out = out.replace(/<at\b[^>]*>(.*?)<\/at>/gis, '$1');
  // Plain-text broadcast mentions: a full-width at sign reads the same and pings no one.
  out = out.replace(/@(channel|here|everyone|all|room|team)\b/gi, '＠$1');
  // Card numbers (13–19 digits, Luhn-valid, spaces or dashes allowed).
  out = out.replace(/\b(?:\d[ -]?){12,18}\d\b/g, (m) => {
    const digits = m.replace(/[ -]/g, '');
    return digits.length >= 13 && luhn(digits) ? '[card number removed]' : m;
  });
  const allowed = new Set((options.allowedEmails ?? []).map((e) => e.toLowerCase()));
  out = replaceEmails(out, (m) => (allowed.has(m.toLowerCase()) ? m : '[email removed]'));
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
