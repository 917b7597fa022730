import { describe, expect, it } from 'vitest';
import { asksGoodsBackOnly } from '../../src/agent/goods-return.js';
import { classifyIntent } from '../../src/agent/offline/classify-intent.js';
import { useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const NOOR = 'noor@lumenstudio.example'; // order 1027, delivered

describe('sending goods back, with no word of money (offline engine)', () => {
  const goodsBack = [
    'أريد إرجاع الطلب 1027 لأن المكتب كبير جداً على الغرفة',
    'نبغى نرجع المكتب، ممكن إرجاع الطلب 1027؟',
    '注文1027の机を返品したいのですが、手順を教えてください',
    '订单1027的桌子太大了，我们想退货',
    'อยากคืนสินค้าออเดอร์ 1027 ค่ะ โต๊ะใหญ่เกินไป',
    'we would like to return the desk from 1027, it is too big for the room',
    'queremos devolver el escritorio del pedido 1027, no entra en la oficina',
    'wir möchten den Schreibtisch aus 1027 zurückschicken, er ist zu groß',
  ];

  it('is a return: the returns policy is answered and no refund is proposed', async () => {
    for (const text of goodsBack) {
      expect(asksGoodsBackOnly(text), text).toBe(true);
      expect(classifyIntent(text).intent, text).not.toBe('refund');
      const r = await runAs(NOOR, text);
      expect(r.proposedAction, text).toBeUndefined();
    }
  });

  it('a word of money or an amount keeps the refund ask', () => {
    for (const text of [
      'أريد استرداد المبلغ للطلب 1027',
      'أرجو إرجاع ثمن المكتب في الطلب 1027',
      'please return the money for 1027, the desk is too big',
      'we will send the desk back, refund 1027 please',
      'devuélvanme la plata del pedido 1027',
      'can I get $25 back on 1027 instead of returning it?',
      '1027の返金をお願いします',
      '订单1027请退款',
      'ขอคืนเงินออเดอร์ 1027 ค่ะ',
      'proszę o zwrot za zamówienie 1027',
    ]) {
      expect(asksGoodsBackOnly(text), text).toBe(false);
    }
  });
});
