/**
 * `npm run drill [-- --quick] [-- --only <id>[,<id>]]`: runs the fault drills in drill/sections.ts
 * and prints one row per result. Exits 1 when anything was lost, duplicated, stuck, answered
 * with a 5xx or leaked, so CI can run the quick versions.
 */
import { performance } from 'node:perf_hooks';
import { DRILLS } from './sections.js';
import type { DrillResult } from './types.js';

function parseArgs(argv: string[]): { quick: boolean; only: Set<string> | null } {
  const quick = argv.includes('--quick');
  const i = argv.indexOf('--only');
  const only = i >= 0 && argv[i + 1] ? new Set(argv[i + 1]!.split(',')) : null;
  return { quick, only };
}

const COUNTS = ['lost', 'duplicated', 'stuck', 'serverErrors', 'leaks'] as const;

function print(results: DrillResult[]): void {
  const header = ['drill', 'trials', ...COUNTS];
  const rows = results.map((r) => [r.name, String(r.trials), ...COUNTS.map((k) => String(r[k]))]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const r of results) for (const n of r.notes) console.log(`  ${r.name}: ${n}`);
}

async function main(): Promise<void> {
  const { quick, only } = parseArgs(process.argv.slice(2));
  const unknown = only ? [...only].filter((id) => !DRILLS.some((d) => d.id === id)) : [];
  if (unknown.length > 0) {
    console.error(
      `drill: no drill named ${unknown.join(', ')} (have: ${DRILLS.map((d) => d.id).join(', ')})`,
    );
    process.exit(2);
  }
  const started = performance.now();
  const results: DrillResult[] = [];
  for (const drill of DRILLS) {
    if (only && !only.has(drill.id)) continue;
    console.log(`drill: ${drill.id}${quick ? ' (quick)' : ''}…`);
    results.push(...(await drill.run({ quick })));
  }
  console.log(`\nSwitchboard drills (${new Date().toISOString()})\n`);
  print(results);
  const bad = results.filter((r) => COUNTS.some((k) => r[k] > 0));
  console.log(`\nRan ${results.length} drills in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  if (bad.length > 0) {
    console.log(`FAILED: ${bad.map((r) => r.name).join('; ')}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(`drill failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
