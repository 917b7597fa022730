import { describe, expect, it } from 'vitest';
import { createWriteGroup } from '../../src/memory/write-group.js';

/**
 * The queue the groups of src/memory share (write-group.ts), on its own: a command that throws
 * instead of settling its callers (a bug, or a driver error thrown outside the send's own catch)
 * must fail them and leave the queue working. Before, the group stayed busy for good and every
 * later caller waited forever (and the rejection went unhandled).
 */
describe('a write group whose command throws', () => {
  it('fails that command’s callers and sends the next ones', async () => {
    const sent: number[][] = [];
    let calls = 0;
    const group = createWriteGroup<number, string>(
      10,
      async (batch) => {
        calls++;
        if (calls === 1) throw new Error('the command failed outside its try');
        sent.push(batch.flatMap((p) => p.items));
        for (const p of batch) p.resolve('stored');
      },
      undefined,
    );
    const first = await Promise.allSettled([group([1]), group([2])]);
    expect(first.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((first[0] as PromiseRejectedResult).reason).toMatchObject({
      message: 'the command failed outside its try',
    });
    expect(await group([3])).toBe('stored');
    expect(sent).toEqual([[3]]);
  });

  it('does not fail callers it sent back to the queue before throwing; they are sent again', async () => {
    let calls = 0;
    const group = createWriteGroup<number, string>(
      10,
      async (batch, requeue) => {
        calls++;
        if (calls === 1) {
          batch[0]!.resolve('stored');
          requeue(batch.slice(1));
          throw new Error('after the requeue');
        }
        for (const p of batch) p.resolve('stored again');
      },
      undefined,
    );
    const outcomes = await Promise.allSettled([group([1]), group([2])]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'stored' },
      { status: 'fulfilled', value: 'stored again' },
    ]);
  });
});

/**
 * `overlap` (the accepts' takes, turn-take-group.ts): callers of one turn of the event loop share
 * a command, and a caller never waits behind a command on its way; callers sent back go again.
 */
describe('an overlapping write group', () => {
  it('sends a caller at once while another command is still on its way', async () => {
    const sent: number[][] = [];
    const pending: Array<() => void> = [];
    const group = createWriteGroup<number, string>(
      10,
      async (batch) => {
        sent.push(batch.flatMap((p) => p.items));
        // Each command ends only when the test lets it.
        await new Promise<void>((resolve) => pending.push(resolve));
        for (const p of batch) p.resolve(`stored ${batch.flatMap((b) => b.items).join('+')}`);
      },
      undefined,
      { overlap: true },
    );
    const first = [group([1]), group([2])];
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([[1, 2]]);
    // The first command has not ended: the next caller does not wait for it.
    const third = group([3]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([[1, 2], [3]]);
    pending.forEach((end) => end());
    expect(await Promise.all([...first, third])).toEqual(['stored 1+2', 'stored 1+2', 'stored 3']);
  });

  it('sends callers a command sent back with the next callers, ahead of them', async () => {
    const sent: number[][] = [];
    let calls = 0;
    const group = createWriteGroup<number, string>(
      10,
      async (batch, requeue) => {
        calls++;
        sent.push(batch.flatMap((p) => p.items));
        if (calls === 1) {
          batch[0]!.resolve('stored');
          requeue(batch.slice(1));
          return;
        }
        for (const p of batch) p.resolve('stored again');
      },
      undefined,
      { overlap: true },
    );
    expect(await Promise.all([group([1]), group([2])])).toEqual(['stored', 'stored again']);
    expect(sent).toEqual([[1, 2], [2]]);
  });
});
