// `npm start`: builds the sandbox's assets when missing, then runs Switchboard.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('scripts/build.mjs') && !existsSync('web/dist/index.html')) {
  const res = spawnSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const res = spawnSync('npx', ['tsx', 'src/main.ts'], { stdio: 'inherit' });
process.exit(res.status ?? 1);
