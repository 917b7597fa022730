import { describe, expect, it } from 'vitest';
import { OrderSchema, type Order } from '../../src/domain/index.js';
import {
  formatMinor,
  isCancellable,
  returnEligibility,
  shippingStatus,
} from '../../src/commerce/eligibility.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 86_400_000;
const settings = { returnWindowDays: 30 };

function order(patch: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    tenantId: 'T1',
    orderId: '2001',
    customerId: 'cus_x',
    items: [{ sku: 'SKU-1', name: 'Widget', quantity: 1, unitPriceMinor: 25_000 }],
    totalMinor: 25_000,
    currency: 'USD',
    status: 'delivered',
    placedAt: new Date(NOW.getTime() - 12 * DAY),
    shippedAt: new Date(NOW.getTime() - 9 * DAY),
    deliveredAt: new Date(NOW.getTime() - 5 * DAY),
    ...patch,
  });
}

describe('returnEligibility', () => {
  it('accepts a delivered order inside the window and says until when', () => {
    const r = returnEligibility(order(), NOW, settings);
    expect(r.eligible).toBe(true);
    expect(r.refundableMinor).toBe(25_000);
    expect(r.windowEndsAt?.toISOString()).toBe('2026-12-15T10:00:00.000Z');
    expect(r.reason).toContain('December 15, 2026');
  });

  it('refuses a delivered order outside the window and names the closing date', () => {
    const r = returnEligibility(order({ deliveredAt: new Date(NOW.getTime() - 60 * DAY) }), NOW, settings);
    expect(r.eligible).toBe(false);
    expect(r.reason).toContain('closed on October 21, 2026');
    expect(r.refundableMinor).toBe(25_000);
  });

  it('counts the last moment of the window as inside it, and one millisecond later as outside', () => {
    const deliveredAt = new Date(NOW.getTime() - 30 * DAY);
    expect(returnEligibility(order({ deliveredAt }), NOW, settings).eligible).toBe(true);
    expect(returnEligibility(order({ deliveredAt }), new Date(NOW.getTime() + 1), settings).eligible).toBe(
      false,
    );
  });

  it('follows the tenant window setting', () => {
    const deliveredAt = new Date(NOW.getTime() - 20 * DAY);
    expect(returnEligibility(order({ deliveredAt }), NOW, { returnWindowDays: 14 }).eligible).toBe(false);
  });

  it('subtracts refunds already made and refuses a fully refunded order', () => {
    const partial = order({
      refunds: [{ refundId: 'r1', amountMinor: 10_000, idempotencyKey: 'k1', at: NOW }],
    });
    const r = returnEligibility(partial, NOW, settings);
    expect(r).toMatchObject({ eligible: true, refundableMinor: 15_000 });
    const full = order({ refunds: [{ refundId: 'r1', amountMinor: 25_000, idempotencyKey: 'k1', at: NOW }] });
    expect(returnEligibility(full, NOW, settings)).toMatchObject({ eligible: false, refundableMinor: 0 });
    expect(returnEligibility(full, NOW, settings).reason).toContain('refunded in full');
  });

  it('sends a placed order to cancellation and a shipped one to wait for delivery', () => {
    const placed = returnEligibility(
      order({ status: 'placed', shippedAt: undefined, deliveredAt: undefined }),
      NOW,
      settings,
    );
    expect(placed.eligible).toBe(false);
    expect(placed.reason).toContain('cancelled');
    expect(placed.refundableMinor).toBe(25_000);
    const shipped = returnEligibility(order({ status: 'shipped', deliveredAt: undefined }), NOW, settings);
    expect(shipped.eligible).toBe(false);
    expect(shipped.reason).toContain('once it is delivered');
    expect(shipped.windowEndsAt).toBeUndefined();
  });

  it('refuses returned and cancelled orders', () => {
    expect(returnEligibility(order({ status: 'returned' }), NOW, settings).reason).toContain(
      'already been returned',
    );
    expect(returnEligibility(order({ status: 'cancelled' }), NOW, settings).eligible).toBe(false);
  });
});

describe('shippingStatus', () => {
  it('reports carrier, tracking and estimate for a shipped order', () => {
    const est = new Date(NOW.getTime() + 2 * DAY);
    const s = shippingStatus(
      order({
        status: 'shipped',
        deliveredAt: undefined,
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        estimatedDelivery: est,
      }),
    );
    expect(s).toEqual({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      estimatedDelivery: est,
    });
  });

  it('reports the delivery date and drops a stale estimate once delivered', () => {
    const s = shippingStatus(
      order({ carrier: 'FedEx', estimatedDelivery: new Date(NOW.getTime() - 6 * DAY) }),
    );
    expect(s.status).toBe('delivered');
    expect(s.deliveredAt?.getTime()).toBe(NOW.getTime() - 5 * DAY);
    expect(s.estimatedDelivery).toBeUndefined();
  });

  it('invents nothing for an order that has not shipped', () => {
    expect(shippingStatus(order({ status: 'placed', shippedAt: undefined, deliveredAt: undefined }))).toEqual(
      { status: 'placed' },
    );
  });
});

describe('isCancellable', () => {
  it('allows only placed, unshipped, not yet cancelled orders', () => {
    expect(isCancellable(order({ status: 'placed', shippedAt: undefined, deliveredAt: undefined }))).toBe(
      true,
    );
    expect(isCancellable(order({ status: 'shipped', deliveredAt: undefined }))).toBe(false);
    expect(isCancellable(order())).toBe(false);
    expect(
      isCancellable(
        order({ status: 'cancelled', shippedAt: undefined, deliveredAt: undefined, cancelledAt: NOW }),
      ),
    ).toBe(false);
  });
});

describe('formatMinor', () => {
  it('divides by the currency’s own minor unit', () => {
    expect(formatMinor(4500, 'USD')).toBe('$45.00');
    expect(formatMinor(1250, 'EUR')).toBe('€12.50');
    // Yen have no minor unit: 4500 is ¥4,500, not ¥45.
    expect(formatMinor(4500, 'JPY')).toBe('¥4,500');
  });
});
