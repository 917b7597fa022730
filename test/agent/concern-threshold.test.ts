import { describe, expect, it } from 'vitest';
import { concernOfProbabilities } from '../../src/agent/offline/classify-intent.js';

describe('the concern the model names, and when code acts on it', () => {
  it('acts on a concern the model finds likelier than not (0.5 and up), not only when it is sure', () => {
    // Crises the model was unsure of went unread at 0.6: an enterprise's buyers stuck at payment.
    expect(concernOfProbabilities({ none: 0.44, outage: 0.56 })).toBe('outage');
    expect(concernOfProbabilities({ none: 0.41, security: 0.52, outage: 0.07 })).toBe('security');
    expect(concernOfProbabilities({ data_loss: 0.5, none: 0.3, outage: 0.2 })).toBe('data_loss');
  });

  it('acts on nothing when "none" is likelier, or no concern reaches half', () => {
    expect(concernOfProbabilities({ none: 0.52, security: 0.48 })).toBeNull();
    expect(concernOfProbabilities({ security: 0.46, none: 0.3, outage: 0.24 })).toBeNull();
    expect(concernOfProbabilities({ none: 0.9, billing_error: 0.1 })).toBeNull();
  });
});
