import type { NextFunction, Request, Response } from 'express';
import { verifySlackRequest } from '@slack/bolt';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';

/** Slack's events and interactivity bodies are small; anything larger is not from Slack. */
const MAX_BODY_BYTES = 1024 * 1024;

async function readRaw(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Verifies Slack's v0 request signature with Bolt's own `verifySlackRequest`, against the injected
 * clock so tests can fix time. Stale (> 5 minutes) or wrong signatures get 401 and go no further.
 * The raw body is left on `req.rawBody`, where Bolt's ExpressReceiver reads it instead of the stream.
 */
export function slackSignatureMiddleware(deps: { signingSecret: string; clock: Clock; logger: Logger }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const withRaw = req as Request & { rawBody?: Buffer; _body?: boolean };
    let raw: Buffer;
    try {
      if (withRaw.rawBody) raw = withRaw.rawBody;
      else if (withRaw._body) {
        // A JSON/urlencoded parser ran first and consumed the stream: the signature cannot be checked.
        deps.logger.error('slack: a body parser ran before /slack/events; mount the Slack adapter first');
        res.status(500).end();
        return;
      } else raw = await readRaw(req);
    } catch (err) {
      deps.logger.warn({ err }, 'slack request body unreadable');
      res.status(400).end();
      return;
    }
    const signature = req.header('x-slack-signature');
    const timestamp = Number(req.header('x-slack-request-timestamp'));
    try {
      if (!signature || !Number.isFinite(timestamp)) throw new Error('missing signature headers');
      const nowMs = deps.clock.now().getTime();
      // Bolt rejects only the past; a timestamp far in the future is just as much a replay risk.
      if (timestamp * 1000 - nowMs > 5 * 60 * 1000) throw new Error('timestamp in the future');
      verifySlackRequest({
        signingSecret: deps.signingSecret,
        body: raw.toString('utf8'),
        headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
        nowMilliseconds: nowMs,
      });
    } catch (err) {
      deps.logger.warn(
        { reason: err instanceof Error ? err.message : String(err) },
        'slack request rejected: bad signature',
      );
      res.status(401).end();
      return;
    }
    withRaw.rawBody = raw;
    next();
  };
}
