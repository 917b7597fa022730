import { randomBytes, randomUUID } from 'node:crypto';

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

/** Passed in so tests can fix time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
