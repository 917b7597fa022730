import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Switchboard-Timestamp';
export const SIGNATURE_HEADER = 'X-Switchboard-Signature';
/** Requests older (or newer) than this are refused: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300;

/**
 * The signed text: `timestamp.METHOD.path.body`. The method and path (with its query) are signed
 * besides the timestamp and body so a captured GET cannot be re-aimed at another customer's URL.
 */
export function signatureBase(timestamp: string, method: string, path: string, body: string): string {
  return `${timestamp}.${method.toUpperCase()}.${path}.${body}`;
}

/** `v1=` + hex HMAC-SHA256 of the signed text with the shared secret. */
export function sign(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return `v1=${createHmac('sha256', secret)
    .update(signatureBase(timestamp, method, path, body))
    .digest('hex')}`;
}

/** Whether a request's signature is right and its timestamp inside the replay window. */
export function verifySignature(
  secret: string,
  input: {
    timestamp?: string;
    signature?: string;
    method: string;
    path: string;
    body: string;
    nowSeconds: number;
  },
): { ok: true } | { ok: false; reason: string } {
  const ts = Number(input.timestamp);
  if (!input.timestamp || !Number.isInteger(ts))
    return { ok: false, reason: 'missing or malformed timestamp' };
  if (Math.abs(input.nowSeconds - ts) > REPLAY_WINDOW_SECONDS)
    return { ok: false, reason: 'stale timestamp' };
  const expected = Buffer.from(sign(secret, input.timestamp, input.method, input.path, input.body));
  const given = Buffer.from(input.signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad signature' };
  return { ok: true };
}
