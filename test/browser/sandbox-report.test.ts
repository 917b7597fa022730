import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailability, screenshotPath, openSandbox, type OpenSandbox } from '../support/browser.js';

const availability = browserAvailability();
const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const JORDAN = { customerId: 'cus_acme', contactEmail: 'jordan@acme-robotics.example' };

/**
 * The overview's report and the knowledge-gaps tab against Switchboard started as `npm start`
 * starts it: conversations written through the sandbox API show up as figures, charts with their
 * tables, and a grouped unanswered question.
 */
describe.skipIf(!availability.ok)(
  'sandbox report and knowledge gaps in Chromium',
  { timeout: 60_000 },
  () => {
    let sandbox: OpenSandbox;
    let page: Page;
    let pageErrors: string[];

    beforeAll(async () => {
      sandbox = await openSandbox({
        path: '/#overview',
        waitFor: null,
        prepare: async (m) => {
          const say = async (text: string, who: object = MAYA) => {
            const res = await fetch(`${m.baseUrl}/sandbox/api/customer-messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ ...who, text }),
            });
            expect(res.status).toBe(201);
          };
          await say('Hi, where is my order 1042?');
          await say('Can your team engrave a wedding poem on the inside of the espresso cups?');
          // Another customer (one person's second top-level message would join their first ticket).
          await say('Could you engrave a poem inside my espresso cups for a wedding?', JORDAN);
        },
      });
      ({ page, pageErrors } = sandbox);
    }, 120_000);

    afterAll(() => sandbox?.close());

    it('shows the period’s figures, the charts with their data as tables, and the breakdowns', async () => {
      const report = page.locator('[data-section=report]');
      await expect
        .poll(() => report.locator('[data-tile=conversations]').innerText(), { timeout: 15_000 })
        .toBe('3');
      expect(await report.locator('[data-tile=bot-resolution]').innerText()).toBe('33 %');
      for (const id of ['report-per-day', 'report-escalations', 'report-sla', 'report-csat'])
        expect(await report.locator(`[data-chart=${id}] canvas`).count()).toBe(1);
      const escalations = report.locator('[data-chart=report-escalations]');
      await escalations.getByText('Show the data').click();
      expect(
        await escalations.locator('tr', { hasText: 'Low confidence' }).locator('td').nth(1).innerText(),
      ).toBe('2');
      expect(await report.locator('table', { hasText: 'By customer' }).innerText()).toContain(
        'Bluebird Cafe',
      );
      await report.screenshot({ path: screenshotPath('overview-report') });
      expect(pageErrors).toEqual([]);
    });

    it('lists the unanswered questions grouped, with their examples', async () => {
      await page.getByRole('tab', { name: 'Knowledge gaps' }).click();
      const gaps = page.locator('[data-pane=gaps]');
      const first = gaps.locator('[data-gap-group="0"]');
      await expect.poll(() => first.locator('.gap-count').innerText(), { timeout: 15_000 }).toBe('2');
      expect(await first.locator('.gap-examples li').count()).toBe(2);
      expect(await first.innerText()).toMatch(/engrave/);
      await gaps.screenshot({ path: screenshotPath('knowledge-gaps') });
      expect(pageErrors).toEqual([]);
    });
  },
);
