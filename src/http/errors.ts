import type express from 'express';
import { isAppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** What a caller is told: a status and one sentence, never a stack, a path or their own body back. */
export interface HttpError {
  status: number;
  error: string;
}

const BY_CODE: Record<string, HttpError> = {
  validation_failed: { status: 400, error: 'The request is not valid.' },
  forbidden: { status: 403, error: 'You may not do this.' },
  not_found: { status: 404, error: 'Not found.' },
  conflict: { status: 409, error: 'This was already done or changed meanwhile.' },
  upstream_failed: { status: 502, error: 'A service we depend on failed; please try again.' },
};

/** AppError's default sentence: a client error gets its code's sentence instead. */
const GENERIC = 'Something went wrong; the team has been notified.';

/** body-parser and raw-body mark their errors with `type` and a 4xx `status`. */
const BODY_ERRORS: Record<string, HttpError> = {
  'entity.parse.failed': { status: 400, error: 'The request body is not valid JSON.' },
  'entity.too.large': { status: 413, error: 'The request body is too large.' },
  'entity.verify.failed': { status: 403, error: 'The request body could not be verified.' },
  'encoding.unsupported': { status: 415, error: 'The request body encoding is not supported.' },
  'charset.unsupported': { status: 415, error: 'The request body character set is not supported.' },
  'request.aborted': { status: 400, error: 'The request was aborted before its body arrived.' },
  'request.size.invalid': { status: 400, error: 'The request body is shorter or longer than announced.' },
  'stream.encoding.set': { status: 500, error: 'Something went wrong; the team has been notified.' },
};

const INTERNAL: HttpError = { status: 500, error: GENERIC };

function statusOf(err: unknown): number | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { status?: unknown; statusCode?: unknown };
  const s = typeof e.status === 'number' ? e.status : e.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

/**
 * Every error an HTTP route can meet, as a status and a sentence (one place, like Bolt's
 * asCodedError): our AppError hierarchy by code, body-parser's errors by type, any other 4xx it
 * carries as a generic sentence, everything else 500.
 */
export function toHttpError(err: unknown): HttpError {
  if (isAppError(err)) {
    const known = BY_CODE[err.code];
    if (!known) return INTERNAL;
    return { status: known.status, error: err.publicMessage === GENERIC ? known.error : err.publicMessage };
  }
  const type = err && typeof err === 'object' ? (err as { type?: unknown }).type : undefined;
  if (typeof type === 'string' && BODY_ERRORS[type]) return BODY_ERRORS[type];
  const status = statusOf(err);
  if (status !== undefined && status < 500) return { status, error: 'The request could not be processed.' };
  return INTERNAL;
}

/**
 * Mounted after every route: unknown paths get a JSON 404, and every error a JSON answer from
 * toHttpError. Replaces Express's default handler, which prints the error with the raw body of a
 * malformed request (card numbers and emails included) to stderr and answers an HTML stack trace.
 * Client errors are logged as one warning without the error's message (body-parser quotes the
 * body in it); server errors with the error, through the redacting logger.
 */
export function mountErrorHandling(app: express.Express, logger: Logger): void {
  app.use((_req: express.Request, res: express.Response) => {
    res.status(404).json({ error: 'Not found.' });
  });
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const mapped = toHttpError(err);
    const where = { method: req.method, path: req.path.slice(0, 200), status: mapped.status };
    if (mapped.status >= 500) logger.error({ ...where, err }, 'http: request failed');
    else
      logger.warn(
        { ...where, code: isAppError(err) ? err.code : (err as { type?: string })?.type },
        `http: ${mapped.error}`,
      );
    if (res.headersSent) {
      // Part of an answer went out and nothing sensible can follow it (Express's own handler,
      // reached through next(), would print the error with the body): end the exchange.
      req.socket.destroy();
      return;
    }
    res.status(mapped.status).json({ error: mapped.error });
  });
}
