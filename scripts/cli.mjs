// `node scripts/cli.mjs <name> [args…]`: runs the command-line tool src/cli/<name>.ts.
// Built and up to date (or a deployed copy without src/): dist/cli/<name>.js, in this process,
// with no TypeScript at run time. Otherwise (editing in development): the source through tsx,
// so a changed CLI runs without a 20-second build. npm scripts call CLIs this way:
// "seed": "node scripts/cli.mjs seed".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, TARGETS, isUsable } from './build-state.mjs';

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.error('usage: node scripts/cli.mjs <name> [args…]  (runs src/cli/<name>.ts)');
  process.exit(2);
}
const built = path.join(TARGETS.server.out, 'cli', `${name}.js`);
const source = path.join(ROOT, 'src', 'cli', `${name}.ts`);
if (existsSync(built) && isUsable(TARGETS.server)) {
  // The CLI reads its own arguments from process.argv.slice(2), as if started directly.
  process.argv.splice(2, 1);
  await import(pathToFileURL(built).href);
} else if (existsSync(source)) {
  let tsx;
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    console.error(`${name}: dist/ is not built and tsx is not installed; run \`npm run build\` first`);
    process.exit(1);
  }
  // `--import tsx` compiles TypeScript in this one child process (no tsx CLI wrapper).
  const res = spawnSync(process.execPath, ['--import', tsx, source, ...process.argv.slice(3)], {
    stdio: 'inherit',
  });
  process.exit(res.status ?? 1);
} else {
  console.error(`${name}: no such command (expected src/cli/${name}.ts)`);
  process.exit(2);
}
