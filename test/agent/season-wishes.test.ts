import { describe, expect, it } from 'vitest';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a holiday wished, a day signed off, a line taken back (offline engine)', () => {
  it('a seasonal wish with who sends or receives it, in the twelve languages, needs no answer', async () => {
    for (const text of [
      'Merry Christmas!',
      'Happy New Year to everyone on the support desk!',
      "Season's greetings from all of us at Brightside 🎄",
      '🎁🎄 from the whole crew at the depot',
      'Feliz Navidad a todo el equipo!',
      "Joyeux Noël à toute l'équipe !",
      'Frohe Weihnachten an das ganze Team!',
      'Feliz Natal para toda a equipe!',
      'Buon Natale a tutto il team!',
      'Fijne feestdagen voor het hele team!',
      'Wesołych Świąt dla całego zespołu!',
      '良いお年をお迎えください。',
      '新年快乐！',
      'عيد سعيد لكم',
      'สวัสดีปีใหม่ครับ',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('"that is all", a day signed off, what was received passed on, a typo taken back', async () => {
    for (const text of [
      'ok, that’s all, signing off for the day',
      'received and forwarded to finance, thanks',
      'received and forwarded to our accounts team, thanks',
      'thanks, confirmed on our end too',
      'typo above, please ignore',
      'gracias, eso es todo',
      'merci, c’est tout',
      'danke, das war’s',
      'obrigado, era só isso',
      'dank je, dat was het',
      'dzięki, to wszystko',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('a wish beside a request, a fault, a charge or a security worry is still read', async () => {
    for (const text of [
      'Merry Christmas! Can you still ship 1045 before the 24th',
      'Happy holidays, but our refund still has not arrived',
      'Merry Christmas, the card reader is broken again',
      'feliz navidad, quiero un reembolso',
      'Frohe Weihnachten, die Lieferung fehlt noch',
      '新年快乐，我们的订单还没到',
      'สวัสดีปีใหม่ครับ ขอคืนเงินด้วย',
      'Happy holidays! We were charged twice this month',
      'please ignore the invoice, refund us instead',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });

  it('a wish beside a lost account or lost records goes to a person', async () => {
    for (const text of [
      'Merry Christmas, someone logged into our account from another country and changed the password',
      'Happy new year. All our invoices are gone from the account',
    ]) {
      const r = await runAs(PRIYA, text);
      expect(r.route, text).toBe('escalate');
    }
  });
});
