import { describe, expect, it } from 'vitest';
import { asksForHuman, isPleasantry } from '../../src/agent/offline/classify-intent.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('thanks and greetings in other words need no answer (offline engine)', () => {
  it('Slack shortcodes, thanks with praise, "all I needed" and thanks for a quick reply are pleasantries', async () => {
    for (const text of [
      'thx :raised_hands:',
      'hello everyone :wave:',
      "cheers, you're a hero",
      'brilliant, just what I wanted',
      'perfect, thanks a bunch',
      'thanks for the speedy reply',
      'Dzięki za szybką pomoc',
      'grazie, gentilissime',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a day wished, "never mind, figured it out" and thanks for the help in Arabic are pleasantries', async () => {
    for (const text of [
      'Bedankt, fijne dag nog!',
      'Danke, schönen Tag noch!',
      'merci, bonne soirée',
      'grazie, buona giornata!',
      'dzięki, miłego dnia',
      'nvm, figured it out',
      'never mind, sorted it out myself',
      'شكراً جزيلاً على المساعدة',
      'شكرا على الرد السريع',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('thanks for the help said as appreciation, "everything we needed", "found it myself" and a refund come through for an order are pleasantries', async () => {
    for (const text of [
      'really appreciate the fast help 🙏',
      "awesome, that's everything we needed",
      'sweet, all I needed',
      'never mind, found it. thanks anyway',
      'the refund for 1045 came through today, all sorted, thanks!',
      'money for 1045 is back on our card, cheers',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
    }
  });

  it('a refund come through with a further ask is still read', async () => {
    for (const text of [
      'the refund for 1045 came through, thanks. can you also refund 1046?',
      'refund for 1045 landed but only half of it',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });

  it('"never mind" before a question, or "figured out" what is wrong, is still read', async () => {
    for (const text of [
      'nvm that, where is order 1045?',
      'figured out why the sync fails: your API returns 500 on every call',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });

  it('an unhappy shortcode, a "but" or a sarcastic thanks is still read and answered or escalated', async () => {
    for (const text of [
      'thanks :rage:',
      'thanks, but the label still fails to print',
      'thanks for the useless reply',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});

describe('an answer acknowledged, to someone by name or in any reply language, needs no answer (offline engine)', () => {
  it('thanks with a name, "understood" and "clear" in the eight languages and the four other scripts', async () => {
    for (const text of [
      'thanks so much, Priya!',
      'cool, got it — cheers Tom 👍',
      'Daniel, thank you!',
      'crystal clear, thanks a lot',
      'vielen Dank, Jonas, alles verstanden',
      "merci Camille, c'est clair",
      'super, merci pour l’explication',
      'gracias Lucía, entendido',
      'obrigado, Ana! ficou claro',
      'grazie mille Marco, tutto chiaro',
      'top, bedankt Sanne',
      'dziękuję Kasiu, rozumiem',
      '了解です、ご丁寧にありがとうございます',
      'เข้าใจแล้วครับ ขอบคุณครับ',
      '明白了，谢谢！',
      'فهمت، شكرا جزيلا',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a name does not hide a request, a complaint or a question', async () => {
    for (const text of [
      'thanks Riley, but the export still fails',
      'Thanks Jonas, Refund it',
      'Perfect, Cancel it',
      'thanks Tom 😡',
      'got it, now how do I add a user?',
      'merci Camille, mais ça ne marche toujours pas',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});

describe('asking to be contacted by a person goes to a person (offline engine)', () => {
  it('a callback, "get in touch with me", an account manager, and the same in German, French and Spanish', async () => {
    for (const text of [
      'Could somebody from your sales team get in touch with me about pricing?',
      'Can we arrange a call back tomorrow morning?',
      'I want to talk with my account manager about our renewal.',
      'Kann uns bitte jemand anrufen?',
      "Est-ce que quelqu'un peut nous rappeler cet après-midi ?",
      '¿Alguien me puede llamar hoy?',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/asked for a person/);
    }
  });
});

describe('a person asked for by role, or on the phone, in the eight languages (offline engine)', () => {
  it('goes to a person', async () => {
    for (const text of [
      'could I talk to one of your billing specialists about this invoice?',
      'we want to speak directly with the person responsible for our contract',
      'is there a phone number I could ring? typing this out is a pain',
      "honestly I'd rather just call and explain",
      'Möchte gern einen Ansprechpartner am Telefon haben.',
      'Quisiera hablar con un asesor, por favor.',
      'Je voudrais parler à un conseiller.',
      'Posso falar com um atendente?',
      'Vorrei parlare con un consulente.',
      'Kan ik even spreken met een medewerker?',
      'Chciałbym porozmawiać z konsultantem.',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/asked for a person/);
    }
  });

  it('a question about how soon a person answers, or a person who is not ours, asks for no one', async () => {
    for (const text of [
      'how long until a human replies on the pro plan?',
      'how soon does a person respond at night?',
      'can I talk to your API from a Python script?',
      'does someone have to be home to sign for the desk?',
    ]) {
      const r = await run(text);
      expect(r.reason ?? '', text).not.toMatch(/asked for a person/);
    }
  });

  // The twenty-eighth round: the answer named before the person ("an answer from a human").
  it('how soon an answer comes from a person, said answer first, asks for no one; an ask beside it still asks', async () => {
    for (const text of [
      'on the starter plan, how long until I hear back if I need a person?',
      'how quickly do we get a reply from a human on weekends?',
      'how fast would we receive an answer from someone if the bot gets stuck?',
    ]) {
      expect(asksForHuman(text), text).toBe(false);
      const r = await run(text);
      expect(r.reason ?? '', text).not.toMatch(/asked for a person/);
    }
    for (const text of [
      'how soon can I get a reply, I need to talk to a person today',
      'how fast can I get an answer from a human? call me back please',
    ]) {
      expect(asksForHuman(text), text).toBe(true);
    }
  });

  it('until what time a person can be reached asks about support hours, in the eight languages; an ask beside it still asks', async () => {
    for (const text of [
      'till what time can we talk to someone on the Basic plan?',
      'what are your support hours on Enterprise, up to which hour can I get hold of an agent?',
      '¿hasta qué hora puedo hablar con una persona?',
      "jusqu'à quelle heure peut-on joindre un conseiller ?",
      'bis wann kann ich abends jemanden erreichen?',
      'até que horas posso falar com uma pessoa?',
      'fino a che ora posso parlare con un operatore?',
      'tot hoe laat is er een medewerker bereikbaar?',
      'do której godziny mogę rozmawiać z konsultantem?',
    ]) {
      const r = await run(text);
      expect(r.reason ?? '', text).not.toMatch(/asked for a person/);
    }
    for (const text of [
      'until what time can I reach a person? put me through to someone now please',
      'quiero hablar con una persona ahora, ¿hasta qué hora están?',
    ]) {
      const r = await run(text);
      expect(r.reason, text).toMatch(/asked for a person/);
    }
  });
});

// Phrasings written for this round, in other words than any labelled set's.
describe('thanks beside one word of context, and word that what was awaited has come', () => {
  it('need no answer', async () => {
    for (const text of [
      'just what we were looking for, thank you',
      'many thanks, that clears it up for procurement',
      'you guys are heroes',
      'the replacement chairs arrived today, thanks a lot!',
      'parcel is here, cheers team',
      'El pedido llegó esta mañana, ¡gracias!',
      'Das Paket ist angekommen, danke!',
      'Le colis est arrivé, merci beaucoup',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('an arrival gone wrong, a question beside the thanks or a sarcastic thanks is still answered or escalated', async () => {
    for (const text of [
      'the parcel arrived damaged, thanks',
      'only half the order arrived, thanks',
      'thanks, the refund still has not arrived',
      'El pedido llegó roto, gracias',
      'thanks for nothing',
      'thanks, refund please',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});

describe('a person asked for by being put through, fetched or looped in', () => {
  it('goes to a person', async () => {
    for (const text of [
      'can you patch us through to whoever handles billing disputes',
      'find me a person who can approve this, the bot keeps going round in circles',
      'please loop in the account manager on this one',
      'Y a-t-il quelqu’un de votre équipe qui peut regarder ça avec moi ?',
      'Kann jemand aus Ihrem Team sich das ansehen?',
      'Alguém da equipe pode me ajudar com isso?',
      'is there anyone on your team who could walk us through the setup?',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('escalate');
      expect(r.understanding.wantsHuman, text).toBe(true);
    }
  });

  it('a question about the team or about escalating in the product is not an ask', async () => {
    for (const text of [
      'how do I add someone to my team?',
      'can I transfer my account to a new owner?',
      'how do I escalate an approval to the owner?',
    ]) {
      const r = await run(text);
      expect(r.understanding.wantsHuman, text).toBe(false);
    }
  });
});

// The nineteenth round: thanks followed by a sign-off, a name, a title and a disclaimer.
describe('thanks above a signature need no answer; a question or an outage above one still counts', () => {
  it('the signature is not read as more words', async () => {
    for (const text of [
      'Great, thanks for sorting it.\n\nBest regards,\nOlga Novak\nProcurement Lead, Tallis Labs\nThis e-mail is confidential.',
      'Thanks a lot!\n\nSent from my Galaxy',
      'Danke, alles klar.\n\nViele Grüße\nJonas\nEinkauf',
    ]) {
      const r = await run(text);
      expect(r.route, text).toBe('ignore');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('a request or a failure above the signature is still one', async () => {
    for (const text of [
      'Could you resend the invoice for 1044?\n\nKind regards,\nOlga',
      'thanks\nregards, our whole team is locked out since noon',
      'Thanks for the help!\n\nBest regards,\nOlga\n\nP.S. can you refund the $40 gift wrap on 1045?',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});

// The twenty-eighth round. Phrasings written for these tests.
describe('the sender introducing themselves by role, beside a greeting', () => {
  it.each([
    'hey! new purchasing lead here at Alder Foods, just saying hi',
    "Hello, I'm the new Office Manager at Quarry & Co 👋",
    'hi all, this is your new contact at Bluebird, wanted to introduce myself',
  ])('needs no answer: %s', (text) => {
    expect(isPleasantry(text)).toBe(true);
  });

  it.each([
    'hi, new office manager here, can you add me as an admin?',
    "hello, I'm the new buyer at Alder Foods, where do I see our invoices",
    'hi, new office manager here, our checkout has been down all morning',
    "I'm the new manager here, get me a person on the phone",
  ])('anything asked or told beside it is still read: %s', (text) => {
    expect(isPleasantry(text)).toBe(false);
  });
});

describe('a confirmation wanted for the customer’s records', () => {
  it.each([
    'Just confirming for our records that 1046 arrived and was signed for.',
    'checking for the books that the refund on 1043 went through',
  ])('is answered, not acknowledged: %s', (text) => {
    expect(isPleasantry(text)).toBe(false);
  });

  it.each([
    'Just confirming the chairs arrived, thank you!',
    'the lamps came today, filed the delivery note for our records, thanks',
  ])('news that something arrived, with thanks, still needs no answer: %s', (text) => {
    expect(isPleasantry(text)).toBe(true);
  });
});
