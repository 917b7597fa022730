import { describe, expect, it } from 'vitest';
import { withoutSalutation } from '../../src/agent/salutation.js';
import { JORDAN, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

describe('a greeting or good wish to everyone is not an outage (offline engine, an enterprise sender)', () => {
  it('greeting everyone, with a wish or thanks, needs no answer', async () => {
    for (const text of [
      'hi everyone, hope you all had a relaxing holiday',
      'morning folks! hope everyone is well',
      'thanks all, hope the team had a great long weekend too',
      'happy Monday everyone ☕',
      'hola a todos, hope you all had a good week',
      'bonjour à tous !',
      'guten Morgen zusammen 👋',
      'buongiorno a tutti 🙂',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).not.toBe('critical');
      expect(r.route, text).toBe('ignore');
    }
  });

  it('a failure said beside the greeting is still critical for an enterprise sender', async () => {
    for (const text of [
      'hi all, the ordering site is down for everyone since 9',
      'good morning everyone, nobody in the office can log in',
      'Hallo zusammen, bei uns lädt seit heute früh keine Seite mehr, für niemanden',
      'bom dia a todos, o sistema caiu para toda a equipe',
    ]) {
      expect(withoutSalutation(text), text).toMatch(/\p{L}/u);
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });
});
