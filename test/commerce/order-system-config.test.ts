import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/errors.js';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('ORDER_SYSTEM configuration', () => {
  it('defaults to the demo store and reads each kind’s variables', () => {
    expect(loadConfig({}).orderSystem).toEqual({ kind: 'demo' });
    expect(loadConfig({ ORDER_SYSTEM: 'none' }).orderSystem).toEqual({ kind: 'none' });
    expect(
      loadConfig({
        ORDER_SYSTEM: 'shopify',
        SHOPIFY_STORE_DOMAIN: 'northwind.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_abc',
      }).orderSystem,
    ).toEqual({
      kind: 'shopify',
      storeDomain: 'northwind.myshopify.com',
      accessToken: 'shpat_abc',
      apiVersion: '2026-01',
    });
    expect(
      loadConfig({
        ORDER_SYSTEM: 'http',
        ORDER_API_URL: 'https://orders.example.com/sb',
        ORDER_API_SECRET: 'x'.repeat(32),
      }).orderSystem,
    ).toEqual({
      kind: 'http',
      baseUrl: 'https://orders.example.com/sb',
      secret: 'x'.repeat(32),
      timeoutMs: 5000,
    });
  });

  it('names the missing or wrong variable in one line, never the secret', () => {
    const shopify = failure({ ORDER_SYSTEM: 'shopify', SHOPIFY_ADMIN_TOKEN: 'shpat_secret' });
    expect(shopify).toMatch(/SHOPIFY_STORE_DOMAIN is required with ORDER_SYSTEM=shopify/);
    expect(shopify).not.toContain('shpat_secret');
    expect(shopify).not.toContain('\n');
    expect(
      failure({ ORDER_SYSTEM: 'shopify', SHOPIFY_STORE_DOMAIN: 'northwind.com', SHOPIFY_ADMIN_TOKEN: 't' }),
    ).toContain('SHOPIFY_STORE_DOMAIN must look like your-store.myshopify.com');
    expect(failure({ ORDER_SYSTEM: 'stripe', STRIPE_SECRET_KEY: 'pk_live_publishable' })).toContain(
      'STRIPE_SECRET_KEY must be a Stripe secret or restricted key',
    );
    const http = failure({ ORDER_SYSTEM: 'http', ORDER_API_URL: 'not a url', ORDER_API_SECRET: 'short' });
    expect(http).toContain('ORDER_API_URL must be a URL');
    expect(http).toContain('ORDER_API_SECRET must be at least 16 characters');
    expect(failure({ ORDER_SYSTEM: 'magento' })).toContain('ORDER_SYSTEM');
  });
});
