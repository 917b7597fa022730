// `npm run build`: compiles the server (src/ → dist/, ESM with source maps, tsconfig.build.json)
// and builds the sandbox page (web/ → web/dist, Vite). Each is skipped when its output was built
// from the same sources (see build-state.mjs); `--force` rebuilds anyway. `--server` or `--page`
// builds only one. npm start, npm test and the CLI runner call this when something is stale.
//
// Concurrent builds (two test files, two terminals) take a lock, and the server is compiled into
// a temporary directory that replaces dist/ in one rename, so nobody runs a half-written dist/.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, TARGETS, buildState } from './build-state.mjs';

const force = process.argv.includes('--force');
const only = process.argv.includes('--server')
  ? 'server'
  : process.argv.includes('--page')
    ? 'page'
    : undefined;
const require = createRequire(import.meta.url);

function devTool(name, what) {
  try {
    return require.resolve(name);
  } catch {
    console.error(
      `${what}: ${name.split('/')[0]} is not installed (a production install omits dev dependencies); run \`npm ci\` to build`,
    );
    process.exit(1);
  }
}

/** Holds a directory lock while `fn` runs; waits for another build holding it. */
async function withLock(name, fn) {
  const lock = path.join(ROOT, '.cache', `${name}.lock`);
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A build killed halfway leaves its lock: ten minutes is longer than any build.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Copies the non-TypeScript files the server reads next to its modules (e.g. JSON data). */
function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    if (entry.isDirectory()) copyAssets(src, path.join(to, entry.name));
    else if (entry.name.endsWith('.json')) cpSync(src, path.join(to, entry.name));
  }
}

async function buildServer() {
  const target = TARGETS.server;
  await withLock('build-server', async () => {
    const { state, hash } = buildState(target);
    if (state === 'prebuilt') return console.log('server: dist/ is prebuilt (no src/ here)');
    if (state === 'fresh' && !force) return console.log('server: dist/ is up to date');
    const tsc = devTool('typescript/bin/tsc', 'server');
    const started = Date.now();
    const tmp = path.join(ROOT, `.dist-build-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    // --noCheck: emit only, about 2.5× faster; type checking is `npm run typecheck` (CI runs both).
    const args = [tsc, '-p', 'tsconfig.build.json', '--outDir', tmp, '--noCheck'];
    const res = spawnSync(process.execPath, args, {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (res.status !== 0) {
      rmSync(tmp, { recursive: true, force: true });
      console.error('server: build failed (errors above); dist/ left as it was');
      process.exit(1);
    }
    copyAssets(path.join(ROOT, 'src'), tmp);
    writeFileSync(path.join(tmp, '.build-hash'), `${hash}\n`);
    const old = path.join(ROOT, `.dist-old-${process.pid}`);
    try {
      renameSync(target.out, old);
    } catch {
      // no previous dist/
    }
    renameSync(tmp, target.out);
    rmSync(old, { recursive: true, force: true });
    console.log(`server: built dist/ in ${Date.now() - started} ms`);
  });
}

async function buildPage() {
  const target = TARGETS.page;
  await withLock('build-page', async () => {
    const { state, hash } = buildState(target);
    if (state === 'prebuilt') return console.log('sandbox page: web/dist is prebuilt (no web/src here)');
    if (state === 'fresh' && !force) return console.log('sandbox page: web/dist is up to date');
    devTool('vite', 'sandbox page');
    const started = Date.now();
    const { build } = await import('vite');
    try {
      await build({
        root: path.join(ROOT, 'web'),
        configFile: path.join(ROOT, 'vite.config.ts'),
        logLevel: 'warn',
      });
    } catch (err) {
      console.error(`sandbox page: build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    writeFileSync(target.stamp, `${hash}\n`);
    console.log(`sandbox page: built web/dist in ${Date.now() - started} ms`);
  });
}

if (only !== 'page') await buildServer();
if (only !== 'server') await buildPage();
