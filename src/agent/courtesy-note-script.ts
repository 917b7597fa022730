/**
 * courtesy-note.ts in Japanese, Chinese, Thai and Arabic: thanks or a holiday wish beside word
 * that something arrived or works now ("谢谢，退款已经到账了"), or beside the days the customer is
 * closed ("年末年始は12月28日から1月5日までお休みです。良いお年を！", "我们1月2日前放假，新年快乐！",
 * "ร้านปิดถึงวันที่ 3 มกราคม สวัสดีปีใหม่ครับ", "كل عام وأنتم بخير، نحن في إجازة حتى 3 يناير"). A
 * number other than a date may be an order or an amount, so it keeps the message one to answer;
 * so do an ask or a turn (thanks-statement.ts reads them) and money or a failure named without
 * word that it worked out.
 */

import { ACTED_ON_SCRIPT } from './closing-words.js';
import { showsUnhappiness } from './pleasantry.js';
import { SEASON_WISH_SCRIPT } from './season-wishes.js';
import { ARABIC_ASKS, SCRIPT_ASKS } from './thanks-statement.js';

const SCRIPT_LETTERS = /[\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\u0600-\u06FF]/u;
const MAX_CHARS = 120;

const THANKS = /ありがとう|有難う|感謝|助かりました|谢谢|謝謝|感谢|多谢|ขอบคุณ|شكر|مشكور|جزاك/u;
const WISH = new RegExp(SEASON_WISH_SCRIPT.source, 'u');
/** Closed or away for a while. */
const ON_LEAVE = /お休み|休み|休業|休暇|放假|休假|假期|停业|ปิด|หยุด|พักร้อน|إجازة|اجازة|عطلة|مغلق/u;
/** Arrived, received, back on the card, working now. */
const WORKED_OUT =
  /到账|到帐|已到|收到|届きました|届いた|着きました|確認しました|入金されました|戻りました|できるようになりました|使えるようになりました|ได้รับ|คืนแล้ว|ใช้ได้แล้ว|เข้าได้แล้ว|وصل|وصلت|استلمنا|استلمت|تم استلام|تم حل|يعمل الآن/u;
/** Dates: "12月28日", "1月2日", "3 มกราคม", "3 يناير", "28/12". */
const DATE =
  /\d{1,2}\s*(?:月|日|号|號)|\d{1,2}\s*(?:มกราคม|ธันวาคม|ม\.ค\.|ธ\.ค\.)|\d{1,2}\s*(?:يناير|ديسمبر|كانون)|\d{1,2}[/.]\d{1,2}/gu;

/** True for thanks or a wish beside news that something worked out, or the days of leave. */
export function isScriptCourtesyNote(text: string): boolean {
  if (!SCRIPT_LETTERS.test(text) || /[?？؟]/u.test(text) || showsUnhappiness(text)) return false;
  const letters = text.replace(/[\s\p{P}\p{S}]/gu, '');
  if (letters.length > MAX_CHARS || SCRIPT_ASKS.test(text) || ARABIC_ASKS.test(text)) return false;
  if (/\d/.test(text.replace(DATE, ' '))) return false;
  const worked = WORKED_OUT.test(text);
  if (!(THANKS.test(text) || WISH.test(letters)) || !(worked || ON_LEAVE.test(text))) return false;
  return worked || !ACTED_ON_SCRIPT.test(text);
}
