import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Unambiguous upper-case alphabet (no I, L, O, U, 0/1 lookalikes removed) for ids people read aloud. */
const TICKET_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Passed in, never imported as a singleton, so tests can make ids predictable. */
export interface IdGenerator {
  /** `TKT-8F3K2Q` */
  ticketId(): string;
  /** Opaque unique id with a short prefix (`apr_…`, `msg_…`). */
  id(prefix: string): string;
}

export function createIdGenerator(): IdGenerator {
  return {
    ticketId() {
      const bytes = randomBytes(6);
      let s = '';
      for (const b of bytes) s += TICKET_ALPHABET[b % TICKET_ALPHABET.length];
      return `TKT-${s}`;
    },
    id(prefix) {
      return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    },
  };
}

/**
 * The id of the ticket a thread opens (issue 13): derived from the organization and the thread, so
 * the thread's ticket is found by its `_id` without a key document written for it. Same alphabet
 * and length as `ticketId()`; as with those, two tickets of one organization may draw the same id
 * (about one in 700 million per ticket per existing ticket); the second insert is then refused.
 */
export function threadTicketId(
  tenantId: string,
  thread: { platform: string; channelId: string; threadId: string },
): string {
  const digest = createHash('sha256')
    .update(`${tenantId}\u0000${thread.platform}\u0000${thread.channelId}\u0000${thread.threadId}`)
    .digest();
  let s = '';
  for (const b of digest.subarray(0, 6)) s += TICKET_ALPHABET[b % TICKET_ALPHABET.length];
  return `TKT-${s}`;
}

/** Passed in so tests can fix time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
