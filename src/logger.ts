import { createRequire } from 'node:module';
import pino, { type Logger, type DestinationStream } from 'pino';

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
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Card-like: 13–19 digits, optionally grouped by spaces or dashes.
  [/\b(?:\d[ -]?){12,18}\d\b/g, '[card]'],
  // Phone-like: an optional +, then 7+ digits with common separators; not an IPv4 address or an
  // ISO date, which look alike but are what an operator needs to read in a log line.
  [/(?<![\w.])(?!\d{1,3}(?:\.\d{1,3}){3}(?!\d))(?!\d{4}-\d{2}-\d{2})\+?\d[\d ().-]{7,}\d\b/g, '[phone]'],
];

/** Masks tokens, emails, phone and card numbers in free text. Exported for reuse in output filters. */
export function redactText(text: string): string {
  let out = text;
  for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
  return out;
}

function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: redactText(value.message),
      stack: value.stack && redactText(value.stack),
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
        const redacted = args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<
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
