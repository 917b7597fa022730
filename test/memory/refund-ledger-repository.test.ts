import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { RefundHold } from '../../src/approvals/refund-ledger.schema.js';
import { createMongoStores, type MongoStores } from '../../src/memory/mongo-stores.js';
import { fixedClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/mongo.js';

const clock = fixedClock();
let t: TestDb;
let stores: MongoStores;

beforeAll(async () => {
  t = await createTestDb('ledgers');
  stores = createMongoStores(t.db, { logger: pino({ level: 'silent' }), clock });
});
afterAll(async () => t?.close());

function hold(key: string, patch: Partial<RefundHold> = {}): RefundHold {
  return {
    key,
    kind: 'request',
    action: 'refund',
    orderId: '1043',
    ticketId: 'TKT-00001',
    amountMinor: 25_000,
    currency: 'USD',
    at: clock.now(),
    ...patch,
  };
}

describe('refund ledger repository', () => {
  it('creates a ledger once: a second creation from "none yet" loses', async () => {
    expect(await stores.refundLedgers.get('TA', 'cus_a')).toBeNull();
    expect(await stores.refundLedgers.put('TA', 'cus_a', null, [hold('approval:apr_1')])).toBe(true);
    expect(await stores.refundLedgers.put('TA', 'cus_a', null, [hold('approval:apr_2')])).toBe(false);
    const ledger = await stores.refundLedgers.get('TA', 'cus_a');
    expect(ledger?.holds.map((h) => h.key)).toEqual(['approval:apr_1']);
    expect(ledger?.rev).toBe(1);
  });

  it('of two writers that read the same revision, exactly one writes', async () => {
    const read = await stores.refundLedgers.get('TA', 'cus_a');
    if (!read) throw new Error('no ledger');
    const results = await Promise.all(
      ['auto:a', 'auto:b'].map((key) =>
        stores.refundLedgers.put('TA', 'cus_a', read.rev, [...read.holds, hold(key, { kind: 'auto' })]),
      ),
    );
    expect(results.sort()).toEqual([false, true]);
    expect((await stores.refundLedgers.get('TA', 'cus_a'))?.holds).toHaveLength(2);
  });

  it('takes one hold by key in one write and answers with every hold after it; no ledger, nothing written', async () => {
    expect(
      await stores.refundLedgers.take!('TA', 'cus_t', hold('approval:apr_t0', { kind: 'granted' })),
    ).toBeNull();
    expect(await stores.refundLedgers.get('TA', 'cus_t')).toBeNull();
    await stores.refundLedgers.put('TA', 'cus_t', null, [hold('approval:apr_t1'), hold('approval:apr_t2')]);
    // Two takes at once, of different requests: neither loses the other's, and the second to land sees both.
    const taken = await Promise.all(
      ['approval:apr_t1', 'approval:apr_t2'].map((key) =>
        stores.refundLedgers.take!('TA', 'cus_t', hold(key, { kind: 'granted' })),
      ),
    );
    const seen = taken.map((l) => l?.holds.filter((h) => h.kind === 'granted').length).sort();
    expect(seen).toEqual([1, 2]);
    const after = await stores.refundLedgers.get('TA', 'cus_t');
    expect(after?.holds.map((h) => h.kind)).toEqual(['granted', 'granted']);
    // Every take moves the revision: a read-then-put writer from before it loses.
    expect(after?.rev).toBe(3);
    expect(await stores.refundLedgers.put('TA', 'cus_t', 1, [])).toBe(false);
  });

  it('releases one hold by key, whatever its characters, and answers with the holds left', async () => {
    const key = 'auto:TKT-00001:gid://shop.example/Order/1.5$:refund:0';
    const read = await stores.refundLedgers.get('TA', 'cus_b');
    expect(read).toBeNull();
    await stores.refundLedgers.put('TA', 'cus_b', null, [
      hold(key, { kind: 'auto' }),
      hold('approval:apr_3'),
    ]);
    const left = await stores.refundLedgers.release('TA', 'cus_b', key);
    expect(left?.map((h) => h.key)).toEqual(['approval:apr_3']);
    // Again: nothing changes, and a customer without a ledger answers null.
    expect((await stores.refundLedgers.release('TA', 'cus_b', key))?.map((h) => h.key)).toEqual([
      'approval:apr_3',
    ]);
    expect(await stores.refundLedgers.release('TA', 'cus_nobody', key)).toBeNull();
    // The release moved the revision: a write from an older read loses.
    expect(await stores.refundLedgers.put('TA', 'cus_b', 1, [])).toBe(false);
  });

  it('keeps two organizations apart', async () => {
    await stores.refundLedgers.put('TB', 'cus_a', null, []);
    expect((await stores.refundLedgers.get('TB', 'cus_a'))?.holds).toEqual([]);
    expect((await stores.refundLedgers.get('TA', 'cus_a'))?.holds).toHaveLength(2);
  });
});
