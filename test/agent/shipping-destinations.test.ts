import { describe, expect, it } from 'vitest';
import { servicesNotInArticles } from '../../src/agent/unstated-services.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const INTERNATIONAL =
  'International shipping, duties and customs\ninternational customs DHL\nWe ship to 38 countries with DHL Express. Delivery usually takes 5–10 business days.';
const LISTED =
  'International shipping\ninternational\nWe ship to these countries: Canada, Mexico and the EU. Alaska, Hawaii and US territories ship as domestic.';

// Phrasings written for this test, in other words than any labelled set's.
describe('a shipping question about a destination whose status no article states', () => {
  const run = useOfflineAgent();

  it('goes to a person, though the international article is on the topic', async () => {
    for (const text of [
      'can you get a standing desk out to us in Honolulu? we are on Hawaii',
      'Do you send parcels to the Canaries? Our shop is in Tenerife.',
      'is shipping to Guam domestic or international for you?',
      'is Mexico one of the countries you deliver to?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/below/);
    }
  });

  it('answers a country asked about plainly, and how many countries', async () => {
    for (const text of [
      'do you deliver to Switzerland, and who pays the duties?',
      'how many countries can you ship to?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('hears outlying states, island regions and territories in the reply languages', () => {
    const status =
      'a destination whose shipping status no article states (an outlying state, island region or territory)';
    for (const text of [
      'ship to an APO address in Germany?',
      'Do you deliver to the Faroe Islands?',
      'Liefert ihr auch auf die Kanaren?',
      '¿Envían a Canarias o a Ceuta?',
      'Livrez-vous à la Réunion ou en Martinique ?',
      'Vocês enviam para a Madeira?',
      'Spedite alle Azzorre?',
      'Is Alaska charged at the same rates as the lower states?',
    ])
      expect(servicesNotInArticles(text, [INTERNATIONAL]), text).toEqual([status]);
    expect(servicesNotInArticles('do you ship to Canada specifically?', [INTERNATIONAL])).toEqual([
      'whether a given country is on the list of destinations, which no article gives',
    ]);
  });

  it('leaves plain countries, New Jersey and articles that state the destination alone', () => {
    for (const text of [
      'do you ship to Norway?',
      'ship to New Jersey by Friday?',
      'how many countries are on the list?',
      'we live in Alaska now, please update my address',
    ])
      expect(servicesNotInArticles(text, [INTERNATIONAL]), text).toEqual([]);
    for (const text of ['do you ship to Hawaii?', 'is Mexico one of the countries you ship to?'])
      expect(servicesNotInArticles(text, [LISTED]), text).toEqual([]);
  });
});
