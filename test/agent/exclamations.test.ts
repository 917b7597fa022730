import { describe, expect, it } from 'vitest';
import { isCourtesyOnly } from '../../src/agent/pleasantry.js';
import { isThanksStatement } from '../../src/agent/thanks-statement.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

async function expectIgnored(texts: string[]): Promise<void> {
  for (const text of texts) {
    const r = await run(text);
    expect(r.route, text).toBe('ignore');
    expect(r.reply, text).toBeUndefined();
  }
}

describe('an exclamation shaped like a question praises or marvels; it asks nothing (offline engine)', () => {
  it('how kind, what a reply, who knew, where would we be, why did we not ask sooner', async () => {
    await expectIgnored([
      'how thoughtful of you, thanks',
      'what a speedy reply, cheers',
      'who would have guessed it was so simple haha, thanks',
      'where would we be without you lot! thank you',
      "why didn't we ask ages ago lol. all working now",
      'how did you guys fix it so quickly?! brilliant, thanks',
      'how lovely was that, cheers',
      'still wondering how we coped without the new scanner. thanks all',
    ]);
  });

  it('a short account of the day after the exclamation', async () => {
    for (const text of ['How lovely is that — everything ready before the doors opened. Thanks!']) {
      expect(isThanksStatement(text), text).toBe(true);
    }
    await expectIgnored(['How lovely is that — everything ready before the doors opened. Thanks!']);
  });

  it('the same in the other eleven languages', async () => {
    const texts = [
      '¡qué amables sois, gracias!',
      'quién lo diría, gracias',
      'quelle rapidité, merci !',
      'que vous êtes efficaces, merci',
      'wie nett von euch, danke!',
      'wer hätte das gedacht, danke',
      'que alívio, obrigado!',
      'quem diria, valeu',
      'che gentili, grazie!',
      "chi l'avrebbe mai detto, grazie",
      'wat snel, bedankt!',
      'wat fijn van jullie, dank je wel',
      'jak miło z waszej strony, dzięki!',
      'co za ulga, dziękuję',
      '太快了吧，谢谢！',
      'なんて早いんだ、ありがとうございます',
      'เร็วมากเลย ขอบคุณครับ',
      'ما أسرعكم، شكرا',
    ];
    for (const text of texts) expect(isCourtesyOnly(text), text).toBe(true);
    await expectIgnored(texts);
  });

  it('a question word that asks, or an exclamation beside a problem or a request, is still answered', async () => {
    for (const text of [
      'how fast is express delivery',
      'how quick do you reply on the free plan',
      'how kind of you, but the refund still has not arrived',
      'what a mess, my order came damaged',
      'who knew you would charge me twice',
      'how nice would it be to get my money back',
      'qué rápido llega el envío exprés',
      'wie schnell kommt die Lieferung',
      'how easy is it to change my address',
    ]) {
      expect(isCourtesyOnly(text), text).toBe(false);
      expect(isThanksStatement(text), text).toBe(false);
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
