import type { Clock } from '../../src/domain/index.js';

/** A clock tests move by hand. */
export function fixedClock(
  start = new Date('2026-11-20T10:00:00Z'),
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(d) {
      now = d.getTime();
    },
  };
}
