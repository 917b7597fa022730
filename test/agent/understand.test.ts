import { describe, expect, it } from 'vitest';
import { UnderstandingSchema } from '../../src/agent/types.js';
import { applyCodeRules, understandOffline } from '../../src/agent/understand.js';

const understand = (text: string, isNewTicket = true) =>
  understandOffline({ text, isNewTicket, openTickets: [] });

describe('understand: emoji and punctuation alone are pleasantries', () => {
  it.each([
    ['🙂🙂🔥'],
    ['👍'],
    ['👍🏽'], // skin-tone modifier
    ['🙏🏿🙏🏿'],
    ['❤️'], // variation selector
    ['❤️‍🔥'], // ZWJ sequence
    ['👨‍👩‍👧‍👦'], // family: four people joined by ZWJ
    ['🇺🇸 🎉'], // regional indicators
    ['🏴󠁧󠁢󠁳󠁣󠁴󠁿'], // tag sequence
    ['  ✅ ✅ \n'],
    ['!!! 🎉🎉'],
    [':)'],
    ['...'],
    ['✌︎'], // text presentation selector
  ])('%s is a pleasantry', (text) => {
    const u = understand(text);
    expect(u.isPleasantry).toBe(true);
    expect(u.wantsHuman).toBe(false);
    expect(u.securityConcern).toBe(false);
  });

  it.each([
    ['???'], // a nudge in a waiting thread
    ['🤔?'],
    ['❓'],
    ['😡😡😡'], // the answer did not help
    ['👎'],
    ['🙂 where is my order?'],
    ['👍 but order 1042 never arrived'],
    ['1️⃣'], // an answer to a choice, not an acknowledgement
    ['1042 🙂'],
    [''], // a file or image with no text
    ['   '],
  ])('%j is not a pleasantry', (text) => {
    expect(understand(text).isPleasantry).toBe(false);
  });

  it('keeps the word pleasantries and the customer’s language preference', () => {
    expect(understand('thanks!').isPleasantry).toBe(true);
    expect(understand('merci beaucoup 🙏').isPleasantry).toBe(true);
    const u = understandOffline({
      text: '🙂🙂🔥',
      preferredLanguage: 'es',
      isNewTicket: false,
      openTickets: [],
    });
    expect(u.language).toBe('es');
  });

  it('thanks saying the answer worked is a pleasantry; "it worked but…" is not', () => {
    expect(understand('cheers, that fixed it').isPleasantry).toBe(true);
    expect(understand('that did the trick, thanks!').isPleasantry).toBe(true);
    expect(understand('thanks, that helped a lot').isPleasantry).toBe(true);
    expect(understand('it worked but order 1042 is still missing').isPleasantry).toBe(false);
  });

  it('code marks emoji alone a pleasantry even when a model did not', () => {
    const modelSaid = UnderstandingSchema.parse({
      language: 'en',
      intent: 'other',
      urgency: 'medium',
      sentiment: 'neutral',
      isPleasantry: false,
    });
    const input = { text: '🙂🙂🔥', isNewTicket: true, openTickets: [] };
    expect(applyCodeRules(modelSaid, input).isPleasantry).toBe(true);
    expect(applyCodeRules(modelSaid, { ...input, text: 'my order is late 🙂' }).isPleasantry).toBe(false);
  });
});

describe('understand: a request for a person names contact', () => {
  it.each([
    ['what is someone with the Viewer role allowed to see?'],
    ['if we remove someone from the team, are the orders they placed kept?'],
    ['can someone on the Buyer role approve their own orders?'],
  ])('%s asks about people on the account, not for a person', (text) => {
    const u = understand(text);
    expect(u.intent).not.toBe('human_request');
    expect(u.wantsHuman).toBe(false);
  });

  it.each([
    ['can I speak to someone please'],
    ['get me an agent'],
    ['ขอคุยกับพนักงานครับ'],
    ['who handles our account? I would like to speak with them directly'],
  ])('%s asks for a person', (text) => {
    expect(understand(text).wantsHuman).toBe(true);
  });
});
