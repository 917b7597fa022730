import { fold, foldedPattern } from './offline/text.js';

/**
 * Names a question in Japanese, Chinese, Thai or Arabic asks whether we support: a name written in
 * Latin letters inside the sentence ("你们支持PayPal吗？", "SAMLでログインできますか？") or a
 * payment wallet or card network written in the script itself ("微信支付", "支付宝", "银联",
 * "พร้อมเพย์"), given by the name an article would use. Capitals and spaces, which mark a name
 * in the other languages (named-things.ts), say nothing in these scripts, so the question is read
 * by its words for "support", "accept", "pay with", "can use".
 */

// "Do you support / accept / can we pay or sign in with …" in the four scripts (folded as the text is).
const ASKS_SUPPORT = foldedPattern(
  [
    '支持|支援|接受|可以用|能用|可以使用|能否使用|能不能用|可用|支付吗|付款吗',
    '対応|使えます|使える|利用でき|支払え|払え|決済でき|ログインでき',
    'รองรับ|ใช้ได้|ใช้.{0,12}ได้ไหม|จ่ายด้วย|ชำระด้วย|ชำระผ่าน',
    'تدعمون|تدعم|تقبلون|تقبل|الدفع (?:عبر|ب)',
  ].join('|'),
);

// Wallets and card networks customers name in their own script, with the name an article uses.
const NATIVE_NAMES: ReadonlyArray<[RegExp, string]> = [
  [foldedPattern('微信支付|微信付款|微信钱包|ウィーチャットペイ'), 'WeChat Pay'],
  [foldedPattern('支付宝|支付寶|アリペイ'), 'Alipay'],
  [foldedPattern('银联|銀聯|云闪付|雲閃付|ユニオンペイ'), 'UnionPay'],
  [foldedPattern('ペイペイ'), 'PayPay'],
  [foldedPattern('楽天ペイ'), 'Rakuten Pay'],
  [foldedPattern('メルペイ'), 'Merpay'],
  [foldedPattern('コンビニ払い|コンビニ決済'), 'konbini'],
  [foldedPattern('พร้อมเพย์'), 'PromptPay'],
  [foldedPattern('ทรูมันนี่|ทรูมันนี'), 'TrueMoney'],
  [foldedPattern('آبل باي|أبل باي|ابل باي'), 'Apple Pay'],
];

// Latin words in the sentence; one with a capital is a name ("PayPal", "SAML", "Okta").
const LATIN_WORDS = /[A-Za-z][A-Za-z0-9]*(?:[ -][A-Z][A-Za-z0-9]*)*/g;
const SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Arabic}]/u;

/** The names the question asks about, in the articles' spelling (empty when it asks about none). */
export function namesAskedInScript(question: string): string[] {
  if (!SCRIPT.test(question) || !ASKS_SUPPORT.test(fold(question))) return [];
  const names = new Set<string>();
  // Two capitals are a country as often as a name ("UK", "US"), as in named-things.ts.
  for (const m of question.matchAll(LATIN_WORDS)) if (m[0].length > 2 && /[A-Z]/.test(m[0])) names.add(m[0]);
  const folded = fold(question);
  for (const [pattern, name] of NATIVE_NAMES) if (pattern.test(folded)) names.add(name);
  return [...names];
}
