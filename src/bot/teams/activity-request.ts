import type { NextFunction, Request, Response } from 'express';
import { CloudAdapter, type Activity, type InvokeResponse, type TurnContext } from 'botbuilder';
import type { AuthenticateRequestResult } from 'botframework-connector';
import type { BotFrameworkAuthentication } from 'botframework-connector';
import { z } from 'zod';
import { describeZodIssues, UnavailableError } from '../../errors.js';
import type { Logger } from '../../logger.js';

/**
 * The parts of a Bot Framework activity every handler relies on. Everything else passes through
 * untouched (botbuilder and teams-bot.ts read their own fields). Before this check, `{}`, an empty
 * body or `{"type":5}` made botbuilder throw inside `process()` and the route answered 500.
 */
export const TeamsActivitySchema = z.looseObject({
  type: z.string().min(1).max(64),
  id: z.string().max(512).optional(),
  channelId: z.string().min(1).max(64),
  serviceUrl: z.url({ protocol: /^https?$/ }).max(2048),
  from: z.looseObject({ id: z.string().min(1).max(512) }),
  conversation: z.looseObject({ id: z.string().min(1).max(2048) }),
  recipient: z.looseObject({ id: z.string().max(512) }).optional(),
  text: z.string().optional(),
});

/** CloudAdapter with its turn entry point public, for a request already authenticated and checked here. */
export class TeamsCloudAdapter extends CloudAdapter {
  runTurn(
    authenticated: AuthenticateRequestResult,
    activity: Activity,
    logic: (ctx: TurnContext) => Promise<void>,
  ): Promise<InvokeResponse | undefined> {
    return this.processActivity(authenticated, activity, logic);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export interface ActivityRequestDeps {
  adapter: TeamsCloudAdapter;
  auth: BotFrameworkAuthentication;
  logic: (ctx: TurnContext) => Promise<void>;
  logger: Logger;
}

/**
 * POST /api/messages: authentication first (as botbuilder does it, on the request's own channel
 * and service URL), then the body's shape, then botbuilder's turn. Every refusal is JSON: 401
 * `unauthorized` (why is logged by auth.ts, never told), 400 for a body that is not an activity.
 * botbuilder's own `process()` is not used: it throws on such bodies and prints its errors with
 * `console.error`, past the redacting logger.
 */
export function activityRequestHandler(deps: ActivityRequestDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const body: Record<string, unknown> =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
    const header = req.headers.authorization;
    // Only string fields reach the authenticator: a hostile body cannot make it throw a TypeError.
    const claimed = {
      type: str(body.type),
      channelId: str(body.channelId),
      serviceUrl: str(body.serviceUrl),
    } as Activity;
    let authenticated;
    try {
      authenticated = await deps.auth.authenticateRequest(claimed, typeof header === 'string' ? header : '');
    } catch {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    const parsed = TeamsActivitySchema.safeParse(body);
    if (!parsed.success) {
      deps.logger.warn(
        { issues: describeZodIssues(parsed.error.issues).slice(0, 500) },
        'teams: request refused (not a Bot Framework activity)',
      );
      res.status(400).json({ error: 'The request body is not a Bot Framework activity.' });
      return;
    }
    // An activity that could not be stored (database down) turns the answer into a 503 with
    // Retry-After, so the Bot Connector sends it again instead of it being lost behind a 200.
    let unavailable = false;
    const logic = async (ctx: TurnContext): Promise<void> => {
      try {
        await deps.logic(ctx);
      } catch (err) {
        if (err instanceof UnavailableError) unavailable = true;
        throw err;
      }
    };
    try {
      const invoke = await deps.adapter.runTurn(authenticated, withDates(body), logic);
      if (unavailable) {
        res.setHeader('Retry-After', '5');
        res.status(503).json({ error: 'The message could not be stored; please send it again.' });
        return;
      }
      res.status(invoke?.status ?? 200);
      if (invoke?.body !== undefined) res.json(invoke.body);
      else res.end();
    } catch (err) {
      next(err);
    }
  };
}

/** What botbuilder's validateAndFixActivity does: ISO timestamps become Dates, the raw strings kept. */
function withDates(body: Record<string, unknown>): Activity {
  const activity: Record<string, unknown> = { ...body };
  for (const [field, raw] of [
    ['timestamp', 'rawTimestamp'],
    ['localTimestamp', 'rawLocalTimestamp'],
    ['expiration', 'rawExpiration'],
  ] as const) {
    const value = body[field];
    if (typeof value === 'string') {
      activity[raw] = value;
      activity[field] = new Date(value);
    }
  }
  return activity as unknown as Activity;
}
