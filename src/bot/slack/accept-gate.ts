import type { App } from '@slack/bolt';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../../logger.js';

/**
 * Handed to the listeners through Bolt's context (`context[ACCEPT_GATE]`): the message listener
 * says when the event is stored (Slack gets its 200) or could not be (Slack gets a 503 and sends
 * it again). Events no listener stores (app_home_opened, a bot's own message) are answered 200
 * once Bolt is done with them.
 */
export interface AcceptGate {
  accepted(): void;
  failed(): void;
}

export const ACCEPT_GATE = 'switchboardAcceptGate';

/** The gate of the event being handled, when it came through acceptGateHandler. */
export function acceptGateOf(context: Record<string, unknown>): AcceptGate | undefined {
  const gate = context[ACCEPT_GATE];
  return gate && typeof gate === 'object' ? (gate as AcceptGate) : undefined;
}

/**
 * Events API deliveries, answered only once the event is stored. Bolt acknowledges events before
 * any listener runs (the 3-second rule), which acknowledged messages that were then lost with
 * the process or the database (issue 12, case 1). This handler sits after the signature check and
 * before Bolt's receiver: for `event_callback` bodies it runs Bolt itself with a no-op ack and
 * answers HTTP when the listener says the event is stored, or failed to store it (503, so Slack
 * redelivers). Everything else (url_verification, interactions, commands) goes on to Bolt's receiver.
 */
export function acceptGateHandler(getApp: () => App | undefined, logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const app = getApp();
    const raw = (req as Request & { rawBody?: Buffer | string }).rawBody;
    const body = app && raw !== undefined ? eventCallback(raw) : undefined;
    if (!app || !body) {
      next();
      return;
    }
    let answered = false;
    const answer = (status: number) => {
      if (answered || res.headersSent) return;
      answered = true;
      if (status === 200) res.status(200).end();
      else res.status(status).json({ error: 'The event could not be stored; send it again.' });
    };
    const gate: AcceptGate = { accepted: () => answer(200), failed: () => answer(503) };
    const retryNum = Number(req.header('x-slack-retry-num'));
    app
      .processEvent({
        body,
        ack: () => Promise.resolve(),
        retryNum: Number.isInteger(retryNum) ? retryNum : undefined,
        retryReason: req.header('x-slack-retry-reason') ?? undefined,
        customProperties: { [ACCEPT_GATE]: gate },
      })
      .then(
        () => answer(200),
        (err: unknown) => {
          if (err instanceof TypeError) {
            // Bolt reading a field of a shape envelope.ts let through (`user: null`): the same body
            // again cannot help, so it is acknowledged and dropped rather than redelivered.
            logger.warn({ err }, 'slack: signed event of an unexpected shape ignored');
            answer(200);
            return;
          }
          logger.error({ err }, 'slack event failed before it was stored');
          answer(503);
        },
      );
  };
}

function eventCallback(raw: Buffer | string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
    if (body && typeof body === 'object' && (body as { type?: unknown }).type === 'event_callback')
      return body as Record<string, unknown>;
  } catch {
    // Not JSON: an interaction or a command (form-encoded), or garbage; Bolt's receiver decides.
  }
  return undefined;
}
