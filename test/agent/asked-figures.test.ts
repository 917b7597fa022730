import { describe, expect, it } from 'vitest';
import { figuresNotInArticle } from '../../src/agent/asked-figures.js';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const RETURNS = 'Returns policy\nYou can return most items within 30 days of delivery.';

describe('a yes/no question about a figure the article does not state', () => {
  const run = useOfflineAgent();

  it('goes to a person with the article as the draft, recorded as unanswered', async () => {
    for (const text of [
      'Could we get a 45-day return window on our account?',
      'Can we make recovery codes last 2 years before they have to be regenerated?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/^confidence 0\.\d\d below/);
      expect(r.draft, text).toBeTruthy();
    }
  });

  it('is answered when the article states that figure, or when the question asks for one', async () => {
    for (const text of [
      'Can I still return something after 30 days?',
      'how many days do I have to return an item?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('reads the figure with the unit that says what it counts', () => {
    expect(figuresNotInArticle('Could we have a 60-day window?', RETURNS)).toEqual(['60']);
    expect(figuresNotInArticle('Is the window 30 days for chairs too?', RETURNS)).toEqual([]);
    // Not a yes/no question: "how long" asks for the figure itself.
    expect(figuresNotInArticle('How long is it, 60 days?', RETURNS)).toEqual([]);
    // An order number or an amount is not a figure of the rule.
    expect(figuresNotInArticle('Can I return order 1045 for $60?', RETURNS)).toEqual([]);
  });

  it('finds a figure stated only as a number, not inside a word or another number', () => {
    const twoFactor =
      'Two-factor authentication (2FA)\nSave your 10 recovery codes. Codes are 8 characters, v3 of the app.';
    expect(figuresNotInArticle('Can we make recovery codes last 2 years?', twoFactor)).toEqual(['2']);
    expect(figuresNotInArticle('Could the app lock us out after 3 attempts?', twoFactor)).toEqual(['3']);
    expect(figuresNotInArticle('Can codes be 0.8 characters?', twoFactor)).toEqual(['0.8']);
    expect(figuresNotInArticle('Can we have 10 users on it?', twoFactor)).toEqual([]);
    expect(figuresNotInArticle('Are the codes 8 characters long?', twoFactor)).toEqual([]);
  });

  // The twenty-fourth round: a figure telling the customer's own case is not a term asked for.
  it.each([
    'our overnight parcel turned up 3 days late, do you give anything back for that?',
    'can you resend the invoices from 5 weeks ago with our new VAT number?',
    'could the receipts from ~4 months back show our new company name?',
    'is a desk fan covered if it breaks after 8 months?',
    'will the warranty still apply if the scanner stops working within 10 months?',
    'is the chair still covered? it is 14 months old',
  ])('tells the case, asks for no other figure: %s', (text) => {
    expect(figuresNotInArticle(text, RETURNS)).toEqual([]);
  });

  it('still reads a figure asked for beside one that tells the case', () => {
    expect(figuresNotInArticle('our parcel came 2 days late; can we get a 45-day window?', RETURNS)).toEqual([
      '45',
    ]);
    expect(figuresNotInArticle('can I return it after 45 days?', RETURNS)).toEqual(['45']);
  });
});
