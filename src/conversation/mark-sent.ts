import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import type { OutboxStore } from './stores.js';

type SentMark = Parameters<NonNullable<OutboxStore['markSentAll']>>[0][number];

/**
 * Marks posted outbox entries sent in one write where the store can (one `markSent` each where it
 * cannot), for the posts whose marks were held back (a turn's, an approval run's). Never throws:
 * an entry posted and not marked stays pending, and the sweep looks for it (Slack) or posts it
 * again; an entry whose lease ran out meanwhile is logged, its new holder may post it again.
 */
export async function markHeldSent(
  outbox: OutboxStore,
  marks: readonly SentMark[],
  deps: { clock: Clock; logger: Logger },
): Promise<void> {
  if (marks.length === 0) return;
  try {
    const at = deps.clock.now();
    const lost = outbox.markSentAll
      ? await outbox.markSentAll([...marks], at)
      : (
          await Promise.all(
            marks.map(async (m) =>
              (await outbox.markSent(m.tenantId, m.entryId, m.result, at, m.leaseToken)) ? [] : [m.entryId],
            ),
          )
        ).flat();
    if (lost.length > 0)
      deps.logger.error(
        { entries: lost.length },
        'posted after its outbox lease ran out: another poster holds it now and may post it again',
      );
  } catch (err) {
    // Posted, not marked: the entries stay pending and the sweep looks for them (Slack) or posts again.
    deps.logger.error({ err, entries: marks.length }, 'marking outbox entries sent failed');
  }
}
