import { describe, expect, it } from 'vitest';
import { MAYA, useOfflineAgent, expectAnswered } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article, with this in the reply. */
const answered = (text: string, articleId: string, fact: string | RegExp) =>
  expectAnswered(run, MAYA, text, articleId, fact);

// Phrasings written for this test, in other words than any labelled set's.
describe('the second sign-in step and a price for many units are answered from their articles (offline engine)', () => {
  it.each([
    'is it possible to force every person to use the second step at login?',
    'can the owner require the second factor for all our staff?',
    'how do I make the extra sign-in step compulsory for the whole team?',
  ])('the second step at sign-in, named by its place, is two-factor: %s', async (text) => {
    await answered(text, 'two-factor-authentication', /every member/);
  });

  it('a second step elsewhere is not two-factor', async () => {
    const r = await run(MAYA, 'what is the second step of placing a bulk order?');
    expect(r.articleIds[0]).not.toBe('two-factor-authentication');
  });

  it.each([
    'we want roughly 40 desks for the new office, is there a better price for that many?',
    'if we buy 150 monitor stands do we get a discount?',
    'who do I talk to about pricing for 70 lockers?',
    'Bei 100 Stühlen, gibt es einen Rabatt?',
    'Met 30 bureaus erbij, krijgen we dan korting?',
  ])('a discount or price for many units is the bulk article: %s', async (text) => {
    await answered(text, 'bulk-orders-and-quotes', /5%/);
  });

  it('an exact discount asked for is the quote a person gives', async () => {
    const r = await run(MAYA, 'what exact discount would 300 stools get us? finance wants the figure');
    expect(r.route).toBe('escalate');
  });

  it('a discount over a number of days is no quantity', async () => {
    const r = await run(MAYA, 'is there a discount if we pay within 10 days?');
    expect(r.articleIds[0]).not.toBe('bulk-orders-and-quotes');
  });
});
