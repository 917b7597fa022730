import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app-harness.js';
import { readEvents } from './read-events.js';
import { apiClient, startSandboxApp } from './sandbox-app.js';

const TOKEN = 'sandbox-test-token-0123456789';

describe('sandbox with a token (production with SANDBOX=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const assets = mkdtempSync(path.join(tmpdir(), 'sandbox-assets-'));
    writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>Switchboard sandbox</title>');
    t = await startSandboxApp({ token: TOKEN, assetsDir: assets });
  });
  afterAll(() => t.close());

  it('refuses every /sandbox route without the bearer token', async () => {
    for (const route of [
      '/sandbox/api/session',
      '/sandbox/api/customers',
      '/sandbox/api/tickets',
      '/sandbox/api/events',
      '/sandbox/anything',
    ]) {
      const res = await fetch(`${t.baseUrl}${route}`);
      expect(res.status, route).toBe(401);
    }
    const wrong = await apiClient(t.baseUrl, 'not-the-token').get('/session');
    expect(wrong.status).toBe(401);
    const posted = await fetch(`${t.baseUrl}/sandbox/api/customer-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerId: 'cus_bluebird',
        contactEmail: 'maya@bluebirdcafe.example',
        text: 'where is 1042',
      }),
    });
    expect(posted.status).toBe(401);
    expect(await t.stores.tickets.list(t.tenantId)).toHaveLength(0);
  });

  it('answers with the token, and serves the page itself without one', async () => {
    const res = await apiClient(t.baseUrl, TOKEN).get<{ tenantName: string }>('/session');
    expect(res.status).toBe(200);
    expect(res.body.tenantName).toBe('Northwind Supply Co.');
    const page = await fetch(`${t.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Switchboard sandbox');
  });

  it('streams post and agent-stage events, taking the token as a query parameter', async () => {
    const api = apiClient(t.baseUrl, TOKEN);
    const stream = readEvents(`${t.baseUrl}/sandbox/api/events?token=${TOKEN}`, (events) =>
      events.some(
        (e) =>
          e.event === 'live' &&
          (e.data as { type: string; phase?: string; stage?: string }).phase === 'end' &&
          (e.data as { stage?: string }).stage === 'resolve',
      ),
    );
    await stream.opened;
    const sent = await api.post('/customer-messages', {
      customerId: 'cus_bluebird',
      contactEmail: 'maya@bluebirdcafe.example',
      text: 'Where is my order 1042?',
    });
    expect(sent.status).toBe(201);
    const { status, type, events } = await stream;
    expect(status).toBe(200);
    expect(type).toContain('text/event-stream');
    expect(
      events.filter((e) => e.event === 'post').map((e) => (e.data as { channelId: string }).channelId),
    ).toContain('sandbox-customers');
    const stages = events
      .filter((e) => e.event === 'live' && (e.data as { type: string }).type === 'stage')
      .map((e) => `${(e.data as { stage: string }).stage}:${(e.data as { phase: string }).phase}`);
    expect(stages).toContain('understand:start');
    expect(stages).toContain('resolve:end');
  });
});
