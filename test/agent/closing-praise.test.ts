import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

// Phrasings written for the twenty-fourth round, in other words than any labelled set's.
describe('praise, "that was it", thanks for patience and a message passed on need no answer (offline engine)', () => {
  it('are pleasantries in the eight languages', async () => {
    for (const text of [
      'thanks a lot, you made my morning',
      'Gracias, me habéis salvado la tarde',
      'merci, vous m’avez sauvé la journée',
      'Danke, ihr habt meinen Tag gerettet!',
      'perfect, that was it',
      'Top, dat was precies wat we zochten',
      'Obrigado, era isso mesmo',
      'Grazie, era proprio quello che cercavo',
      'Dzięki, o to właśnie chodziło',
      'thanks for your patience with me',
      'Merci pour votre patience !',
      'Danke für die Geduld',
      'cheers, passed it on to our finance team',
      'Merci, transmis à la compta',
      'ok, over and out',
      'Bedankt, goed weekend iedereen',
      'the credit for the return came through, thanks',
      'Obrigada, o estorno caiu hoje',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a headache or time spared, thanks for explaining, and an arrival with "you can close this"', async () => {
    for (const text of [
      'appreciate the quick fix, spared us a lot of hassle',
      'gracias, nos ahorraste un dolor de cabeza',
      'Danke, ihr habt uns viel Zeit erspart',
      'Grazie, ci avete risparmiato un mal di testa',
      'Bedankt, jullie hebben ons veel tijd bespaard',
      'got it, thanks for explaining that again',
      'the replacement arrived, you can close this one',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('praise or "that was it" beside a further ask, a complaint or a turn is still read', async () => {
    for (const text of [
      'you saved my afternoon, but the invoice total is still wrong',
      'that was it for 1042, can you also cancel 1043',
      'forwarded to our accountant, she says we were charged twice',
      'Obrigado, mas o reembolso ainda não caiu',
      'the refund arrived, can you close this and cancel the other order too',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
