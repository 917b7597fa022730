import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserAvailability, screenshotPath, openSandbox, type OpenSandbox } from '../support/browser.js';

const availability = browserAvailability();
if (!availability.ok) console.warn(`[browser tests skipped] ${availability.reason}`);

/**
 * The SLA state on the sandbox's ticket view and the satisfaction prompt in the customer pane, in a
 * real headless Chromium against the built server (`npm start`'s process).
 */
describe.skipIf(!availability.ok)(
  'sandbox SLA state and CSAT prompt in Chromium',
  { timeout: 90_000 },
  () => {
    let sandbox: OpenSandbox;
    let page: Page;
    let customer: Locator;
    let pageErrors: string[];

    beforeAll(async () => {
      sandbox = await openSandbox({
        // A supervisor turns the satisfaction prompt on, as the settings panel does.
        prepare: async (m) => {
          const res = await fetch(`${m.baseUrl}/sandbox/api/settings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ actorId: 'sandbox-sam', change: { op: 'set', key: 'csat', value: 'on' } }),
          });
          expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
        },
      });
      ({ page, pageErrors } = sandbox);
      customer = page.locator('[data-pane=customer]');
    }, 120_000);

    afterAll(() => sandbox?.close());

    async function writeAs(customerId: string, email: string, text: string) {
      await page.selectOption('#customer-select', customerId);
      await page.selectOption('#contact-select', email);
      await customer.getByRole('group', { name: 'Write as' }).getByRole('radio').first().check();
      const startNew = customer.getByRole('button', { name: 'Start a new thread instead' });
      if ((await startNew.count()) > 0) await startNew.click();
      await customer.getByLabel('Message', { exact: true }).fill(text);
      await customer.getByRole('button', { name: 'Send' }).click();
    }

    it('shows an escalated enterprise ticket’s SLA clock on the ticket view', async () => {
      await writeAs(
        'cus_acme',
        'jordan@acme-robotics.example',
        'Our warehouse sync is down. I need to talk to a person.',
      );
      const thread = customer.locator('article.thread.selected');
      await thread.locator('.post[data-author-kind=bot]').first().waitFor({ timeout: 15_000 });
      await page.getByRole('tab', { name: 'Tickets' }).click();
      const tickets = page.locator('[data-pane=tickets]');
      await tickets.getByRole('button', { name: /^TKT-/ }).first().click();
      const sla = page.locator('.detail .sla');
      await sla.waitFor({ timeout: 10_000 });
      expect(await sla.getAttribute('data-sla-state')).toMatch(/on_track|at_risk|breached/);
      expect(await sla.innerText()).toMatch(/enterprise/);
      expect(await sla.innerText()).toMatch(/First response/);
      await page.locator('.detail').screenshot({ path: screenshotPath('ticket-sla') });
      await page.getByRole('tab', { name: 'Channels' }).click();
    });

    it('asks for a rating after the bot answers, and thanks the customer for it', async () => {
      await writeAs('cus_bluebird', 'maya@bluebirdcafe.example', 'Where is my order 1042?');
      const thread = customer.locator('article.thread.selected');
      const prompt = thread.locator('.rating');
      await prompt.waitFor({ timeout: 15_000 });
      await prompt.getByLabel('Anything to add? (optional)').fill('Fast answer, thanks');
      await thread.screenshot({ path: screenshotPath('csat-prompt') });
      await prompt.getByRole('button', { name: 'Great' }).click();
      await thread.getByText('Thank you for your feedback!').waitFor({ timeout: 10_000 });
      expect(pageErrors).toEqual([]);
    });
  },
);
