import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/agent/phrases.js';

describe('formatDate', () => {
  const day = new Date(Date.UTC(2026, 0, 5, 23, 30));

  it("says a date in each reply language's own words, in UTC", () => {
    expect(formatDate(day, 'en')).toBe('January 5, 2026');
    expect(formatDate(day, 'de')).toBe('5. Januar 2026');
    expect(formatDate(day, 'fr')).toBe('5 janvier 2026');
    expect(formatDate(day, 'pt-BR')).toBe('5 de janeiro de 2026');
    // A language the replies are not written in gets English, and English again after German.
    expect(formatDate(day, 'ja')).toBe('January 5, 2026');
  });

  it('says the same as toLocaleDateString for every language and any date, invalid ones included', () => {
    const locales = {
      en: 'en-US',
      es: 'es-ES',
      fr: 'fr-FR',
      de: 'de-DE',
      pt: 'pt-BR',
      it: 'it-IT',
      nl: 'nl-NL',
      pl: 'pl-PL',
    };
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    for (const d of [day, new Date(0), new Date(Date.UTC(1999, 11, 31, 23, 59)), new Date(Number.NaN)])
      for (const [language, locale] of Object.entries(locales))
        expect(formatDate(d, language)).toBe(d.toLocaleDateString(locale, options));
  });
});
