import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, MAX_LOG_STRING, redactText } from '../src/logger.js';

function capture() {
  let out = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination: stream }), output: () => out };
}

const EMAIL = 'maya.ortiz@bluebirdcafe.example';
const TOKEN = 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx';
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
const PHONE = '+1 (415) 555-0134';
const CARD = '4242 4242 4242 4242';

describe('log redaction', () => {
  it('keeps emails, tokens, authorization headers, phones and card numbers out of every line', () => {
    const { logger, output } = capture();
    logger.info({ email: EMAIL }, 'customer identified');
    logger.info(`message from ${EMAIL}: call me at ${PHONE}, my card is ${CARD}`);
    logger.warn({ headers: { authorization: BEARER, 'content-type': 'application/json' } }, 'request');
    logger.info({ req: { headers: { Authorization: BEARER } } }, 'incoming');
    logger.error(
      { err: new Error(`Slack said no to ${TOKEN}`), config: { botToken: TOKEN } },
      'slack failed',
    );
    logger.debug({ customer: { contacts: [{ name: 'Maya', email: EMAIL, phone: PHONE }] } }, 'nested');
    logger.info({ text: `token ${TOKEN} and key sk-abcdefghijklmnop` }, 'free text');
    const out = output();
    expect(out.split('\n').filter(Boolean)).toHaveLength(7);
    for (const secret of [
      EMAIL,
      TOKEN,
      'eyJhbGciOiJIUzI1NiJ9',
      '555-0134',
      '4242 4242',
      'sk-abcdefghijklmnop',
    ]) {
      expect(out).not.toContain(secret);
    }
    // What a reader needs stays: the message text and non-sensitive fields.
    expect(out).toContain('customer identified');
    expect(out).toContain('application/json');
    expect(out).toContain('Maya');
  });

  it('leaves hosts, dates and ticket ids readable', () => {
    const text = 'ticket TKT-8F3K2Q on 127.0.0.1:27017 closed on 2026-10-21T10:00:00Z, order 1042';
    expect(redactText(text)).toBe(text);
  });

  it('strips credentials from MongoDB URIs', () => {
    expect(redactText('mongodb://app:hunter2@db.internal:27017/x')).toBe(
      'mongodb://[credentials]@db.internal:27017/x',
    );
  });
});

describe('bounded log lines (issue 12, case 5)', () => {
  it('a 100 KB Slack user id is cut to MAX_LOG_STRING with its length said, and still redacted', () => {
    const { logger, output } = capture();
    const userId = `U${'1A'.repeat(50_000)}`;
    logger.warn({ userId, note: `${'x'.repeat(5000)} ${EMAIL}` }, `unknown user ${userId}`);
    const line = JSON.parse(output()) as { userId: string; note: string; msg: string };
    expect(line.userId.length).toBeLessThan(MAX_LOG_STRING + 40);
    expect(line.userId).toMatch(/…\[\d+ more characters\]$/);
    expect(line.msg.length).toBeLessThan(MAX_LOG_STRING + 40);
    expect(output()).not.toContain(EMAIL);
  });
});
