import { createRequire } from 'node:module';
import pino, { type Logger, type DestinationStream } from 'pino';
import { replaceEmails } from './text/emails.js';

export type { Logger };

/** Keys whose values never reach a log line, wherever they sit in the object. */
const SECRET_KEYS = [
  'token',
  'botToken',
  'appToken',
  'apiKey',
  'password',
  'appPassword',
  'secret',
  'signingSecret',
  'authorization',
  'Authorization',
  'cookie',
  'email',
  'phone',
];

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-slack-signature"]',
];

const PATTERNS: Array<[RegExp, string]> = [
  [/\bxox[abposr]-[A-Za-z0-9-]+/g, '[slack-token]'],
  [/\bxapp-[A-Za-z0-9-]+/g, '[slack-token]'],
  [/\bsk-[A-Za-z0-9_-]{8,}/g, '[api-key]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/mongodb(\+srv)?:\/\/[^:@/\s]+:[^@/\s]+@/g, 'mongodb$1://[credentials]@'],
];

/** After credentials (a URI's user:password@host is not an email) and emails (src/text/emails.ts). */
const NUMBER_PATTERNS: Array<[RegExp, string]> = [
  // Card-like: 13–19 digits, optionally grouped by spaces or dashes.
  [/\b(?:\d[ -]?){12,18}\d\b/g, '[card]'],
  // Phone-like (bounded: an unbounded run made every start scan to its end, quadratic on long
  // digit runs): an optional +, then 7+ digits with common separators; not an IPv4 address or an
  // ISO date, which look alike but are what an operator needs to read in a log line.
  [/(?<![\w.])(?!\d{1,3}(?:\.\d{1,3}){3}(?!\d))(?!\d{4}-\d{2}-\d{2})\+?\d[\d ().-]{7,40}\d\b/g, '[phone]'],
];

/** Masks tokens, emails, phone and card numbers in free text. Exported for reuse in output filters. */
export function redactText(text: string): string {
  let out = text;
  for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
  out = replaceEmails(out, () => '[email]');
  for (const [re, replacement] of NUMBER_PATTERNS) out = out.replace(re, replacement);
  return out;
}

/**
 * Longest string value a log line carries, after redaction: a 100 KB "user id" or a whole message
 * body is evidence of nothing an operator can read, and it would make every line that names it huge.
 */
export const MAX_LOG_STRING = 2000;

/** Redacted, then cut to MAX_LOG_STRING with the original length said (redacting first: a cut email would leak). */
export function boundedLogText(text: string): string {
  const clean = redactText(text);
  return clean.length > MAX_LOG_STRING
    ? `${clean.slice(0, MAX_LOG_STRING)}…[${clean.length - MAX_LOG_STRING} more characters]`
    : clean;
}

function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (typeof value === 'string') return boundedLogText(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: boundedLogText(value.message),
      stack: value.stack && boundedLogText(value.stack),
    };
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, depth + 1);
    return out;
  }
  return value;
}

export interface LoggerOptions {
  level?: string;
  /** Pretty output for a developer's terminal; JSON otherwise. */
  pretty?: boolean;
  /** Where lines go; tests pass a stream to read them back. */
  destination?: DestinationStream;
}

/**
 * JSON logs by default, pretty in a TTY. Two layers of redaction: known secret keys are
 * censored by path, and every string value is scrubbed of tokens, emails, phone and card numbers.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const base: pino.LoggerOptions = {
    level: options.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: {
      log: (obj) => redactDeep(obj) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((a) => (typeof a === 'string' ? boundedLogText(a) : a)) as Parameters<
          typeof method
        >;
        method.apply(this, redacted);
      },
    },
    serializers: { err: pino.stdSerializers.err },
  };
  if (options.destination) return pino(base, options.destination);
  if (options.pretty) {
    // In this thread, not as a pino transport (a worker thread: a second V8 heap, ~20 MB), and
    // loaded only for a terminal: production logs JSON and never loads pino-pretty.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pino(base, pretty({ colorize: true }));
  }
  return pino(base);
}
