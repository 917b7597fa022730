import { describe, expect, it } from 'vitest';
import { namesNotInArticles } from '../../src/agent/named-things.js';
import { JORDAN, PRIYA, useOfflineAgent } from './agent-input.js';

const PAYMENTS =
  'Payment methods\npayment credit card\nWe accept Visa, Mastercard, American Express, Discover and ACH bank transfer.';

describe('a question about a named thing the help center never mentions', () => {
  const run = useOfflineAgent();

  it('goes to a person with the article on the topic as the draft, recorded as unanswered', async () => {
    for (const [text, article] of [
      ['Do you accept Alipay as a payment method?', 'payment-methods'],
      ['Does your single sign-on work with Auth0?', 'single-sign-on'],
      ['Do you integrate with NetSuite so our invoices land there on their own?', 'invoices-and-receipts'],
    ] as const) {
      const r = await run(JORDAN, text);
      expect(r.route, text).toBe('escalate');
      // The knowledge-gap report counts escalations for low confidence: the question is kept there.
      expect(r.reason, text).toMatch(/^confidence 0\.\d\d below/);
      expect(r.articleIds[0], text).toBe(article);
      expect(r.draft, text).toBeTruthy();
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('is still answered when the article names it, in its own words or as a place', async () => {
    for (const text of [
      'do you take Amex?',
      'Can we set up SSO with Okta?',
      'does your platform support OpenID Connect for logins?',
      'Do you ship to Portugal?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('judges names only where the question asks what can be done with them', () => {
    expect(namesNotInArticles('Can we pay with Alipay?', 'en', [PAYMENTS])).toEqual(['Alipay']);
    expect(namesNotInArticles('Do you accept Amex?', 'en', [PAYMENTS])).toEqual([]);
    // Named, but not as the thing asked for: the refund rules are the same for every product.
    expect(namesNotInArticles('Is the refund on the Alipay order the same?', 'en', [PAYMENTS])).toEqual([]);
    // A capital that starts a sentence, a weekday or a country is not a name to look for.
    expect(namesNotInArticles('Thanks. Paying with Visa works on Monday?', 'en', [PAYMENTS])).toEqual([]);
    expect(namesNotInArticles('Can we pay by card from Portugal?', 'en', [PAYMENTS])).toEqual([]);
    // German capitalizes nouns: only acronyms and mixed case are names there.
    expect(namesNotInArticles('Kann man mit Kreditkarte zahlen?', 'de', [PAYMENTS])).toEqual([]);
    expect(namesNotInArticles('Unterstützt ihr auch PayPal?', 'de', [PAYMENTS])).toEqual(['PayPal']);
    // Named by another article the search found: the help center knows it.
    expect(namesNotInArticles('Can we pay with Alipay?', 'en', [PAYMENTS, 'Alipay wallets'])).toEqual([]);
  });

  it('reads names in Japanese, Chinese, Thai and Arabic questions, in Latin letters or the script', () => {
    expect(namesNotInArticles('请问可以用PayPal结账吗？', 'zh', [PAYMENTS])).toEqual(['PayPal']);
    expect(namesNotInArticles('你们接受银联卡吗？', 'zh', [PAYMENTS])).toEqual(['UnionPay']);
    expect(namesNotInArticles('ペイペイで支払えますか？', 'ja', [PAYMENTS])).toEqual(['PayPay']);
    expect(namesNotInArticles('รองรับพร้อมเพย์ไหมครับ', 'th', [PAYMENTS])).toEqual(['PromptPay']);
    // A name the article lists, a kind of payment, or no ask about support: nothing to look for.
    expect(namesNotInArticles('Mastercardは使えますか？', 'ja', [PAYMENTS])).toEqual([]);
    expect(namesNotInArticles('支持信用卡付款吗？', 'zh', [PAYMENTS])).toEqual([]);
    expect(namesNotInArticles('我用支付宝付过钱了，订单什么时候发货？', 'zh', [PAYMENTS])).toEqual([]);
  });

  it('sends a question about a wallet named in Chinese to a person', async () => {
    const r = await run(JORDAN, '请问你们支持微信支付吗？我们在上海的分公司想用');
    expect(r.route).toBe('escalate');
    expect(r.reason).toMatch(/below/);
  });
});
