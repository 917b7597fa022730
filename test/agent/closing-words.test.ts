import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('a customer who closes in other words needs no answer (offline engine)', () => {
  it('what the customer will do next themselves, beside thanks or an ok, in the twelve languages', async () => {
    for (const text of [
      'got it 👍 I’ll let accounting know',
      'great, I’ll tell the warehouse guys',
      'Perfect, I’ll share this with our finance team.',
      'ok cool, will pass it along to the team',
      'vale, lo reviso con mi jefe y os digo',
      "d'accord, on attend le transporteur alors",
      'parfait, je fais suivre à la compta',
      'super, dann warten wir ab',
      'beleza, vamos aguardar então',
      'grazie mille, lo giro al mio responsabile',
      "hartelijk dank, ik geef het door aan de collega's",
      'ok, to czekamy na kuriera',
      '承知しました。社内で共有します。',
      '收到，我转告同事',
      'โอเคค่ะ เดี๋ยวแจ้งทีมให้นะคะ',
      'تمام، سأبلغ الفريق',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('set closings: no worries, fair enough, a holiday wished, the ticket closed on their side', async () => {
    for (const text of [
      'no worries, take your time',
      'haha fair enough',
      'happy holidays everyone!',
      'merry christmas from all of us 🎄',
      'all sorted on our side, you can close this',
      'perfecto, quedamos así',
      'pas de souci, merci',
      'kein Stress, danke',
      'sem pressa, obrigado',
      'nessun problema, grazie',
      'geen haast hoor, dank je',
      'nie ma sprawy, dzięki',
      'passt, danke für die schnelle Antwort',
      '了解です、よろしくお願いします',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('word that a refund or a parcel came, closed without thanks, asks nothing', async () => {
    for (const text of [
      'got the refund for 1045 on our card this morning, all good',
      'got the parcel for 1045 today, all set, nothing else needed',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('a step that names money, a failure or a turn, or comes with a question, is still read', async () => {
    for (const text of [
      'ok, we’ll wait for the refund then',
      'great, I’ll tell the front desk — can you also send the invoice?',
      'no rush, but I need the invoice for 1045',
      'thanks, I’ll let our bank know you charged us twice',
      'd’accord, on attend le remboursement',
      'ok, ich gebe das weiter, aber die Rechnung fehlt immer noch',
      '好的，我们等退款',
      'received, damaged',
      'تمام، سننتظر الاسترداد',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });

  it('"just what we needed" in the eight languages, formal French thanks and Arabic and Chinese set thanks', async () => {
    for (const text of [
      'Super, dat is precies wat ik nodig had. Dank!',
      'genial, justo lo que necesitaba',
      "merci, c'est exactement ce qu'il nous fallait",
      'perfeito, exatamente o que eu precisava',
      'grazie, proprio quello che ci serviva',
      'Je vous remercie pour votre retour.',
      'شكراً، تم حل المشكلة',
      'جزاكم الله خيرا',
      '非常感谢你们的帮助',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('"just what we needed" followed by a request, and an unsolved problem in Arabic, are still read', async () => {
    for (const text of [
      'precies wat ik nodig had, maar de factuur klopt niet',
      'لم يتم حل المشكلة',
      'exactement ce qu’il nous fallait, pouvez-vous aussi rembourser 1045',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });

  it('a newcomer welcomed, a message posted in the wrong channel, and "it works now" in Chinese and Arabic', async () => {
    for (const text of [
      'welcome aboard Tom!',
      'bienvenida, Marta 👋',
      'bienvenue à Chloé !',
      'herzlich willkommen, Jonas',
      'sorry, wrong channel!',
      'oops wrong thread, sorry',
      '可以了，谢谢',
      'اشتغل الآن، شكرا',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('thanks followed by "but not yet" in Japanese and Thai is not small talk', async () => {
    for (const text of ['ありがとうございます。でも、まだ届いていません', 'ขอบคุณค่ะ แต่ยังไม่ได้รับของ']) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
