import { describe, expect, it } from 'vitest';
import { asksBeyondOrderRecord } from '../../src/agent/beyond-order-record.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a question about the product or a service beside a named order (offline engine)', () => {
  it('is not answered with the order’s status: the record does not say', async () => {
    for (const text of [
      'is the grinder from 1043 rated for all-day use in a busy cafe?',
      'do you offer a descaling service for the grinder on 1043?',
      'is there a way to get the boxes on 1042 gift wrapped?',
      '¿el molinillo del pedido 1043 es compatible con granos muy oscuros?',
      'le moulin de la commande 1043 est-il compatible avec du café très gras ?',
      'Ist die Mühle aus Bestellung 1043 kompatibel mit einer Zeitschaltuhr?',
    ]) {
      expect(asksBeyondOrderRecord(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('what happened to the order, its money, its return or its delivery stays the order’s', () => {
    for (const text of [
      'when will 1042 arrive?',
      'was the grinder on 1043 delivered with UPS?',
      'is there a way to return the grinder from 1043?',
      'is there a way to get a refund for 1043?',
      'do the boxes on 1042 come with tracking?',
      'is there a way to change the address on 1042?',
    ]) {
      expect(asksBeyondOrderRecord(text), text).toBe(false);
    }
  });
});
