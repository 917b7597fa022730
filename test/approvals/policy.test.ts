import { describe, expect, it } from 'vitest';
import { evaluateAction, formatMoney, type PolicyInput } from '../../src/approvals/policy.js';
import { TenantSettingsSchema, type Order } from '../../src/domain/index.js';

const now = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
const settings = TenantSettingsSchema.parse({});

function order(overrides: Partial<Order> = {}): Order {
  return {
    tenantId: 'T0DEMO0001',
    orderId: '1050',
    customerId: 'cus_cobalt',
    items: [{ sku: 'X', name: 'Thing', quantity: 1, unitPriceMinor: 9_999 }],
    totalMinor: 9_999,
    currency: 'USD',
    status: 'delivered',
    placedAt: new Date(now.getTime() - 8 * DAY),
    shippedAt: new Date(now.getTime() - 6 * DAY),
    deliveredAt: new Date(now.getTime() - 4 * DAY),
    refunds: [],
    ...overrides,
  };
}

function input(o: Order | null, overrides: Partial<PolicyInput> = {}): PolicyInput {
  return {
    action: { type: 'refund', orderId: o?.orderId ?? '9999', reason: 'damaged' },
    order: o,
    customer: { customerId: 'cus_cobalt' },
    ticketCustomerId: 'cus_cobalt',
    refundsLast24h: 0,
    settings,
    now,
    ...overrides,
  };
}

describe('evaluateAction: refunds by amount', () => {
  it.each([
    [9_999, 'auto', undefined],
    [10_000, 'approval', 'approver'],
    [50_000, 'approval', 'approver'],
    [50_001, 'approval', 'supervisor'],
  ])('a refund of %i cents is %s (%s)', (totalMinor, kind, role) => {
    const d = evaluateAction(input(order({ totalMinor })));
    expect(d.kind).toBe(kind);
    if (d.kind === 'approval') {
      expect(d.requiredRole).toBe(role);
      expect(d.escalate).toBe(role === 'supervisor');
    }
    if (d.kind === 'auto' || d.kind === 'approval') expect(d.amountMinor).toBe(totalMinor);
  });

  it('uses the refundable amount, not the requested one, when the request is larger', () => {
    const d = evaluateAction(
      input(order({ totalMinor: 25_000 }), {
        action: { type: 'refund', orderId: '1050', amountMinor: 75_000, reason: '' },
      }),
    );
    expect(d).toMatchObject({ kind: 'approval', amountMinor: 25_000, requiredRole: 'approver' });
  });

  it('honours a smaller requested amount (a partial refund can be automatic)', () => {
    const d = evaluateAction(
      input(order({ totalMinor: 75_000 }), {
        action: { type: 'refund', orderId: '1050', amountMinor: 2_000, reason: '' },
      }),
    );
    expect(d).toMatchObject({ kind: 'auto', amountMinor: 2_000 });
  });

  it('subtracts refunds already made from what can be refunded, and the thresholds see the total', () => {
    const o = order({
      totalMinor: 30_000,
      refunds: [{ refundId: 'RF-1', amountMinor: 25_000, idempotencyKey: 'k', at: now }],
    });
    // $50 alone is under the auto limit, but the order gets $300 back in all: an approver decides.
    expect(evaluateAction(input(o))).toMatchObject({
      kind: 'approval',
      amountMinor: 5_000,
      requiredRole: 'approver',
    });
  });
});

describe("evaluateAction: thresholds on the order's cumulative refunds", () => {
  const refunded = (amountMinor: number) => [
    { refundId: 'RF-1', amountMinor, idempotencyKey: 'auto:TKT-1:1050:refund:0', at: now },
  ];
  const asking = (amountMinor: number) => ({
    action: { type: 'refund' as const, orderId: '1050', amountMinor, reason: '' },
  });

  it.each([
    // [already refunded, still open on the order, asked now, kind, role]
    [5_000, 0, 4_999, 'auto', undefined],
    [5_000, 0, 5_000, 'approval', 'approver'],
    [9_999, 0, 9_999, 'approval', 'approver'],
    [0, 9_999, 9_999, 'approval', 'approver'],
    [40_000, 0, 10_000, 'approval', 'approver'],
    [40_000, 0, 10_001, 'approval', 'supervisor'],
    [20_000, 30_000, 1, 'approval', 'supervisor'],
  ])('refunded %i + open %i + asked %i is %s (%s)', (before, openMinor, asked, kind, role) => {
    const o = order({ totalMinor: 100_000, refunds: before ? refunded(before) : [] });
    const d = evaluateAction(input(o, { ...asking(asked), openRequestsMinor: openMinor }));
    expect(d.kind).toBe(kind);
    if (d.kind === 'approval') expect(d.requiredRole).toBe(role);
    if (d.kind === 'auto' || d.kind === 'approval') expect(d.amountMinor).toBe(asked);
  });

  it('tells the approver what the order already had back', () => {
    const o = order({ totalMinor: 25_000, refunds: refunded(9_999) });
    const d = evaluateAction(input(o, asking(9_999)));
    expect(d.kind === 'approval' && d.reason).toBe(
      'Customer asked for a refund. Order 1050 already has $99.99 refunded or requested; $199.98 in total with this one.',
    );
  });
});

