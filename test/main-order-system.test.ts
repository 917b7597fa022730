import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { startFakeShopify } from './support/fake-shopify.js';

/** Starts Switchboard as `npm start` does (tsx over src/main.ts) with only the given environment. */
function runMain(
  env: Record<string, string>,
  timeoutMs = 80_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'src/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'silent',
        SANDBOX: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const lines = (stderr: string) =>
  stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
const database = () => ({
  MONGODB_URI: inject('mongoUri'),
  MONGODB_DB: `main_orders_${Date.now()}`,
  SEED_DEMO: 'never',
  PORT: '0',
});

describe('npm start with an order system that refuses or cannot be reached', { timeout: 90_000 }, () => {
  it('a Shopify token Shopify refuses stops start-up with one line naming SHOPIFY_ADMIN_TOKEN, exit 2', async () => {
    const shop = await startFakeShopify();
    try {
      const run = await runMain({
        ...database(),
        ORDER_SYSTEM: 'shopify',
        SHOPIFY_STORE_DOMAIN: 'northwind.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_refusedtoken',
        SHOPIFY_API_URL: shop.url,
      });
      expect(run.code).toBe(2);
      const out = lines(run.stderr);
      expect(out).toEqual([
        expect.stringMatching(/^switchboard: Shopify refused SHOPIFY_ADMIN_TOKEN \(HTTP 401\)/),
      ]);
      expect(run.stderr).not.toContain('refusedtoken');
    } finally {
      await shop.close();
    }
  });

  it('an order API nobody answers stops start-up with one line naming ORDER_API_URL, exit 1', async () => {
    const run = await runMain({
      ...database(),
      ORDER_SYSTEM: 'http',
      ORDER_API_URL: 'http://127.0.0.1:9/switchboard',
      ORDER_API_SECRET: 'a-long-enough-shared-secret',
      ORDER_API_TIMEOUT_MS: '500',
    });
    expect(run.code).toBe(1);
    const out = lines(run.stderr);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^switchboard: The order API at ORDER_API_URL=http:\/\/127\.0\.0\.1:9\/switchboard cannot be reached/,
    );
    expect(run.stderr).not.toContain('a-long-enough-shared-secret');
  });

  it('ORDER_SYSTEM=shopify without its variables stops with one line naming them, exit 2', async () => {
    const run = await runMain({ ORDER_SYSTEM: 'shopify' });
    expect(run.code).toBe(2);
    const out = lines(run.stderr);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('SHOPIFY_STORE_DOMAIN is required with ORDER_SYSTEM=shopify');
    expect(out[0]).toContain('SHOPIFY_ADMIN_TOKEN is required');
  });
});
