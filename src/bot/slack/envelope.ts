import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../../logger.js';

/**
 * The outer shapes Bolt dereferences before any listener runs (`event.type`, `actions[0]`,
 * `user.id`, `view.callback_id`). A signed body that breaks them made Bolt's receiver answer 500
 * (issue 12, case 6); such a body is now acknowledged with 200 and ignored, with one warning, so
 * Slack does not retry it and the listeners only ever see these shapes.
 */
const Str = z.string().max(256);
const User = z.looseObject({ id: Str });

const EventEnvelope = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('event_callback'),
    event: z.looseObject({ type: Str }),
    event_id: Str.optional(),
  }),
  z.looseObject({ type: z.literal('url_verification'), challenge: z.string().max(1024) }),
  z.looseObject({ type: z.literal('ssl_check') }),
  z.looseObject({ type: z.literal('app_rate_limited') }),
]);

const Interaction = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('block_actions'),
    user: User,
    actions: z.array(z.looseObject({ action_id: Str.optional() })).max(64),
  }),
  z.looseObject({
    type: z.enum(['view_submission', 'view_closed']),
    user: User,
    view: z.looseObject({ id: Str.optional(), callback_id: Str.optional() }),
  }),
  z.looseObject({ type: z.enum(['shortcut', 'message_action']), user: User }),
  z.looseObject({ type: z.literal('block_suggestion'), user: User }),
]);

const Command = z.looseObject({ command: Str.min(1), user_id: Str, text: z.string().max(40_000).optional() });

type Verdict = { ok: true } | { ok: false; what: string; reason: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function check(schema: z.ZodType, value: unknown, what: string): Verdict {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true };
  const issue = parsed.error.issues[0];
  return { ok: false, what, reason: `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}` };
}

/** Which of Slack's three deliveries this is, and whether its outer shape holds. */
export function checkSlackBody(raw: string, contentType: string | undefined): Verdict {
  if ((contentType ?? '').includes('application/json')) return check(EventEnvelope, parseJson(raw), 'event');
  const form = new URLSearchParams(raw);
  const payload = form.get('payload');
  if (payload !== null) return check(Interaction, parseJson(payload), 'interaction');
  return check(Command, Object.fromEntries(form), 'command');
}

/** After the signature check: unexpected shapes end here with 200, before Bolt reads them. */
export function slackShapeMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    const verdict = checkSlackBody(raw?.toString('utf8') ?? '', req.header('content-type'));
    if (verdict.ok) return next();
    logger.warn(
      { what: verdict.what, reason: verdict.reason },
      'slack: signed request of an unexpected shape ignored',
    );
    res.status(200).end();
  };
}
