import { describe, expect, it } from 'vitest';
import { isCourtesyOnly } from '../../src/agent/pleasantry.js';
import { isThanksStatement } from '../../src/agent/thanks-statement.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

// Phrasings written for the twenty-fifth round, in other words than any labelled set's.
describe('a good stretch of time wished, kindness praised, "appreciate it" opening need no answer (offline engine)', () => {
  it('thanks with a day, a week or a month wished, in the twelve languages', async () => {
    for (const text of [
      'thanks so much, enjoy the rest of your week',
      'cheers! have a productive start to the week',
      'Gracias, ¡buen inicio de semana!',
      'Merci beaucoup, bon début de mois à vous',
      'Danke, einen guten Start in die neue Woche!',
      'Obrigado, bom início de mês!',
      'Grazie, buon inizio settimana',
      'Bedankt, fijne start van de week',
      'Dziękuję, udanego początku tygodnia!',
      'ありがとうございます。良い週末をお過ごしください',
      '谢谢，祝你们周末愉快',
      'ขอบคุณครับ ขอให้เป็นวันที่ดีนะครับ',
      'شكرا، أتمنى لكم يوما سعيدا',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('thanks praising how kind or helpful someone was, "as always" beside it, in the eight languages', async () => {
    for (const text of [
      "thanks, you've been really helpful as always",
      'Muchas gracias, han sido muy amables una vez más',
      'Merci, vous avez été très aimables',
      'Danke, ihr wart wie immer sehr hilfsbereit',
      'Obrigada, vocês foram muito atenciosos',
      'Grazie, sei stata davvero gentile come sempre',
      'Dank je, jullie waren erg behulpzaam',
      'Dzięki, byliście bardzo pomocni jak zawsze',
    ]) {
      expect(isCourtesyOnly(text), text).toBe(true);
      expect((await run(text)).route, text).toBe('ignore');
    }
  });

  it('"appreciate it" opens a thanks followed by a word on the customer’s own day', async () => {
    for (const text of [
      'appreciate it, back at my desk now and on to the next thing',
      'really appreciate that! heading into a meeting so will read properly later',
    ]) {
      expect(isThanksStatement(text), text).toBe(true);
      expect((await run(text)).route, text).toBe('ignore');
    }
  });

  it('the same words beside a request, a turn, money or a problem are still answered', async () => {
    for (const text of [
      'have a great start to the week, but the invoice is still wrong',
      'enjoy the rest of your day — can you refund 1047 too?',
      'cancel the plan for the rest of the year please',
      'thanks, you were very helpful, but the charge is still on my card',
      'Danke, ihr wart sehr hilfsbereit, aber die Rechnung fehlt noch',
      'appreciate it, but the order still has not arrived',
      'appreciate it, please cancel order 1046',
      '谢谢，祝周末愉快，但是还没收到退款',
    ]) {
      expect(isCourtesyOnly(text) || isThanksStatement(text), text).toBe(false);
      expect((await run(text)).route, text).not.toBe('ignore');
    }
  });
});
