import { describe, expect, it } from 'vitest';
import { unanswerableRequest } from '../../src/agent/requests.js';
import { MAYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();

// A bug in our site is a person's to look into, however near an article's words are. Phrasings
// written for this test.
describe('an error our software shows, quoted by the customer, goes to a person', () => {
  it.each([
    'the invoices page crashes with "Uncaught ReferenceError: currency is not defined"',
    'saving the address book gives TypeError: items.map is not a function',
    'bulk upload says ERR_CSV_PARSE_07 on a file that opened fine yesterday',
    'checkout shows "Error 5521" after I press pay',
  ])('%s', async (text) => {
    expect(unanswerableRequest(text)?.kind).toBe('software_error');
    const r = await runAs(MAYA, text);
    expect(r.route, text).toBe('escalate');
  });

  it.each([
    'what does a 429 from your API mean?',
    'we get 403 when the read-only key places an order, is that expected?',
    'can we get an exception to the 30-day return window?',
  ])('an HTTP status the help center explains, or an exception to a policy, is not a bug: %s', (text) => {
    expect(unanswerableRequest(text)?.kind).not.toBe('software_error');
  });
});
