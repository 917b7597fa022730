import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalService } from '../../src/approvals/api.js';
import { createHarness, customerOf, openTicket, requestedBy, type Harness } from './harness.js';

/**
 * A refund that can only become an approval request (at or above the automatic limit) takes its
 * hold in the customer's ledger with the write that reads the ledger (issue 13). These pin what
 * that must not change: one request per order and the daily limit in every process, and no hold
 * left behind by a proposal that opened no request.
 */

let h: Harness | undefined;
afterEach(async () => {
  await h?.env.close();
  h = undefined;
});

async function ask(service: ApprovalService, orderId: string, amountMinor: number) {
  const env = h!.env;
  const ticket = await openTicket(env, 'cobalt', `refund ${orderId} please, it arrived broken`);
  return service.propose({
    ticket,
    customer: await customerOf(env, 'cobalt'),
    action: { type: 'refund', orderId, amountMinor, reason: 'arrived broken' },
    requestedBy: requestedBy('cobalt'),
  });
}

const holds = async () => (await h!.env.stores.refundLedgers.get(h!.env.tenantId, 'cus_cobalt'))?.holds ?? [];

describe("a request's hold taken with the ledger's read", () => {
  it('two processes asking for the same order at once: one request, the other escalated, one hold', async () => {
    h = await createHarness();
    // Cobalt's ledger exists (the first request starts it by reading, then writing).
    const warm = await ask(h.approvals, '1051', 10_000);
    expect(warm.kind).toBe('pending');
    const other = h.serviceWith({});
    const [a, b] = await Promise.all([ask(h.approvals, '1052', 50_000), ask(other, '1052', 50_000)]);
    expect([a.kind, b.kind].sort()).toEqual(['escalate', 'pending']);
    const pending = (await h.env.stores.approvals.listPending(h.env.tenantId)).filter(
      (r) => r.orderId === '1052',
    );
    expect(pending).toHaveLength(1);
    // Only the stored request holds the order: the escalated proposal gave its hold back.
    expect((await holds()).filter((x) => x.orderId === '1052').map((x) => x.key)).toEqual([
      pending[0]!.idempotencyKey,
    ]);
  });

  it('a proposal that opens no request (the order is past its return window) leaves the ledger as it was', async () => {
    h = await createHarness();
    expect((await ask(h.approvals, '1051', 10_000)).kind).toBe('pending');
    const before = (await holds()).map((x) => x.key);
    // Order 1046 was delivered 60 days ago: ineligible, whatever the amount.
    const out = await ask(h.approvals, '1046', 12_000);
    expect(out.kind).toBe('escalate');
    expect((await holds()).map((x) => x.key)).toEqual(before);
    expect(await h.env.stores.approvals.listOpenByOrder(h.env.tenantId, '1046')).toEqual([]);
  });

  it('at the daily limit the request is refused and its hold given back: the count stays at the limit', async () => {
    h = await createHarness();
    for (const orderId of ['1051', '1052', '1053'])
      expect((await ask(h.approvals, orderId, orderId === '1051' ? 10_000 : 50_000)).kind).toBe('pending');
    const before = (await holds()).map((x) => x.key).sort();
    expect(before).toHaveLength(3);
    // A fourth refund in 24 h: a person looks at it; nothing more is held for it.
    const fourth = await ask(h.approvals, '1045', 10_000);
    expect(fourth).toMatchObject({ kind: 'escalate', reason: expect.stringMatching(/limit 3/) });
    expect((await holds()).map((x) => x.key).sort()).toEqual(before);
  });

  it("a customer's first request starts the ledger without reading it after the take that found none", async () => {
    h = await createHarness();
    const calls: string[] = [];
    const inner = h.env.stores.refundLedgers;
    const refundLedgers = new Proxy(inner, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(prop));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const out = await ask(h.serviceWith({ refundLedgers }), '1052', 50_000);
    expect(out.kind).toBe('pending');
    // The take (no ledger: nothing written), then the ledger's first write; no read between.
    expect(calls).toEqual(['take', 'put']);
    expect((await holds()).map((x) => x.kind)).toEqual(['request']);
  });

  it('an amount above what the order can give back: the request and its hold are for what it can', async () => {
    h = await createHarness();
    expect((await ask(h.approvals, '1051', 10_000)).kind).toBe('pending');
    const out = await ask(h.approvals, '1052', 60_000);
    if (out.kind !== 'pending') throw new Error(`expected pending, got ${out.kind}`);
    expect(out.approval.amountMinor).toBe(50_000);
    const mine = (await holds()).filter((x) => x.orderId === '1052');
    expect(mine).toEqual([
      expect.objectContaining({ key: out.approval.idempotencyKey, kind: 'request', amountMinor: 50_000 }),
    ]);
  });
});
