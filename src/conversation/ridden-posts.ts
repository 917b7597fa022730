import type { EngineDeps } from './engine-deps.js';
import type { OutboxEntry } from './outbox.schema.js';

/**
 * Issue 13: a turn's answer carries its outbox entry in its own insert into `messages` (see
 * `OutboxStore.ride`); the outbox gets a copy only when the turn cannot record the post itself.
 * A run that died between that insert and the write that ends its turn left the entry there
 * alone: whoever picks that message up (the journal's resume, the recovery sweep) puts it in the
 * outbox first, found by the key derived from the turn's customer message (one read by `_id`),
 * where the outbox sweep posts it once its poster's lease ran out, looking for the post first.
 * Null when the turn's answer carried none (an older run's entry is in the outbox already).
 */
export async function adoptRiddenPost(
  deps: EngineDeps,
  tenantId: string,
  turnMessageId: string,
): Promise<OutboxEntry | null> {
  const { messages, outbox } = deps.stores;
  if (!messages.riddenPost || !outbox.adopt) return null;
  const entry = await messages.riddenPost(tenantId, turnMessageId);
  if (!entry) return null;
  await outbox.adopt(entry);
  return entry;
}
