import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Debian's chromium package (.ci/run installs it). Never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(ROOT, 'test-output', 'screenshots');

/**
 * Whether the browser tests can run here. In CI a missing browser is a failure with a clear
 * message, never a silent skip; locally the tests skip with the same message.
 */
export function browserAvailability(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(CHROMIUM)) return { ok: true };
  const reason = `Chromium is not installed at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (.ci/run does this).`;
  if (process.env.CI === 'true') throw new Error(reason);
  return { ok: false, reason };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningMain {
  baseUrl: string;
  /** The process's output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts Switchboard as `npm start` would (`node dist/main.js`), on the test run's MongoDB with
 * a fresh database, no model key, on 127.0.0.1 and a free port; resolves once /healthz answers.
 */
export async function startMain(options: { env?: Record<string, string> } = {}): Promise<RunningMain> {
  // dist/ and the page must exist: built when missing or stale (skips in well under a second otherwise).
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr || build.stdout}`);

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-browser-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'OPENAI_API_KEY' && k !== 'NODE_ENV') env[k] = v;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: inject('mongoUri'),
    MONGODB_DB: `browser_${randomBytes(5).toString('hex')}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BROWSER_MAIN_LOG_LEVEL ?? 'warn',
    ...options.env,
  });
  // Its own process group, so stopping it stops the embedded database too, if one was started.
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // BROWSER_MAIN_LOG=<file>: the process's own log, for a failure that needs reading after the fact.
  const logFile = process.env.BROWSER_MAIN_LOG;
  if (logFile) {
    child.stdout?.on('data', (d: Buffer) => appendFileSync(logFile, d));
    child.stderr?.on('data', (d: Buffer) => appendFileSync(logFile, d));
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `switchboard exited with ${child.exitCode} before it was healthy:\n${output.slice(-3000)}`,
      );
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`switchboard was not healthy within 90 s:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const kill = (signal: NodeJS.Signals) => {
          try {
            process.kill(-child.pid!, signal);
          } catch {
            // already gone
          }
        };
        kill('SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), 8000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

export interface OpenSandbox {
  main: RunningMain;
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page, as they happened (a test expects none). */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * The built server (startMain) and a headless Chromium on its sandbox page at `path` (`/` by
 * default), once `waitFor` (a selector; the customer picker by default) is on the page. `prepare`
 * runs against the server before the page opens (settings, messages sent through the API).
 */
export async function openSandbox(
  options: { path?: string; waitFor?: string | null; prepare?: (main: RunningMain) => Promise<void> } = {},
): Promise<OpenSandbox> {
  const main = await startMain();
  let browser: Browser | undefined;
  const pageErrors: string[] = [];
  let page: Page;
  try {
    await options.prepare?.(main);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${main.baseUrl}${options.path ?? '/'}`);
    const ready = options.waitFor === undefined ? '#customer-select option' : options.waitFor;
    if (ready) await page.locator(ready).first().waitFor({ state: 'attached' });
  } catch (err) {
    await browser?.close();
    await main.stop();
    throw err;
  }
  return {
    main,
    browser: browser!,
    page,
    pageErrors,
    async close() {
      await browser!.close();
      await main.stop();
    },
  };
}
