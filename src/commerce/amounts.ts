import { minorDigits, toMinor } from '../domain/money.js';

/** Minor units as the decimal string provider APIs take: 4500 USD → "45.00", 1000 JPY → "1000". */
export function toMajorString(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const text = String(amountMinor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A provider's decimal amount ("45.0", "45.00") in minor units, exactly. */
export function fromMajorString(amount: string, currency: string): number {
  return toMinor(amount, currency);
}

/** What a customer may type as an order number: letters, digits and dashes, "#" dropped. */
export function cleanOrderNumber(orderId: string): string | null {
  const id = orderId.trim().replace(/^#/, '');
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}
