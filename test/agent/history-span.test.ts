import { describe, expect, it } from 'vitest';
import { asksHowFarBack, statesSpan } from '../../src/agent/history-span.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, in other words than any labelled set's.
describe('how far back a record goes, or how long it is kept', () => {
  it.each([
    'how far back can I pull the approval rule changes?',
    'how many years of history does the full export include back?',
    'how long do you retain the record of who changed what?',
    'how long are old team member logs stored?',
    'Wie weit zurück reicht das Änderungsprotokoll?',
    'Hoe ver terug gaat de geschiedenis?',
  ])('is asked: %s', (text) => {
    expect(asksHowFarBack(text)).toBe(true);
  });

  it.each([
    'how long does the export take?',
    'how long is the download link valid?',
    'when was our data last backed up?',
  ])('is not asked: %s', (text) => {
    expect(asksHowFarBack(text)).toBe(false);
  });

  it('is stated by a span back or a time kept, not by any duration', () => {
    expect(statesSpan('Claims can be made within 45 days of the order.')).toBe(true);
    expect(statesSpan('Logs are retained for 18 months, then deleted.')).toBe(true);
    expect(statesSpan('Parcels held more than 10 days go back to the sender.')).toBe(true);
    expect(statesSpan('The link is valid for 7 days. Large exports take up to an hour.')).toBe(false);
  });

  it('goes to a person when the article found states no span', async () => {
    for (const text of [
      'how far back can I pull the approval rule changes?',
      'how long do you retain the record of who changed what in our settings?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
    }
    const kept = await run(MAYA, 'how long are our conversations with your support team kept?');
    expect(kept.route).toBe('resolve');
  });
});
