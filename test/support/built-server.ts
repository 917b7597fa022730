import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run build`: compiles dist/ and web/dist when stale (npm test has done it already). */
export function ensureBuilt(): void {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`npm run build failed:\n${res.stdout}\n${res.stderr}`);
}

/**
 * Besides package files and node_modules, what the runtime image copies (the Dockerfile must
 * match): the driver too, as the development install patched it (patches/; the production
 * install runs no install scripts, so no patch-package).
 */
export const RUNTIME_PARTS = ['dist', 'web/dist', 'kb', 'data/models', 'node_modules/mongodb'] as const;

/**
 * What the container image holds: package files, `npm ci --omit=dev` (no tsx, no TypeScript, no
 * Vite), dist/, web/dist, kb/ and the offline engine's models (data/models), in a directory outside the repository so nothing resolves from
 * the development install. The dependencies are installed once per lock file (from npm's cache
 * when it has them) and reused; the build output is copied fresh every time.
 */
export function productionCopy(): string {
  const lock = readFileSync(path.join(ROOT, 'package-lock.json'));
  const pkg = readFileSync(path.join(ROOT, 'package.json'));
  const key = createHash('sha256').update(lock).update(pkg).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `switchboard-production-${key}`);
  if (!existsSync(path.join(dir, 'node_modules', '.installed'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), pkg);
    writeFileSync(path.join(dir, 'package-lock.json'), lock);
    const res = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${res.stderr}`);
    writeFileSync(path.join(dir, 'node_modules', '.installed'), key);
  }
  for (const part of RUNTIME_PARTS) {
    rmSync(path.join(dir, part), { recursive: true, force: true });
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  return dir;
}

export async function freePort(): Promise<number> {
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

export interface BuiltServer {
  baseUrl: string;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
}

/**
 * Runs `node dist/main.js` in `dir` with exactly `env` (plus PATH), the image's command; resolves
 * once /healthz answers 200.
 */
export async function startBuiltServer(dir: string, env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/main.js exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dist/main.js was not healthy within 45 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, child, output: () => output, exited };
}

/** A post in a sandbox channel, as the sandbox API lists it. */
export interface SandboxApiPost {
  postId: string;
  threadId?: string;
  text: string;
  author: { kind: string };
}

/** Calls a built server's sandbox API with its bearer token: GET without a body, POST with one. */
export async function sandboxApi<T>(
  server: BuiltServer,
  token: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.baseUrl}/sandbox/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}
