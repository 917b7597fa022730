// `npm test`: everything a fresh machine needs for the suite, then the suite.
// Builds the MongoDB-compatible server (Go) and the sandbox's assets when missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run('node', ['scripts/build-mongo-compat.mjs']);
if (existsSync('scripts/build.mjs')) run('node', ['scripts/build.mjs']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