describe('evaluateAction: the daily limit', () => {
  it('allows the third refund of the day automatically', () => {
    expect(evaluateAction(input(order(), { refundsLast24h: 2 })).kind).toBe('auto');
  });

  it('escalates the fourth refund in 24 hours, whatever the amount', () => {
    for (const totalMinor of [500, 9_999, 25_000, 75_000]) {
      const d = evaluateAction(input(order({ totalMinor }), { refundsLast24h: 3 }));
      expect(d.kind).toBe('escalate');
      if (d.kind === 'escalate') expect(d.reason).toMatch(/3 refunds in the last 24 hours/);
    }
  });

  it('follows the tenant setting', () => {
    const strict = TenantSettingsSchema.parse({ dailyRefundLimit: 1 });
    expect(evaluateAction(input(order(), { refundsLast24h: 1, settings: strict })).kind).toBe('escalate');
  });
});

describe('evaluateAction: ineligible orders', () => {
  it('outside the 30-day window', () => {
    const d = evaluateAction(
      input(order({ totalMinor: 12_000, deliveredAt: new Date(now.getTime() - 60 * DAY) })),
    );
    expect(d.kind).toBe('ineligible');
    if (d.kind === 'ineligible') expect(d.reason).toMatch(/return window .* closed/);
  });

  it('already refunded in full', () => {
    const o = order({ refunds: [{ refundId: 'RF-1', amountMinor: 9_999, idempotencyKey: 'k', at: now }] });
    const d = evaluateAction(input(o));
    expect(d).toEqual({ kind: 'ineligible', reason: 'Order 1050 has already been refunded in full.' });
  });

  it("another customer's order, even when the request names it", () => {
    const d = evaluateAction(input(order({ customerId: 'cus_acme' })));
    expect(d).toEqual({
      kind: 'ineligible',
      reason: "Order 1050 does not belong to this customer's account.",
    });
  });

  it('a customer object that disagrees with the ticket', () => {
    const d = evaluateAction(input(order(), { ticketCustomerId: 'cus_acme' }));
    expect(d.kind).toBe('ineligible');
  });

  it('an unknown order or an unidentified customer', () => {
    expect(evaluateAction(input(null)).kind).toBe('ineligible');
    expect(evaluateAction(input(order(), { customer: null, ticketCustomerId: undefined })).kind).toBe(
      'ineligible',
    );
  });

  it('an order in another currency than the thresholds', () => {
    expect(evaluateAction(input(order({ currency: 'EUR' }))).kind).toBe('ineligible');
  });
});

describe('evaluateAction: cancellations', () => {
  const placed = order({
    orderId: '1047',
    status: 'placed',
    totalMinor: 31_000,
    shippedAt: undefined,
    deliveredAt: undefined,
  });
  const cancel = { type: 'cancellation' as const, orderId: '1047', reason: '' };

  it('a cancellable order needs an approver', () => {
    expect(evaluateAction(input(placed, { action: cancel }))).toMatchObject({
      kind: 'approval',
      action: 'cancellation',
      requiredRole: 'approver',
      amountMinor: 31_000,
    });
  });

  it('is approval even under the auto-refund amount', () => {
    const small = { ...placed, totalMinor: 1_000 };
    expect(evaluateAction(input(small, { action: cancel })).kind).toBe('approval');
  });

  it('a shipped order cannot be cancelled', () => {
    const d = evaluateAction(
      input(order({ orderId: '1047', status: 'shipped', deliveredAt: undefined }), { action: cancel }),
    );
    expect(d).toEqual({
      kind: 'ineligible',
      reason: 'Order 1047 has already been shipped, so it can no longer be cancelled.',
    });
  });
});

describe('formatMoney', () => {
  it('formats minor units with the currency', () => {
    expect(formatMoney(25_000, 'USD')).toBe('$250.00');
    expect(formatMoney(50_001, 'USD')).toBe('$500.01');
    expect(formatMoney(1_250, 'EUR')).toBe('€12.50');
    expect(formatMoney(1_000, 'JPY')).toBe('¥1,000');
  });
});
