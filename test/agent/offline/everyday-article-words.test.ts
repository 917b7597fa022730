import { describe, expect, it } from 'vitest';
import { inArticleWords } from '../../../src/agent/offline/glossary.js';

/** What the knowledge-base search reads for an English question (retrieve.ts). */
const words = (text: string) => inArticleWords(text);

describe('everyday words for what the articles call seats, warranty, freight and cancelling', () => {
  it('how many people an account may hold is the seats of a plan, whoever they are', () => {
    for (const text of [
      'how many users does the free plan allow?',
      'can I invite a third driver while we are on free?',
      "we're hiring 12 nurses next month, will Pro hold them all?",
      'is it ok to add two more volunteers to our account?',
      'How many logins do we get on Pro?',
      "what's the maximum number of users we can have on Enterprise?",
      'is there a limit on the number of people on the free plan?',
    ])
      expect(words(text), text).toContain('seats team members');
    for (const text of [
      'can I add a second delivery address?',
      'please add 3 more chairs to my order',
      'how many people work at your warehouse?',
    ])
      expect(words(text), text).not.toContain('seats');
  });

  it('a fault after some use, asked as whose it is to fix, is the warranty question', () => {
    for (const text of [
      'the kettle stopped heating after 3 months. is that covered?',
      'if the desk motor fails in year three, who pays?',
      'label printer jams constantly within a few weeks of use, whose problem is that',
      'the hinge snapped during the first year — covered or not?',
    ])
      expect(words(text), text).toContain('warranty');
    for (const text of [
      'our router quit connecting after six weeks. still covered?',
      'barcode scanner started freezing. Repair possible?',
    ])
      expect(words(text), text).toContain('equipment');
    for (const text of ['is return shipping covered?', 'who pays the customs fees on a parcel to Norway?'])
      expect(words(text), text).not.toContain('warranty');
  });

  it('a big or heavy item is sent by freight', () => {
    for (const text of [
      'how do you even ship something this big?',
      'our standing desk weighs 45 kg, how does it get here?',
      'is the cabinet too heavy for a normal courier?',
      'can I send back an oversized item the same way?',
    ])
      expect(words(text), text).toContain('freight over 30 kg');
    for (const text of [
      'the chairs get heavy use every day',
      'a big thank you to your team',
      'is the box big?',
    ])
      expect(words(text), text).not.toContain('freight');
  });

  it('a carrier who phones before coming is the delivery appointment by phone', () => {
    for (const text of ['will the courier ring ahead?', 'do your drivers phone first before they turn up?'])
      expect(words(text), text).toContain('delivery appointment by phone');
    expect(words("I'll call first thing tomorrow about my invoice")).not.toContain('appointment');
  });

  it('a parcel gone from the warehouse has shipped, and stopping it is cancelling it', () => {
    for (const text of [
      'the package already left the warehouse, can you stop it?',
      'please stop the shipment, we ordered twice',
      'if my order is out of the warehouse can it still be halted?',
    ])
      expect(words(text), text).toMatch(/cancel stop|shipped/);
    for (const text of ['how do I stop it from emailing me every day?', 'stop the newsletters please'])
      expect(words(text), text).not.toMatch(/cancel/);
  });

  it('someone who may look but not buy is the Viewer role', () => {
    for (const text of [
      'can our accountant get read-only access?',
      'I need a login for the auditor that can only see invoices',
      'is there a role that views orders without being able to buy anything?',
    ])
      expect(words(text), text).toContain('viewer role');
    for (const text of [
      'only ship the chairs, not the desk',
      'we can only see half of our orders today',
      'can we make an API key read-only?',
      'is a read-only token limited to orders?',
    ])
      expect(words(text), text).not.toContain('viewer');
  });

  it('whether a failed payment is charged again is the retries of failed charges', () => {
    for (const text of [
      'the renewal bounced, will you try the card again?',
      'do you retry automatically when a payment fails?',
      'my card was declined, are you going to charge it a second time?',
    ])
      expect(words(text), text).toContain('retry failed charges');
    for (const text of [
      'can I try the Pro plan before paying?',
      'the reset link failed, should I try again later?',
    ])
      expect(words(text), text).not.toContain('retry');
  });
});
