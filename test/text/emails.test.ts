import { describe, expect, it } from 'vitest';
import { findEmails, replaceEmails } from '../../src/text/emails.js';

// The expression the scanner replaces (quadratic on long runs without a match): the reference for what matches.
const OLD = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Deterministic pseudo-random strings over the characters that matter to the pattern. */
function* samples(count: number): Generator<string> {
  const alphabet = 'ab1.@-_+%. xZ#';
  let seed = 12345;
  for (let i = 0; i < count; i++) {
    let s = '';
    const len = 1 + (i % 40);
    for (let j = 0; j < len; j++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      s += alphabet[seed % alphabet.length];
    }
    yield s;
  }
}

describe('findEmails', () => {
  it('matches exactly what the old expression matched, on 20,000 generated strings', () => {
    for (const s of samples(20_000)) {
      const expected = [...s.matchAll(OLD)].map((m) => [m.index, m.index + m[0].length]);
      expect(
        findEmails(s).map((sp) => [sp.start, sp.end]),
        JSON.stringify(s),
      ).toEqual(expected);
    }
  });

  it('finds ordinary addresses and replaces them', () => {
    expect(replaceEmails('mail maya.ortiz@bluebirdcafe.example or x+y@a-b.co.uk!', () => '[email]')).toBe(
      'mail [email] or [email]!',
    );
    expect(replaceEmails('user:pa@ss@host.com and a@b.c', () => '[email]')).toBe('user:pa@[email] and a@b.c');
  });

  it('reads 40,000-character runs without an address (the inputs that froze the process)', () => {
    for (const s of [
      'a'.repeat(40_000),
      'a@'.repeat(20_000),
      `a@${'a.'.repeat(19_999)}`,
      'a.'.repeat(20_000),
    ]) {
      expect(findEmails(s)).toEqual([]);
    }
    expect(findEmails(`${'a'.repeat(40_000)}@b.co`)).toEqual([{ start: 0, end: 40_005 }]);
  });
});
