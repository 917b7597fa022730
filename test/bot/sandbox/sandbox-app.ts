import { createSandboxAdapter } from '../../../src/bot/sandbox/index.js';
import { startTestApp, type TestApp } from '../../support/app-harness.js';

/** The whole app with the sandbox adapter, as main.ts wires it, on a fresh seeded database. */
export function startSandboxApp(options: { token?: string; assetsDir?: string } = {}): Promise<TestApp> {
  return startTestApp({
    adapters: (ctx) => [
      createSandboxAdapter({
        db: ctx.db,
        logger: ctx.logger,
        clock: ctx.clock,
        ids: ctx.ids,
        tenantId: ctx.tenantId,
        token: options.token,
        assetsDir: options.assetsDir,
      }),
    ],
  });
}

export interface ApiClient {
  get<T = unknown>(path: string): Promise<{ status: number; body: T }>;
  post<T = unknown>(path: string, body: unknown, raw?: boolean): Promise<{ status: number; body: T }>;
}

export function apiClient(baseUrl: string, token?: string): ApiClient {
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    async get(path) {
      const res = await fetch(`${baseUrl}/sandbox/api${path}`, { headers: headers(false) });
      return { status: res.status, body: await res.json() };
    },
    async post(path, body, raw = false) {
      const res = await fetch(`${baseUrl}/sandbox/api${path}`, {
        method: 'POST',
        headers: headers(true),
        body: raw ? String(body) : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };
}
