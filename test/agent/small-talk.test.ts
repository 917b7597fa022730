import { describe, expect, it } from 'vitest';
import { isCourtesyNote } from '../../src/agent/courtesy-note.js';
import { isThanksStatement } from '../../src/agent/thanks-statement.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('small talk beside thanks or a greeting asks nothing of support (offline engine)', () => {
  it('a friendly question or wish in passing, in the Latin-script languages', async () => {
    for (const text of [
      'cheers for that! how was your long weekend?',
      'thank you, hope the week is going smoothly',
      'hello from a very windy depot, hope you are all keeping well',
      'muchas gracias, ¿qué tal el puente?',
      'merci pour tout, comment allez-vous ?',
      'danke, das Paket ist angekommen. Wie war euer Urlaub?',
      'obrigada! tudo bem por aí?',
      'grazie, come è andata la settimana?',
      'bedankt! hadden jullie een fijn weekend?',
      'wielkie dzięki, co słychać?',
      'morning all, last week before the summer shutdown, hope everyone is surviving',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('small talk beside a request, a failure or news to act on is still a message to answer', async () => {
    for (const text of [
      'how are you doing with my refund',
      'thanks! how was your weekend? also can you refund 1044',
      'how are you? our new office opens in march',
      'hope you are well, the invoice for 1081 is wrong',
      'wie geht es euch? die Lieferung fehlt noch',
    ]) {
      expect(isThanksStatement(text), text).toBe(false);
      expect(isCourtesyNote(text), text).toBe(false);
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
