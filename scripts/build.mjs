// `npm run build`: builds the sandbox page (web/) into web/dist with Vite.
// Skips the build when web/dist is newer than every source (npm test and npm start call this
// each time); `--force` rebuilds anyway.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = path.join(root, 'web', 'dist', 'index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = [
  path.join(root, 'web', 'src'),
  path.join(root, 'web', 'index.html'),
  path.join(root, 'vite.config.ts'),
];
const upToDate = existsSync(outIndex) && statSync(outIndex).mtimeMs >= Math.max(...sources.map(newestMtime));
if (upToDate && !process.argv.includes('--force')) {
  console.log('sandbox page: web/dist is up to date');
  process.exit(0);
}

const started = Date.now();
const { build } = await import('vite');
try {
  await build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
  });
} catch (err) {
  console.error(`sandbox page: build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
console.log(`sandbox page: built web/dist in ${Date.now() - started} ms`);
