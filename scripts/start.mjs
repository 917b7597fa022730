// `npm start`: runs Switchboard from dist/ in THIS process, building first when dist/ or web/dist
// is missing or older than its sources (so a fresh clone's `npm ci && npm start` stays one
// command). The build runs in a short-lived child; the server itself is imported here, not
// spawned. With the script's `exec` (package.json), the tree is npm → this process: npm forwards
// SIGTERM and SIGINT to it. A SIGKILL of npm cannot be forwarded, so when npm disappears this
// process shuts down as on SIGTERM. Production runs `node dist/main.js`, with nothing in between.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, TARGETS, buildState } from './build-state.mjs';

const stale = Object.values(TARGETS).filter((t) => {
  const { state } = buildState(t);
  return state === 'missing' || state === 'stale';
});
if (stale.length > 0) {
  const res = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1000).unref();
}
await import(pathToFileURL(TARGETS.server.entry).href);
