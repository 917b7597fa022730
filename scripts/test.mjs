// `npm test`: everything a fresh machine needs for the suite, then the suite.
// Builds the MongoDB-compatible server (Go) when missing, then dist/ and the sandbox page when
// stale (the built-process tests run `node dist/main.js`, as npm start and the container do).
import { spawnSync } from 'node:child_process';

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run('node', ['scripts/build-mongo-compat.mjs']);
run('node', ['scripts/build.mjs']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
