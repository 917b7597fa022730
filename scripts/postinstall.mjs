// npm's postinstall: apply patches/ (the MongoDB driver's fix for a write to a socket Node already
// destroyed, which it never ended; README, Health and recovery) with patch-package, a development
// dependency. An install without development dependencies (`npm ci --omit=dev`) has no
// patch-package: it completes, and says whether the driver it got is patched, in one line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
function patchPackageBin() {
  try {
    return path.join(path.dirname(require.resolve('patch-package/package.json')), 'index.js');
  } catch {
    return null;
  }
}
const bin = patchPackageBin();
if (bin && existsSync(bin)) {
  const run = spawnSync(process.execPath, [bin], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const driver = 'node_modules/mongodb/lib/cmap/connection.js';
const patched = existsSync(driver) && readFileSync(driver, 'utf8').includes('Patched (switchboard');
console.warn(
  patched
    ? 'postinstall: patch-package is not installed; the MongoDB driver is already patched.'
    : 'postinstall: patch-package is not installed (development dependencies omitted), so the MongoDB driver is NOT patched (patches/): install with `npm ci` then `npm prune --omit=dev` to keep the fix.',
);
