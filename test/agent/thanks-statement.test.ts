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

  it('thanks made stronger, an approval in a script without spaces, or "happy again" opens a thanks statement', async () => {
    for (const text of [
      'nice one, the front desk is smiling again',
      'muchísimas gracias, el equipo ya lo tiene todo',
      'mille mercis, la comptable a tout reçu',
      'tausend Dank, die Kollegen haben es schon gespeichert',
      'muito obrigada, a equipe já tem tudo',
      'mille grazie, il magazzino ha già tutto',
      'hartelijk bedankt, de collega’s hebben alles',
      'wielkie dzięki, zespół już wszystko dostał',
      '太好了，同事们都收到了',
      '好的，我们已经转给财务了',
      'ขอบคุณค่ะ ช่วยได้มากเลย ทีมงานดีใจมาก',
      'شكراً على المساعدة، المدير ممتن جداً',
      'شكرا جزيلا، المعلومة مفيدة للمكتب',
    ]) {
      expect(isThanksStatement(text), text).toBe(true);
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('nothing further for anyone to do, beside thanks or an ok, in the eight reply languages', async () => {
    for (const text of [
      'ok, no further action required from us',
      'thanks, nothing more to do here',
      'vale, no hace falta nada más',
      'merci, aucune autre action requise',
      'danke, kein Handlungsbedarf mehr',
      'perfeito, nenhuma ação necessária',
      'grazie, nessun’altra azione richiesta',
      'bedankt, geen verdere actie nodig',
      'dzięki, nic więcej nie trzeba',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('the same openings beside a problem, a request or a turn are still answered', () => {
    for (const text of [
      'great, the scanner failed again',
      'thanks, the label printer is broken again',
      'mil gracias, pero el pedido sigue sin llegar',
      'tausend Dank, aber die Rechnung fehlt noch',
      '好的，请帮我取消订单',
      '太好了，但是还没有收到',
      'ขอบคุณค่ะ ช่วยเช็กให้หน่อย',
      'ขอบคุณค่ะ ช่วยได้ไหมคะ',
      'شكراً على المساعدة، لكن الطلب لم يصل',
      'شكرا، لا أستطيع الدخول',
      'no further action needed? the refund is still missing',
    ]) {
      expect(isThanksStatement(text), text).toBe(false);
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
