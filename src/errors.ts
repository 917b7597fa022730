/**
 * One small hierarchy, split by who is at fault. Only adapters turn these into what a
 * person sees; everything is logged once, at the top.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  /** One sentence safe to show the person who caused it (never internals). */
  readonly publicMessage: string;

  constructor(message: string, options?: { cause?: unknown; publicMessage?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.publicMessage = options?.publicMessage ?? 'Something went wrong; the team has been notified.';
  }
}

/** The environment or tenant settings are wrong: start-up stops with one line. */
export class ConfigError extends AppError {
  readonly code = 'config_invalid';
}

/** Input from outside (HTTP body, card data, model output, stored document) failed its schema. */
export class ValidationError extends AppError {
  readonly code = 'validation_failed';
}

export class NotFoundError extends AppError {
  readonly code = 'not_found';
}

/** Lost a race: already decided, already taken, already processed. */
export class ConflictError extends AppError {
  readonly code = 'conflict';
}

/** The actor may not do this (not an approver, external guest, the customer themself). */
export class ForbiddenError extends AppError {
  readonly code = 'forbidden';
}

/** A system we call failed: the model, Slack, Teams, the order system. */
export class UpstreamError extends AppError {
  readonly code = 'upstream_failed';
}

/**
 * A system of our own cannot take the request now (the database is down or stalled): nothing was
 * done, and the caller (a platform, a client) should send it again. HTTP 503.
 */
export class UnavailableError extends AppError {
  readonly code = 'unavailable';
}

/**
 * The database did not answer (the driver's network and server-selection errors) or an
 * UnavailableError said so: nothing was done, and the request may be sent again (HTTP 503).
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof UnavailableError) return true;
  return (
    err instanceof Error && /^Mongo(ServerSelection|Network|NetworkTimeout|Topology\w*)Error$/.test(err.name)
  );
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Formats a zod error as one readable line: `path: message; path: message`. */
export function describeZodIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}
