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
