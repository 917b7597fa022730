/**
 * Sending goods back is a return, not a refund to propose now: "أريد إرجاع الطلب 1027، المكتب لا
 * يناسب المساحة" (I want to return order 1027, the desk does not fit) asks how to send the desk
 * back, and its money follows the returns policy once the goods arrive. The intent model, which
 * saw إرجاع mostly beside money (إرجاع المبلغ), read it as a refund and the offline resolver
 * proposed one. A refund reading whose only ask is to send goods back, with no word of money and no
 * amount, is a return; a word of money anywhere keeps the refund ("return it and refund me",
 * "devuélvanme la plata del 1024", "أرجو إرجاع ثمن الحامل"). Only ever away from money: nothing
 * here makes a refund of anything else. Polish "zwrot" means both and is left to the model.
 */
import { says, type Lexicon } from './term-match.js';

/** Sending goods back, in the word-spaced languages (folded stems and phrases, see lexicon.ts). */
const GOODS_BACK: Lexicon = {
  terms: [
    'return',
    'send back',
    'send it back',
    'ship back',
    'ship it back',
    // es / pt
    'devolver',
    'devuelv',
    'devolvo',
    // fr
    'retourner',
    'renvoyer',
    // de
    'zurucksend',
    'zuruckschick',
    'rucksendung',
    'zuruckgeb',
    // it
    'restituire',
    'rimandare indietro',
    'rispedire',
    // nl
    'retourneren',
    'terugsturen',
    'terug sturen',
    // pl
    'odeslac',
    'odesle',
    'odeslemy',
  ],
};

/** Sending goods back in scripts without spaces or that the word lists do not read (substrings). */
const GOODS_BACK_SCRIPTS = [
  '返品',
  '返送',
  '退货',
  '退貨',
  '退回',
  'คืนสินค้า',
  'ส่งคืน',
  'إرجاع',
  'ارجاع',
  'أرجع',
  'ارجع',
];

/** Any word of money: with one, sending goods back still asks for the money. */
const MONEY: Lexicon = {
  terms: [
    'refund',
    'reimburs',
    'money',
    'cash',
    'credit',
    'amount',
    'chargeback',
    'paid',
    // es / pt
    'reembols',
    'dinero',
    'plata',
    'importe',
    'dinheiro',
    'estorn',
    'valor',
    // fr
    'rembours',
    'argent',
    'montant',
    // de
    'erstatt',
    'geld',
    'betrag',
    // it
    'rimbors',
    'soldi',
    'importo',
    'denaro',
    // nl
    'terugbetal',
    'bedrag',
    // pl
    'pieniadz',
    'pieniedz',
    'srodk',
    'zwrot',
  ],
};

const MONEY_SCRIPTS = [
  '返金',
  '払い戻',
  '払戻',
  'お金',
  '代金',
  '退款',
  '退钱',
  '退錢',
  '钱',
  '錢',
  'คืนเงิน',
  'เงินคืน',
  'เงิน',
  'استرداد',
  'ثمن',
  'مبلغ',
  'أموال',
  'اموال',
  'فلوس',
  'نقود',
  'المال',
];

/** An amount of money written out: "$25 back", "25 €", "200 zł". */
const AMOUNT = /[$€£¥]\s?\d|\d\s?(?:€|£|eur\b|usd\b|zł|zl\b|pln\b|dollars?\b|euros?\b)/i;

/** Whether the text asks to send goods back and says nothing of money. */
export function asksGoodsBackOnly(text: string): boolean {
  const lower = text.toLowerCase();
  const goods = says(text, GOODS_BACK) || GOODS_BACK_SCRIPTS.some((t) => lower.includes(t));
  if (!goods) return false;
  return !(says(text, MONEY) || MONEY_SCRIPTS.some((t) => lower.includes(t)) || AMOUNT.test(text));
}
