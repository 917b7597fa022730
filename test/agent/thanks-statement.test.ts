import { describe, expect, it } from 'vitest';
import { isThanksStatement } from '../../src/agent/thanks-statement.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('thanks with a word on the customer’s own day asks nothing (offline engine)', () => {
  it('thanks or approval, then what they did or what happened on their side, in the twelve languages', async () => {
    for (const text of [
      'thanks, that fixed it. off to lunch now',
      'great, the new starter is all set up at her desk now, cheers',
      'perfect, I printed the label and taped it on the box',
      'cheers for the fast reply, my boss was impressed',
      'noted with thanks, we will keep it on file',
      'much appreciated, the team meeting went smoothly after all',
      'gracias, ya lo he guardado en la carpeta del equipo',
      'merci, on a tout rangé dans le dossier partagé',
      'danke, die Kollegin hat es schon eingetragen',
      'obrigada, já salvei na pasta da equipe',
      'grazie, ho già salvato tutto nella cartella condivisa',
      'bedankt, mijn collega heeft het al opgeslagen',
      'dzięki, koleżanka już to zapisała w folderze',
      'ありがとうございます。チームの共有フォルダに保存しました。',
      '谢谢，已经存到共享文件夹里了',
      'ขอบคุณครับ บันทึกไว้ในโฟลเดอร์ทีมแล้ว',
      'شكراً، حفظناها في مجلد الفريق',
    ]) {
      expect(isThanksStatement(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('no further questions, in the eight reply languages', async () => {
    for (const text of [
      'Thanks for clearing that up. No further questions from my side.',
      'gracias por la explicación, no tengo más preguntas',
      "merci pour l'explication, pas d'autres questions",
      'danke für die Erklärung, keine weiteren Fragen',
      'obrigado pela explicação, não tenho mais dúvidas',
      'grazie della spiegazione, non ho altre domande',
      'bedankt voor de uitleg, geen verdere vragen',
      'dziękuję za wyjaśnienie, nie mam więcej pytań',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('thanks beside a question, a request, a turn, a problem, an order or a person asked for is answered', () => {
    for (const text of [
      'thanks, where do I find the invoice for last month',
      'great, how long does the refund take',
      'thanks, but the tracking page still shows nothing',
      'perfect, the new chair arrived broken though',
      'thanks, can you also send the receipt',
      'ok, close our account please',
      'thanks, show me my open orders',
      'cheers, the login page keeps failing for my colleague',
      'thanks, the refund for 1045 is what I meant',
      "thanks, I'd rather speak with a person about this",
      'Hi team, our account got taken over, thanks',
      'merci de supprimer cet utilisateur',
      'grazie per l’aiuto! annullate il mio abbonamento',
      'obrigado pela ajuda! adicionar um usuário à equipe',
      'danke, aber die Rechnung fehlt noch',
      'dzięki, ale nadal nie działa',
      'ありがとうございます。でもまだ届いていません。',
      '谢谢，麻烦帮我转人工',
      'ขอบคุณครับ แต่ยังไม่ได้รับของ',
      'شكراً، لكن الطلب لم يصل بعد',
      'สวัสดีครับ บัญชีถูกแฮก ขอบคุณครับ',
    ]) {
      expect(isThanksStatement(text), text).toBe(false);
    }
  });
});
