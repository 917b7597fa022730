// Whether dist/ (the server) and web/dist (the sandbox page) match their sources. Shared by
// build.mjs, start.mjs and cli.mjs. A build records a hash of its sources (paths and contents)
// in its output; the output is fresh while that hash matches. Contents, not mtimes: a checkout,
// a copy or a deleted file all change the hash, and an unchanged file touched by a tool does not.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The two outputs: where they go, what they are built from, where their hash is kept. */
export const TARGETS = {
  server: {
    label: 'server',
    out: path.join(ROOT, 'dist'),
    entry: path.join(ROOT, 'dist', 'main.js'),
    stamp: path.join(ROOT, 'dist', '.build-hash'),
    sources: ['src', 'tsconfig.json', 'tsconfig.build.json'],
  },
  page: {
    label: 'sandbox page',
    out: path.join(ROOT, 'web', 'dist'),
    entry: path.join(ROOT, 'web', 'dist', 'index.html'),
    stamp: path.join(ROOT, 'web', 'dist', '.build-hash'),
    sources: ['web/src', 'web/index.html', 'vite.config.ts'],
  },
};

function addTree(hash, abs, rel) {
  const st = statSync(abs);
  if (st.isDirectory()) {
    for (const entry of readdirSync(abs).sort()) addTree(hash, path.join(abs, entry), `${rel}/${entry}`);
    return;
  }
  hash.update(`${rel}\0${st.size}\0`);
  hash.update(readFileSync(abs));
}

/** Hash of a target's sources, or undefined when they are absent (a deployed copy of dist/ only). */
export function sourceHash(target) {
  const present = target.sources.filter((s) => existsSync(path.join(ROOT, s)));
  if (!present.some((s) => statSync(path.join(ROOT, s)).isDirectory())) return undefined;
  const hash = createHash('sha256');
  for (const s of present) addTree(hash, path.join(ROOT, s), s);
  return hash.digest('hex');
}

/**
 * `fresh` (built from these sources), `stale` (sources changed), `missing` (never built) or
 * `prebuilt` (built, and no sources here to compare: a deployed copy).
 */
export function buildState(target) {
  const built = existsSync(target.entry);
  const hash = sourceHash(target);
  if (hash === undefined) return { state: built ? 'prebuilt' : 'missing', hash };
  if (!built) return { state: 'missing', hash };
  const recorded = existsSync(target.stamp) ? readFileSync(target.stamp, 'utf8').trim() : '';
  return { state: recorded === hash ? 'fresh' : 'stale', hash };
}

/** True when a target can be used as it is. */
export function isUsable(target) {
  const { state } = buildState(target);
  return state === 'fresh' || state === 'prebuilt';
}
