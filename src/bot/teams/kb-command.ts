import type { KbStatus } from '../../domain/index.js';

/** `@Switchboard kb`: the article count per language and the last import, as Teams markdown. */
export function renderKbStatus(status: KbStatus): string {
  if (status.articles === 0) {
    return 'The knowledge base has no articles yet. Import your help center with `npm run kb -- import <folder|file|url>`.';
  }
  const locales = Object.entries(status.byLocale)
    .sort((a, b) => b[1] - a[1])
    .map(([l, n]) => `${l} ${n}`)
    .join(', ');
  const lines = [
    `**Knowledge base**: ${status.articles} article${status.articles === 1 ? '' : 's'} (${locales}).`,
  ];
  const last = status.lastSync;
  if (!last) return [...lines, 'No import recorded yet.'].join('\n\n');
  const c = last.counts;
  lines.push(
    `Last sync ${last.finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC from \`${last.source}\`: ` +
      `${c.imported} imported, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed, ${c.failed} failed.`,
  );
  const failures = last.failures.slice(0, 3).map((f) => `- ${f.item}: ${f.reason}`);
  if (failures.length) lines.push(failures.join('\n'));
  return lines.join('\n\n');
}
