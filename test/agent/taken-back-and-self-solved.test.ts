import { describe, expect, it } from 'vitest';
import { findCustomerRequests } from '../../src/agent/customer-request.js';
import { isAcknowledgement } from '../../src/agent/offline/acknowledgement.js';
import { isCourtesyOnly } from '../../src/agent/pleasantry.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

async function expectIgnored(texts: string[]): Promise<void> {
  for (const text of texts) {
    const r = await run(text);
    expect(r.route, text).toBe('ignore');
    expect(r.reply, text).toBeUndefined();
    expect(r.proposedAction, text).toBeUndefined();
  }
}

describe('the customer solved it and laughs at themselves (offline engine)', () => {
  it('is a pleasantry, in several languages', async () => {
    const texts = [
      'why didnt we think of restarting the router lol, thanks',
      'how did I miss that 🙈 cheers',
      'I should have checked the junk folder first, thanks!',
      'silly me, found it now. thank you!',
      '¿Cómo no se me ocurrió? ¡Gracias!',
      'Suis-je bête ! Merci beaucoup',
      'Warum bin ich nicht selbst drauf gekommen? Danke!',
      'Come non ci ho pensato, grazie mille',
      'Waarom heb ik daar niet aan gedacht, bedankt!',
      '我怎么没想到呢，谢谢！',
    ];
    for (const text of texts) expect(isCourtesyOnly(text), text).toBe(true);
    await expectIgnored(texts);
  });

  it('a question of why something failed is no sigh', async () => {
    for (const text of [
      "why didn't I get the refund for 1043",
      'why didnt I think of the invoice being wrong',
    ]) {
      expect(isCourtesyOnly(text), text).toBe(false);
      expect((await run(text)).route, text).not.toBe('ignore');
    }
  });
});

describe('a question or a request taken back (offline engine)', () => {
  it('needs no answer, in several languages', async () => {
    await expectIgnored([
      'Never mind my earlier question about the invoice, we can now see that it was settled. Cheers!',
      'no need to cancel 1047 after all, our kitchen team wants the kettles. Thanks!',
      "Don't cancel 1047 anymore, we're keeping it. Thank you",
      'Ya no hace falta cancelar el pedido 1047, nos lo quedamos. ¡Gracias!',
      "Plus besoin d'annuler la commande 1047, on la garde. Merci !",
    ]);
  });

  it('proposes no refund and no cancellation, even when it is answered', async () => {
    const takenBack = [
      'please disregard my cancellation request for 1047, the café needs those kettles',
      'forget the refund on 1043, the missing box turned up in the back room',
      'olviden la cancelación del pedido 1047, por favor',
      'oubliez le remboursement de la commande 1043, svp',
      'vergessen Sie die Stornierung von 1047 bitte',
      'zapomnijcie o anulowaniu zamówienia 1047',
    ];
    for (const text of takenBack) {
      for (const action of ['refund', 'cancellation'] as const)
        expect(findCustomerRequests([{ text }], action), `${action}: ${text}`).toEqual([]);
      const r = await run(text);
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('a complaint that a request was ignored, or a new ask beside a withdrawn one, still asks', () => {
    expect(
      findCustomerRequests([{ text: 'you ignored my refund request for 1043, refund it now' }], 'refund'),
    ).not.toEqual([]);
    expect(
      findCustomerRequests([{ text: 'forget the exchange, just cancel 1047 please' }], 'cancellation'),
    ).not.toEqual([]);
  });
});

describe('a colleague welcomed to the channel (offline engine)', () => {
  it('is a pleasantry, in several languages', async () => {
    await expectIgnored([
      "Welcome Dana, our new purchasing assistant, who'll be on this channel from now on! 👋",
      'Please welcome Omar, our new office manager 🎉',
      'Bienvenida Lucía, nuestra nueva compradora, que estará en este canal a partir de ahora 👋',
      'Bienvenue à Julie, notre nouvelle comptable !',
    ]);
  });

  it('a request beside the welcome is still answered', async () => {
    for (const text of [
      'Welcome Dana, can you refund 1043?',
      'Welcome Dana, our new buyer, who needs the invoice for 1043',
    ]) {
      expect((await run(text)).route, text).not.toBe('ignore');
    }
  });
});

describe('a delivery problem or a question the intent model reads as small talk', () => {
  // The model's "other" is set high: only what the words say decides.
  const smallTalk = { other: 0.95 };

  it('is never an acknowledgement, in any supported language', () => {
    for (const text of [
      '包裹1047显示已经送达，可是我们这边没收到',
      '箱子到了，但是里面的杯子碎了',
      '注文1047は配達完了となっていますが、まだ届いていません',
      'พัสดุ 1047 ขึ้นว่าส่งแล้ว แต่เรายังไม่ได้รับ',
      'الطلب 1047 يظهر أنه وصل لكننا لم نستلمه',
      'tracking says 1047 was delivered, we never got it',
      'kill 1047, the job got pushed to spring',
      'the order from this morning, the mugs. scrap it',
      '你们接受哪种发票格式',
      '送货一般要几天',
      'ค่าส่งไปเชียงใหม่เท่าไหร่',
      'كيف أضيف مستخدما جديدا',
    ])
      expect(isAcknowledgement(text, smallTalk), text).toBe(false);
  });

  it('thanks and greetings in those scripts still are', () => {
    for (const text of ['いつもありがとうございます', 'شكرا جزيلا', 'ขอบคุณมากครับ', '好的，谢谢'])
      expect(isAcknowledgement(text, smallTalk), text).toBe(true);
  });

  it('is answered, not recorded as a pleasantry', async () => {
    for (const text of [
      '订单1047显示已签收，我们一直没收到货',
      '注文1047が届いていません',
      'พัสดุ 1047 ยังไม่ถึงเลย',
    ]) {
      expect((await run(text)).route, text).not.toBe('ignore');
    }
  });
});
