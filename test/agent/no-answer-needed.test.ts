import { describe, expect, it } from 'vitest';
import { isCourtesyNote } from '../../src/agent/courtesy-note.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

async function expectIgnored(texts: string[], asNote = true): Promise<void> {
  for (const text of texts) {
    if (asNote) expect(isCourtesyNote(text), text).toBe(true);
    const r = await run(text);
    expect(r.route, text).toBe('ignore');
    expect(r.reply, text).toBeUndefined();
  }
}

describe('a message that says no answer is needed is not a question (offline engine)', () => {
  it('nothing needed, it can wait, or a question withdrawn with "never mind"', async () => {
    await expectIgnored([
      'no need any more, figured it out',
      'nothing else needed for now, thanks',
      'this can wait until monday, nothing needed from you',
      'we were wondering about the new labels — scratch that, they look great',
      'I was going to ask about the invoice layout, never mind, all clear now',
    ]);
  });

  it('no question, just a word of praise; found where it was all along; seen; enough to go on', async () => {
    await expectIgnored([
      'No questions today — just wanted to say the new kettle has been a joy in our kitchen.',
      'Just wanted to let you know the chairs have been a hit with our guests.',
      'the confirmation email was in my junk folder all along, thanks',
      'cheers, the box had been under the porch the whole time',
      'Read this on Sunday evening. Thanks a lot.',
      'Thanks. We have everything we need for the launch.',
      'all good now, we can place orders again',
      'thanks, forwarding this to our bookkeeper now',
    ]);
  });

  it('speed praised, in several languages, and "gm" said to everyone', async () => {
    await expectIgnored(
      [
        'you lot are speedy, cheers',
        'ihr seid blitzschnell, danke!',
        'jullie zijn razendsnel, bedankt',
        'sois rapidísimos, gracias',
        'siete stati rapidissimi, grazie',
        'gm all',
        'gm team 👋',
      ],
      false,
    );
  });

  it('a request, a failure or money beside these words is still answered', async () => {
    for (const text of [
      'no need to refund, just send a replacement please',
      'I was wondering why I was charged twice — never mind the email, can you check',
      'thanks, the extra charge was on my card all along',
      'nothing needed for now, but the login still fails for two of us',
      'you lot are quick to charge us, the refund is still missing',
      'gm everyone, our checkout is down',
    ]) {
      const r = await run(text);
      expect(r.route, text).not.toBe('ignore');
    }
  });
});
