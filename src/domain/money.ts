import { ValidationError } from '../errors.js';

/**
 * Money is stored as integer minor units (`amountMinor`). How many digits a currency's minor
 * unit has is not always two: JPY and KRW have none, BHD and KWD have three. Everything that turns
 * a typed or displayed amount into minor units, or back, goes through this module.
 */

const digitsCache = new Map<string, number>();

/** Digits after the decimal point in a currency's minor unit (USD 2, JPY 0, BHD 3). */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  const cached = digitsCache.get(code);
  if (cached !== undefined) return cached;
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // Not an ISO 4217 code Intl knows: two digits is what nearly every currency uses.
    digits = 2;
  }
  digitsCache.set(code, digits);
  return digits;
}

/**
 * One formatter per locale and currency, built on first use: constructing an Intl.NumberFormat
 * costs ~50 µs, formatting with one ~1 µs. Bounded: a caller passing many locales starts over.
 */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 500;
function moneyFormat(locale: string, currency: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A major-unit amount ("99.99", "1500", 45) in minor units of `currency`, exactly: the decimal
 * string is split at the point and the digits are joined, so "99.99" is 9999 and never
 * 9998.999…. A number is read through its shortest round-trip decimal form, which is exactly
 * the digits a person typed. Throws a ValidationError for anything that is not a plain
 * non-negative decimal, or that has non-zero digits finer than the currency's minor unit
 * ("1500.50" yen, "1.005" dollars): those amounts cannot be paid and must not be rounded silently.
 */
export function toMinor(major: string | number, currency: string): number {
  const text = typeof major === 'number' ? String(major) : major.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new ValidationError(`"${text}" is not an amount`);
  const digits = minorDigits(currency);
  const whole = m[1]!;
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(digits))) {
    throw new ValidationError(`${text} ${currency} has more decimals than the currency allows (${digits})`);
  }
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) throw new ValidationError(`${text} ${currency} is too large`);
  return minor;
}

/** Like `toMinor`, but null where the amount cannot be expressed in the currency. */
export function tryToMinor(major: string | number, currency: string): number | null {
  try {
    return toMinor(major, currency);
  } catch {
    return null;
  }
}

/**
 * Minor units as a person reads them, in their locale: 4500 USD → "$45.00", 1250 EUR in de-DE →
 * "12,50 €", 1000 JPY → "¥1,000". The division uses the currency's own digits.
 */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const digits = minorDigits(currency);
  try {
    return moneyFormat(locale, currency, digits).format(amountMinor / 10 ** digits);
  } catch {
    // An unknown currency code still reads as an amount rather than an error.
    return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}
