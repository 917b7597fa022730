import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { InboundOutcome } from '../../conversation/ports.js';
import { ValidationError } from '../../errors.js';
import type { SandboxPost } from './posts.js';

/** What a client may send as `Idempotency-Key`: visible ASCII, as the IETF draft's examples. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new ValidationError('invalid Idempotency-Key header', {
      publicMessage: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    });
  return key;
}

/** One author's key names one message; another author's same key is another message. */
export function eventIdFor(userId: string, key: string): string {
  return `idem:${createHash('sha256').update(`${userId}\n${key}`).digest('hex').slice(0, 40)}`;
}

/**
 * The message id of a POST with this key, the same for every retry, as a platform's redelivery
 * carries its message's id (Slack's `ts`, Teams' activity id): the journal keeps a message's record
 * with its thread's turn, found by that id.
 */
export function messageIdFor(userId: string, key: string): string {
  return `sbx_${createHash('sha256').update(`message\n${userId}\n${key}`).digest('hex').slice(0, 20)}`;
}

/** 201 for a new message; the first answer again, 200 and marked, for a retried POST. */
export function replyPosted(
  res: Response,
  result: { post: SandboxPost; outcome: InboundOutcome; replayed: boolean },
): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(result.replayed ? 200 : 201).json({ post: result.post, outcome: result.outcome });
}
