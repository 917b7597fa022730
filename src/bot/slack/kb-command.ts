import type { KbStatus } from '../../domain/index.js';
import { escapeMrkdwn } from './limits.js';

/** `/switchboard kb`: the article count per language and the last import, as mrkdwn. */
export function renderKbStatus(status: KbStatus): string {
  if (status.articles === 0) {
    return ':books: The knowledge base has no articles yet. Import your help center with `npm run kb -- import <folder|file|url>`.';
  }
  const locales = Object.entries(status.byLocale)
    .sort((a, b) => b[1] - a[1])
    .map(([l, n]) => `${l} ${n}`)
    .join(', ');
  const lines = [
    `:books: *Knowledge base*: ${status.articles} article${status.articles === 1 ? '' : 's'} (${locales}).`,
  ];
  const last = status.lastSync;
  if (!last) {
    lines.push('No import recorded yet.');
    return lines.join('\n');
  }
  const c = last.counts;
  const unix = Math.floor(last.finishedAt.getTime() / 1000);
  // Slack shows the date in the reader's own time zone; the fallback is UTC.
  const when = `<!date^${unix}^{date_short_pretty} {time}|${last.finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC>`;
  lines.push(
    `Last sync ${when} from \`${escapeMrkdwn(last.source)}\`: ${c.imported} imported, ${c.updated} updated, ` +
      `${c.unchanged} unchanged, ${c.removed} removed, ${c.failed} failed.`,
  );
  for (const f of last.failures.slice(0, 3))
    lines.push(`• ${escapeMrkdwn(f.item)}: ${escapeMrkdwn(f.reason)}`);
  if (last.failures.length > 3) lines.push(`…and ${c.failed - 3} more (see \`npm run kb -- list\`).`);
  return lines.join('\n');
}
