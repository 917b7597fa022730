import { describe, expect, it } from 'vitest';
import { isCourtesyNote } from '../../src/agent/courtesy-note.js';
import { isScriptCourtesyNote } from '../../src/agent/courtesy-note-script.js';
import { isCourtesyOnly } from '../../src/agent/pleasantry.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

async function expectIgnored(texts: string[]): Promise<void> {
  for (const text of texts) {
    expect(isCourtesyNote(text), text).toBe(true);
    const r = await run(text);
    expect(r.route, text).toBe('ignore');
    expect(r.reply, text).toBeUndefined();
  }
}

describe('a note that something worked out, or is no longer needed, asks nothing (offline engine)', () => {
  it('word that it worked, arrived or is back, with thanks anywhere, an order number included', async () => {
    await expectIgnored([
      'That sorted it, the new password worked and reception is back in. Thanks!',
      'saw the money for 1052 back on the card, cheers',
      'ty, the invoice for 2043 looks right now',
      'thanks, our login is back up',
      'update: the courier came this morning, all sorted',
      'sent the old one back at the post office this morning, appreciate it',
    ]);
  });

  it('the same in the other Latin-script languages, a login or a refund named', async () => {
    await expectIgnored([
      'merci, la connexion fonctionne de nouveau chez nous',
      'danke, das Passwort-Reset hat geklappt',
      'valeu, o reembolso do pedido 1088 caiu hoje',
      'grazie, il login funziona di nuovo',
      'bedankt, de terugbetaling voor 1070 is binnen',
      'dzięki, logowanie znowu działa',
    ]);
  });

  it('a step no longer needed, or an answer accepted as the customer restates it', async () => {
    await expectIgnored([
      "ok, I'll hold off on cancelling then, thanks",
      'no return needed after all, we glued the leg ourselves, thanks anyway',
      'ah ok so the discount starts from next month, makes sense. thanks',
      "forget the refund, we'll keep it. thanks",
      'ok, no cancellation needed then, thanks',
      'merci, plus besoin du remboursement, on garde la chaise',
    ]);
  });

  it('the customer defers: they will check inside and come back, or whoever was awaited came', async () => {
    await expectIgnored([
      "I'll check with the team and come back to you",
      "let me check with my manager and I'll get back to you",
      "ok, I'll talk to finance and revert",
      'courier picked it up an hour ago, cheers',
      'the courier collected the old printer this morning, thanks',
    ]);
  });

  it('thanks beside a word that the customer is back to work is a note, which the concern model does not read', async () => {
    for (const text of [
      'thanks, makes sense, back to the spreadsheet',
      'cheers, off to the next site',
      'grazie, chiaro, torno al magazzino',
      'gracias, todo claro, vuelvo al taller',
      'dzięki, wszystko jasne, lecę dalej',
    ]) {
      expect(isCourtesyNote(text), text).toBe(true);
      expect((await run(text)).route, text).toBe('ignore');
    }
  });

  it('thanks for bearing with us, and "okey dokey", are courtesy words (pleasantry.ts)', async () => {
    for (const text of [
      'okey dokey, cheers for putting up with me',
      'thanks for bearing with us today',
      'okey dokey, thanks a lot for bearing with us',
    ]) {
      expect(isCourtesyOnly(text), text).toBe(true);
      expect((await run(text)).route, text).toBe('ignore');
    }
  });

  it('a longer note with a salutation and a signature, and a farewell before leave', async () => {
    await expectIgnored([
      'Dear team,\n\nthe replacement units arrived this morning and were installed without any issues. Thank you for arranging it.\n\nKind regards,\nMarta Lind\nIT Lead, Fjord Freight\n+47 22 00 00 00',
      'Just a quick note to say the onboarding call yesterday was really useful. Thanks again to Sam!',
      "I'm off from tomorrow until the 3rd of January, happy holidays to you all!",
      "we're closing up for the holidays now, speak in January",
      'Last working day for me before the break, thanks for all the help this year',
    ]);
  });

  it('a careful note from procurement or IT: confirmed, resolved, received, with its set phrases', async () => {
    await expectIgnored([
      'Good afternoon,\n\nI can confirm that the issue with the SSO configuration has been resolved and all of our staff are able to sign in again. Many thanks for your assistance.\n\nKind regards,\nHelen Crane\nIT Service Desk',
      'Hello,\nWe confirm receipt of the corrected invoice. Payment will be made within 30 days as per our terms.\nRegards,\nAccounts Payable',
      'Dear Northwind support,\nWe would like to thank you for the quick turnaround on the purchase order. The goods were received in good order and have been added to our inventory. Should we need anything further, we will be in touch.\nBest regards,\nAnna Kowalski\nProcurement Officer',
      "We've applied the config change you suggested and SSO is now working for every user. Thanks for the detailed guidance.",
      'the problem is fixed, you may close this ticket',
      'fyi the refund showed up today',
    ]);
  });

  it('a farewell before the holidays with the dates of leave, in the eight Latin-script languages', async () => {
    await expectIgnored([
      'Hi all, the team is off from the 22nd and back on January 5th. Thanks for all your help this year and happy holidays!',
      "I'll be out of office from 23 December, returning 2 January. For anything urgent please contact Maria at maria@fjord.example. Merry Christmas!",
      'Wishing you all a restful break, see you next year!',
      'Felices fiestas, volvemos el 7 de enero',
      'Bonnes fêtes, nous sommes fermés jusqu’au 3 janvier',
      'Frohe Weihnachten, wir sind bis 6. Januar im Urlaub',
      'Boas festas, voltamos dia 5 de janeiro',
      'Buone feste, siamo chiusi fino al 7 gennaio',
      'Fijne feestdagen, we zijn tot 4 januari gesloten',
      'Wesołych Świąt, wracamy 7 stycznia',
    ]);
  });

  it('the same in Japanese, Chinese, Thai and Arabic: money arrived, or the days closed beside a wish', async () => {
    for (const text of [
      '谢谢，退款已经到账了',
      '年末年始は12月28日から1月5日までお休みです。良いお年を！',
      '我们1月2日前放假，新年快乐！',
      'ร้านปิดถึงวันที่ 3 มกราคม สวัสดีปีใหม่ครับ',
      'كل عام وأنتم بخير، نحن في إجازة حتى 3 يناير',
    ]) {
      expect(isScriptCourtesyNote(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('in those scripts, an order number, an ask or a turn beside the thanks is answered', () => {
    for (const text of [
      '谢谢，订单1043的退款已经到账了',
      '谢谢，退款还没到账',
      '12月28日からお休みです。注文をキャンセルしてください',
      'ขอบคุณครับ ร้านปิดถึงวันที่ 3 แต่ยังไม่ได้รับเงินคืน',
      'شكراً، نحن في إجازة لكن الطلب لم يصل',
    ]) {
      expect(isScriptCourtesyNote(text), text).toBe(false);
    }
  });

  it('thanks beside a change to make, a problem, a partial or double arrival, or a request is answered', () => {
    for (const text of [
      'our office moves to Berlin next month, thanks',
      'thanks, the parcel arrived but the box is empty',
      'refund landed twice, thanks',
      'thanks, refund 1043 please',
      "the refund for 1043 hasn't arrived, thanks",
      'Thanks, received 2 of the 3 boxes',
      'thanks, parcel arrived, the lamp inside is in pieces',
      'thanks, it works now on desktop, mobile shows an error',
      'thanks, the refund went through for the wrong amount',
      'the courier came, thanks. cancel 1050 as well',
      'no refund needed, just send the right size',
      'we received the invoice, thanks. our VAT number is now DE123456789',
      "I'm off until Monday, can someone call my colleague about the refund",
      'thanks, the login works again, but someone changed our payout account',
      'all good, the export came through. where do I find last year’s?',
      'Confirm cancellation of order 1043, thanks',
      'thanks, our bill is up 20% this month',
      "I'll be out of office from 23 December. For anything urgent please refund order 1043.",
      'Hi, I can confirm we want to cancel order 1043, thanks',
      'Should we need anything further, can you call me?',
      "I'll check with the team, but can you hold the order meanwhile",
      'let me check with finance whether we want the refund and get back to you',
      'thanks, back to the refund for 1043: where is it',
      'ok, off to the bank, the charge is still wrong',
      'bom dia a todos, o sistema caiu para toda a equipe',
      "we're closed from the 23rd, the chairs should come before then",
      'we are closed from the 23rd, deliver the chairs before that, thanks',
      'the first box arrived, ship the rest next week, thanks',
      'happy holidays! hold the parcel till we are back on the 5th',
      'we can now see another company’s invoices again, thanks',
    ]) {
      expect(isCourtesyNote(text), text).toBe(false);
    }
  });

  it('a breach told beside the thanks still reaches a person', async () => {
    for (const text of [
      'the reset worked, thanks. someone had logged in from Brazil overnight and changed our bank details',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
    }
  });
});
