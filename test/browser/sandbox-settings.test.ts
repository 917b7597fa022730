import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserAvailability, screenshotPath, openSandbox, type OpenSandbox } from '../support/browser.js';

const availability = browserAvailability();

/**
 * The Settings tab against Switchboard started as `npm start` starts it: the supervisor changes a
 * setting and sees it applied; people without the right see the engine's refusal.
 */
describe.skipIf(!availability.ok)('sandbox settings tab in Chromium', { timeout: 60_000 }, () => {
  let sandbox: OpenSandbox;
  let page: Page;
  let settings: Locator;
  let pageErrors: string[];

  beforeAll(async () => {
    sandbox = await openSandbox({ waitFor: '#act-as option' });
    ({ page, pageErrors } = sandbox);
    settings = page.locator('[data-pane=settings]');
  }, 120_000);

  afterAll(() => sandbox?.close());

  const answer = () => settings.locator('[aria-live=polite]');
  const valueOf = (key: string) => settings.locator(`tr[data-setting="${key}"] td[data-value]`);

  async function save(key: string, value: string) {
    await settings.getByLabel('Setting', { exact: true }).selectOption(key);
    await settings.getByLabel('New value').fill(value);
    await settings.getByRole('button', { name: 'Save' }).click();
  }

  it('is reached from the keyboard like the other tabs and lists every setting', async () => {
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('tab', { name: 'Overview' }).press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-settings');
    await valueOf('auto-refund-max').waitFor({ timeout: 10_000 });
    expect(await settings.locator('tbody tr').count()).toBeGreaterThan(5);
  });

  it('lets the supervisor set the automatic refund maximum to 40 and shows it applied', async () => {
    await page.selectOption('#act-as', 'sandbox-sam');
    await expect.poll(() => settings.getByText('You are a supervisor').count(), { timeout: 10_000 }).toBe(1);
    expect(await valueOf('auto-refund-max').innerText()).not.toBe('$40.00');

    await save('auto-refund-max', '40');
    await expect
      .poll(() => answer().innerText(), { timeout: 10_000 })
      .toMatch(/^Automatic refunds below is now \$40\.00\.$/);
    expect(await answer().locator('.ok').count()).toBe(1);
    await expect.poll(() => valueOf('auto-refund-max').innerText(), { timeout: 10_000 }).toBe('$40.00');
    expect(await settings.locator('tr[data-setting="auto-refund-max"]').innerText()).toContain(
      'Set for this organization',
    );
    await settings.screenshot({ path: screenshotPath('settings-pane') });
  });

  it('keeps the value after a reload, read back from the server', async () => {
    await page.reload();
    await page.selectOption('#act-as', 'sandbox-sam');
    await expect.poll(() => valueOf('auto-refund-max').innerText(), { timeout: 10_000 }).toBe('$40.00');
  });

  it('refuses a person without supervisor rights, with the engine’s sentence, and changes nothing', async () => {
    await page.selectOption('#act-as', 'sandbox-riley');
    await expect
      .poll(() => settings.getByText('Only a supervisor can change settings; you may still try.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await save('auto-refund-max', '500');
    await expect
      .poll(() => answer().innerText(), { timeout: 10_000 })
      .toBe('Only a supervisor can change settings.');
    expect(await answer().locator('.refused').count()).toBe(1);
    expect(await valueOf('auto-refund-max').innerText()).toBe('$40.00');
    await settings.screenshot({ path: screenshotPath('settings-refused') });
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
