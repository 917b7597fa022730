import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';

const intentOf = (text: string) => understandOffline({ text, isNewTicket: true, openTickets: [] }).intent;

// A failure of the customer's product with what the warranty gives asked is the returns topic,
// which holds the warranty article, whichever topic the words read as.
describe('a warranty question after a failure', () => {
  it.each([
    'our headset quit after a month. do you swap it or repair it?',
    'the printer stopped working after two weeks, is that covered?',
    'the scanner died after 3 months, repair or replacement?',
    'label printer gave out after six weeks — still under warranty?',
  ])('is the returns topic: %s', (text) => {
    expect(intentOf(text)).toBe('return');
  });

  it('an ask for money keeps its own topic', () => {
    expect(intentOf('the espresso machine broke after a week, please refund it')).toBe('refund');
  });
});
