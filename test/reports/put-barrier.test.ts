import { describe, expect, it } from 'vitest';
import { createPutBarrier } from '../../src/reports/put-barrier.js';

describe('the put barrier of a recount and its requests', () => {
  it('lets no party write until every party has reached its write or left', async () => {
    const [ticket, request, merged] = createPutBarrier(3);
    const wrote: string[] = [];
    const first = ticket!.atPut().then(() => wrote.push('ticket'));
    const second = request!.atPut().then(() => wrote.push('request'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(wrote).toEqual([]);
    merged!.leave(); // a recount merged into one already queued: it never writes here
    await Promise.all([first, second]);
    expect(wrote).toEqual(['ticket', 'request']);
  });

  it('counts a party once, whether it reaches its write again or leaves after it', async () => {
    const [a, b] = createPutBarrier(2);
    const waiting = a!.atPut();
    a!.leave();
    void a!.atPut();
    let opened = false;
    void waiting.then(() => (opened = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toBe(false);
    b!.leave();
    await waiting;
    expect(opened).toBe(true);
  });
});
