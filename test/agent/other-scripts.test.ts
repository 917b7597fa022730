import { describe, expect, it } from 'vitest';
import { PRIYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(PRIYA, text);

describe('help-center questions in Japanese, Chinese, Thai and Arabic (offline engine)', () => {
  it('are answered from the article, in English with a note to staff, with the figure asked for', async () => {
    for (const [text, fact] of [
      ['返品できる期間は何日ですか？', '30 days'],
      ['标准配送需要几天？', 'business days'],
      ['ขอคืนสินค้าได้กี่วันหลังได้รับของ', '30 days'],
      ['كيف أغير كلمة المرور؟', 'Forgot password'],
    ] as const) {
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.reply?.text, text).toContain(fact);
    }
  });

  it('an outage for everyone or a wrong charge in those scripts still goes to a person', async () => {
    for (const text of [
      '大家都登录不了，网站打不开',
      'サイトがダウンしています',
      'เก็บเงินซ้ำสองครั้งค่ะ',
      'تم خصم المبلغ مرتين من بطاقتي',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });
});

// Phrasings written for this test, not taken from a set.
describe('when the money of a refund is back, asked in Japanese, Chinese, Thai and Arabic', () => {
  it('is answered from the refund-timing article, with or without an order named, and nothing is proposed', async () => {
    for (const text of [
      '1050 的退款什么时候能退回到信用卡？',
      '注文1050の返金はいつカードに戻りますか？',
      'คืนเงินของ 1050 จะเข้าบัตรเมื่อไหร่คะ',
      'إذا ألغينا الطلب، متى يعود المبلغ إلى الحساب؟',
      'متى يصل المبلغ المسترد للطلب 1050 إلى بطاقتي؟',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('resolve');
      expect(r.proposedAction, text).toBeUndefined();
      expect(r.articleIds, text).toContain('refund-timing');
    }
  });
});
