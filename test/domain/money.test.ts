import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, toMinor, tryToMinor } from '../../src/domain/money.js';
import { ValidationError } from '../../src/errors.js';

// Intl separates "12,50" and "€" with a no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('minorDigits', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
    expect(minorDigits('jpy')).toBe(0);
  });

  it('assumes two digits for a code Intl does not know', () => {
    expect(minorDigits('NOTACODE')).toBe(2);
  });
});

describe('toMinor', () => {
  it('turns typed amounts into minor units exactly', () => {
    expect(toMinor('99.99', 'USD')).toBe(9999);
    expect(toMinor(99.99, 'USD')).toBe(9999);
    expect(toMinor('0.29', 'USD')).toBe(29);
    expect(toMinor('45', 'USD')).toBe(4500);
    expect(toMinor('12.5', 'EUR')).toBe(1250);
    expect(toMinor('500.01', 'USD')).toBe(50_001);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('1500.00', 'JPY')).toBe(1500);
    expect(toMinor('1.234', 'BHD')).toBe(1234);
  });

  it('is exact where multiplying a float is not', () => {
    // 1.13 * 100 is 112.99999999999999 in floating point.
    expect(1.13 * 100).not.toBe(113);
    expect(toMinor('1.13', 'USD')).toBe(113);
    expect(toMinor('4.35', 'EUR')).toBe(435);
  });

  it('refuses amounts the currency cannot express, and text that is not an amount', () => {
    expect(() => toMinor('1500.50', 'JPY')).toThrow(ValidationError);
    expect(() => toMinor('1.005', 'USD')).toThrow(/more decimals/);
    expect(() => toMinor('-5', 'USD')).toThrow(ValidationError);
    expect(() => toMinor('12,50', 'EUR')).toThrow(ValidationError);
    expect(() => toMinor('1e3', 'USD')).toThrow(ValidationError);
    expect(tryToMinor('abc', 'USD')).toBeNull();
    expect(tryToMinor('7', 'JPY')).toBe(7);
  });
});

describe('formatMoney', () => {
  it('shows USD, EUR and JPY with their own digits', () => {
    expect(formatMoney(4500, 'USD')).toBe('$45.00');
    expect(formatMoney(9999, 'USD')).toBe('$99.99');
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(plain(formatMoney(1250, 'EUR', 'de-DE'))).toBe('12,50 €');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney(4500, 'JPY')).toBe('¥4,500');
    expect(plain(formatMoney(1234, 'BHD'))).toBe('BHD 1.234');
  });

  it('round-trips with toMinor', () => {
    for (const [typed, currency] of [
      ['99.99', 'USD'],
      ['1500', 'JPY'],
      ['12.5', 'EUR'],
    ] as const) {
      const shown = formatMoney(toMinor(typed, currency), currency);
      expect(Number(shown.replace(/[^\d.]/g, ''))).toBe(Number(typed));
    }
  });

  it('keeps each locale and currency apart when it reuses formatters, and an unknown code still reads as an amount', () => {
    for (let i = 0; i < 2; i++) {
      expect(plain(formatMoney(1250, 'EUR', 'de-DE'))).toBe('12,50 €');
      expect(formatMoney(1250, 'EUR', 'en-US')).toBe('€12.50');
      expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
      expect(formatMoney(1250, 'ZZZZ')).toBe('12.50 ZZZZ');
    }
  });
});
