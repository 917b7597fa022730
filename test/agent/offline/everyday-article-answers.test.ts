import { describe, it } from 'vitest';
import { MAYA, useOfflineAgent, expectAnswered } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article, with this in the reply. */
const answered = (text: string, articleId: string, fact: string | RegExp) =>
  expectAnswered(run, MAYA, text, articleId, fact);

describe('questions in everyday words for seats, warranty, freight and cancelling are answered (offline engine)', () => {
  it('how many people a plan holds is its seats', async () => {
    await answered('how many users can we have on the Pro plan?', 'manage-team-members', /Seats/);
    await answered(
      "we'd like to invite a third technician, is that allowed on free?",
      'manage-team-members',
      /Seats/,
    );
  });

  it('a fault after some use, asked as whether it is covered, is the warranty', async () => {
    await answered(
      'my kettle stopped heating after 3 months, is that covered?',
      'warranty-and-repairs',
      /warranty/,
    );
    await answered(
      'the office router quit connecting after six weeks. covered?',
      'warranty-and-repairs',
      /warranty/,
    );
  });

  it('a heavy item goes by freight, whose drivers book the delivery by phone', async () => {
    await answered(
      'how does a return work for something that heavy, like a filing cabinet?',
      'return-shipping-labels',
      /collected by freight/,
    );
    await answered(
      'do the freight drivers ring ahead before delivering a desk?',
      'shipping-carriers-and-times',
      /delivery appointment by phone/,
    );
  });

  it('a parcel that left the warehouse has shipped: stopping it is the cancellation article', async () => {
    await answered(
      'if a parcel has already left your warehouse, is there any way to stop it?',
      'cancel-an-order',
      /refuse the delivery/,
    );
    await answered('the box is out of the warehouse, can you stop the parcel?', 'cancel-an-order', /shipped/);
  });
});
