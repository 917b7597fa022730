import { describe, expect, it } from 'vitest';
import { classifyIntent } from '../../../src/agent/offline/classify-intent.js';

describe('an explicit money request outweighs the words around it', () => {
  it('reads "please refund order 1043, it arrived broken" as a refund, not an order-status question', () => {
    // The model alone read this as order_status ("arrived", "order"): the refund was answered with
    // a delivery date and the ticket resolved.
    expect(classifyIntent('Please refund order 1043, the espresso grinder arrived broken.').intent).toBe(
      'refund',
    );
    expect(
      classifyIntent(
        'Hi, this is Maya from Bluebird Cafe. Please refund order 1043, the espresso grinder arrived broken.',
      ).intent,
    ).toBe('refund');
  });

  it('leaves a question without a request to the model', () => {
    expect(classifyIntent('Where is my order 1042? It has not arrived yet.').intent).toBe('order_status');
  });
});
