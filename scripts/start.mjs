// `npm start`: runs Switchboard from dist/ in THIS process, building first when dist/ or web/dist
// is missing or older than its sources (so a fresh clone's `npm ci && npm start` stays one
// command). The build runs in a short-lived child; the server itself is imported here, not
// spawned, so the process npm starts is the one that serves and receives SIGTERM/SIGINT (npm
// forwards both). Production runs `node dist/main.js` directly, with nothing in between.
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
await import(pathToFileURL(TARGETS.server.entry).href);
