import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

async function expectIgnored(texts: string[]) {
  for (const text of texts) {
    const r = await run(text);
    expect(r.route, text).toBe('ignore');
    expect(r.reply, text).toBeUndefined();
  }
}

async function expectRead(texts: string[]) {
  for (const text of texts) {
    const r = await run(text);
    expect(r.route, text).not.toBe('ignore');
  }
}

describe('a reply that only confirms needs no answer (offline engine)', () => {
  it('a thread reply under a quoted line of ours reads only what the customer wrote', async () => {
    await expectIgnored([
      "> Your order 2231 is out for delivery.\ngreat, that's all I wanted",
      '> A refund of $40 was issued to your card.\nperfect, thanks',
      "> Order 5521 left our warehouse today.\nmerci, c'est tout",
    ]);
    await expectRead([
      "> Order 2231 left our warehouse today.\nit still hasn't arrived",
      '> A refund of $40 was issued to your card.\nthanks, can you refund 2232 as well',
    ]);
  });

  it('a message sent by mistake and taken back, in the eight languages', async () => {
    await expectIgnored([
      'oops, pocket dial, sorry',
      'that last message was meant for someone else, sorry',
      'sorry, sent this to the wrong chat',
      'please ignore this one 🙈',
      'perdón, me equivoqué de chat',
      'désolé, mauvais canal',
      'sorry, falscher Chat',
      'desculpa, mandei no grupo errado',
      'scusate, chat sbagliata',
      'sorry, verkeerde chat',
      'przepraszam, zły czat',
    ]);
    await expectRead([
      'please ignore this charge, we never ordered that',
      'sorry wrong channel, but our login still fails',
    ]);
  });

  it('"that answers it" and the "is all" of a second-language writer close the thread', async () => {
    await expectIgnored([
      'ok this answers my question. Is all, thanks',
      'that covered everything, that is all from me',
      'thank you, your reply answered all my questions',
    ]);
    await expectRead([
      'thanks, that answers it, but when does 2231 ship',
      'that is all wrong, the invoice shows 3 seats',
    ]);
  });

  it('money told back as on the card or in the account, with thanks; doubled, or asked about, it is read', async () => {
    await expectIgnored([
      'the reimbursement is in my account now, thanks',
      'credit is finally on our card, cheers',
    ]);
    await expectRead([
      'the refund is on my card twice now, thanks',
      'thanks, when will the refund be on my card',
    ]);
  });

  it("the customer's own step until a colleague is back, and a plain-present step with 'why not'", async () => {
    await expectIgnored([
      "noted, I'll pass it on to Tom when he's back from lunch. thanks",
      "cheers, will tell our buyer once she's in tomorrow",
      'sure, why not — we do it this way. thank you',
      'why not, we test it so then, thanks!',
    ]);
    await expectRead([
      "thanks, I'll tell Tom when he's back but the refund is still missing",
      'why not refunded yet',
    ]);
  });

  it('marvel at the speed, contentment and help that made it easy are thanks', async () => {
    await expectIgnored([
      'what a quick fix, thanks!',
      'what a speedy delivery, cheers',
      'I wonder how you guys do it so fast, thank you',
      "can't complain at all, everything came in one piece 🙂",
      'thanks, you made it so simple',
      "Thank you, we didn't know where else to turn",
    ]);
    await expectRead([
      "can't complain about the chairs but the desk arrived broken",
      'you made it easy, but I was charged twice for 2231',
    ]);
  });

  it('what was awaited came just now, and cover named before leave', async () => {
    await expectIgnored([
      'never mind, the invoice email arrived just now. thanks',
      "I'm off from Monday to Friday, Priya will cover anything urgent. Thanks everyone!",
      'hi all, hope you had a decent weekend',
    ]);
    await expectRead([
      'the reset email arrived just now but the link has expired',
      'Priya will cover anything urgent, please cancel order 2231',
    ]);
  });
});
