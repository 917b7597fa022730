import { describe, expect, it } from 'vitest';
import { fold } from '../../src/agent/offline/text.js';
import { serviceRequest } from '../../src/agent/service-requests.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for this test, in other words than any labelled set's.
describe('closing the account asked of us goes to a person', () => {
  it.each([
    'kindly delete our account, the company was sold',
    'could you shut down my account? I retired last week',
    'plz cancel our business account, thanks',
    'terminate our account for us, we no longer trade',
    'Merci de clôturer notre compte, nous fermons la boutique.',
    'Bitte löscht unser Konto, wir hören auf.',
    'Por favor, cierren nuestra cuenta.',
    'Encerrem a nossa conta, por favor.',
    'Sluit ons account, we stoppen ermee.',
  ])('%s', (text) => {
    expect(serviceRequest(fold(text))).toBe('close_account');
  });

  it.each([
    'how can we close our account for good?',
    'we want to close the account next month, what do we need to do first?',
    'if I delete my account, are the invoices kept?',
    'please tell me how to close our account',
    'can I close our account myself or does it need the owner?',
    'please cancel order 1032',
  ])('asking how, or what happens, is the article’s: %s', (text) => {
    expect(serviceRequest(fold(text))).toBeNull();
  });

  it('is not answered with the article’s steps', async () => {
    for (const text of [
      'kindly delete our account, the company was sold',
      'could you close my account please',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('escalate');
    }
    const r = await run(MAYA, 'how can we close our account for good?');
    expect(r.route).toBe('resolve');
  });
});
