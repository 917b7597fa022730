import { describe, expect, it } from 'vitest';
import { fold } from '../../src/agent/offline/text.js';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { serviceRequest } from '../../src/agent/service-requests.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the twenty-fifth round, in other words than any labelled set's.
describe('a word passed to the driver or courier of an order goes to a person', () => {
  const asks = [
    '1042 - we moved to the back entrance, could the driver be informed?',
    'please tell the courier for 1042 to ring the side bell',
    'can you leave a note for the driver on 1042? gate code changed',
    '¿Podéis avisar al repartidor del pedido 1042 que entre por el patio?',
    'Pouvez-vous prévenir le livreur pour la commande 1042 ? Le portail est fermé',
    'Könnt ihr dem Fahrer für Bestellung 1042 Bescheid sagen, dass er hinten klingeln soll?',
    'Podem avisar o entregador do pedido 1042 que a entrada mudou?',
    'Potete avvisare il corriere dell’ordine 1042 di suonare al retro?',
    'Kunnen jullie de bezorger van 1042 laten weten dat hij achterom moet?',
    'Czy możecie przekazać kurierowi zamówienia 1042, żeby dzwonił wcześniej?',
    '注文1042の配達員に伝えてください。裏口から入ってください',
    '订单1042，请告诉快递员放在前台',
    'ออเดอร์ 1042 ช่วยบอกคนส่งของให้โทรก่อนด้วยครับ',
    'الطلب 1042، أبلغوا السائق أن يتصل قبل الوصول',
  ];

  it.each(asks)('is a request no tool performs: %s', (text) => {
    expect(serviceRequest(fold(text))).toBe('carrier_note');
  });

  it('goes to a person, not to the order’s tracking answer', async () => {
    for (const text of asks.slice(0, 4)) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it.each([
    'has the driver picked up 1042 yet?',
    'did UPS say when 1042 arrives?',
    'the courier left 1043 with our neighbour, all good',
    'how do I add delivery instructions for the driver?',
    'Die Fahrer sagen, das Tor ist zu',
  ])('a carrier at work, or how to, is not one: %s', (text) => {
    expect(unanswerableRequest(text)).toBeNull();
  });
});
