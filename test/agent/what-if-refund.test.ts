import { describe, expect, it } from 'vitest';
import { asksWhatIfRefund } from '../../src/agent/question-scope.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a what-if refund question about a named order (offline engine)', () => {
  it('is answered from the help center, and nothing is proposed', async () => {
    for (const text of [
      'if the grinder on 1043 stops working next year, would we get our money back or just a repair?',
      'just curious: if the boxes on 1042 arrive crushed, do we get a refund or a replacement?',
      'en théorie, si le moulin de la commande 1043 tombe en panne, on est remboursé ?',
      'hipotéticamente, si el molinillo del pedido 1043 se rompe, ¿hay reembolso o solo reparación?',
      'rein theoretisch: wenn die Mühle aus Bestellung 1043 kaputtgeht, gibt es eine Erstattung?',
    ]) {
      expect(asksWhatIfRefund(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.reply?.text, text).toBeTruthy();
    }
  });

  it('an ask beside the condition, or no condition, keeps the order’s refund path', () => {
    for (const text of [
      'if possible, can you refund 1043? it stopped working',
      'the grinder on 1043 broke, please refund it if you can?',
      'can we get our money back for 1043?',
      'if the grinder on 1043 breaks we will let you know',
    ]) {
      expect(asksWhatIfRefund(text), text).toBe(false);
    }
  });
});
