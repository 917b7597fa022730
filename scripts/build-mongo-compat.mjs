// Builds tools/mongo-compat (FerretDB embedded, from the Go module proxy) into .cache/, once.
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.cache', 'mongo-compat', 'mongo-compat');
if (existsSync(out) && !process.argv.includes('--force')) {
  console.log(`mongo-compat: ${path.relative(root, out)} already built`);
  process.exit(0);
}
if (spawnSync('sh', ['-c', 'command -v go'], { stdio: 'ignore' }).status !== 0) {
  console.log('mongo-compat: Go is not installed; tests will need MONGODB_URI or mongod on the PATH');
  process.exit(0);
}
mkdirSync(path.dirname(out), { recursive: true });
console.log('mongo-compat: building (about a minute the first time)…');
const res = spawnSync('go', ['build', '-o', out, '.'], {
  cwd: path.join(root, 'tools', 'mongo-compat'),
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
