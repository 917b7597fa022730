import { describe, expect, it } from 'vitest';
import { asksAboutRetention, mentionsDataLoss } from '../../src/agent/data-loss.js';
import { fold } from '../../src/agent/offline/text.js';
import { JORDAN, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

describe('how long data is kept before it is deleted is a question, not lost data', () => {
  it('is not data loss and not critical for an enterprise sender, in several languages', async () => {
    for (const text of [
      'how long do you keep our invoices before they are purged?',
      'legal wants to know: how many months are chat transcripts retained before you erase them?',
      '¿cuánto tiempo guardan los datos de los pedidos antes de borrarlos?',
      'wie lange werden unsere Rechnungen gespeichert, bevor sie gelöscht werden?',
      'hoe lang worden onze gegevens bewaard voordat ze worden verwijderd?',
    ]) {
      expect(asksAboutRetention(fold(text)), text).toBe(true);
      expect(mentionsDataLoss(fold(text)), text).toBe(false);
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).not.toBe('critical');
    }
  });

  it('a phone wiped with the authenticator on it is a sign-in question, not lost records', () => {
    expect(
      mentionsDataLoss(
        fold('our office tablet (the one with the shared 2FA app on it) got wiped, how do we sign in?'),
      ),
    ).toBe(false);
  });

  it('records said wiped, with a question beside them, are still lost data', () => {
    for (const text of [
      'our invoices were wiped before we could download them, how long until you restore them?',
      'all our saved addresses are gone — how long do you keep backups before they are deleted?',
    ]) {
      expect(mentionsDataLoss(fold(text)), text).toBe(true);
    }
  });
});
