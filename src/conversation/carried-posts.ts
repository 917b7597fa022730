import { randomUUID } from 'node:crypto';
import type { PostedRef, ThreadRef } from '../domain/index.js';
import { staffChannelFor } from './staff-cards.js';
import type { DeliveryDeps } from './engine-deps.js';
import { attempt, newEntry } from './outbox.js';
import { OutboxEntrySchema, type OutboxEntry } from './outbox.schema.js';
import type { StaffCard } from './ports.js';
import type { OutboxStore } from './stores.js';

/**
 * Issue 13: an approval request's card is posted from an outbox entry that rides in the request's
 * own insert (`ApprovalRequest.cardEntry`) instead of an insert into the outbox; the request's
 * `setCard` is its sent mark. The outbox gets the entry only when the post cannot be seen through:
 * refused by the platform (with the attempt, retried with backoff), or left by a run that died
 * (whoever finds the request without a card adopts it, `adoptCarriedCard`), where the outbox sweep
 * posts it once its poster's lease ran out, looking for the post first (Slack's metadata).
 */

/** The entry of a request's card, before the request is stored with it; undefined: post as before. */
export async function carryCard(
  deps: DeliveryDeps,
  tenantId: string,
  thread: ThreadRef,
  card: StaffCard,
): Promise<OutboxEntry | undefined> {
  if (!card.approvalId || !deps.ports.has(thread.platform) || !deps.stores.outbox.adopt) return undefined;
  const channelId = await staffChannelFor(deps, tenantId, thread.platform);
  if (!channelId) return undefined;
  const entry = newEntry(deps, {
    tenantId,
    key: `card:approval:${card.approvalId}`,
    platform: thread.platform,
    ticketId: card.ticketId,
    approvalId: card.approvalId,
    payload: { kind: 'card_post', staffChannelId: channelId, card },
  });
  return { ...entry, leaseToken: randomUUID() };
}

/** Posts a carried entry now that its request is stored; undefined when not posted now. */
export async function postCarriedCard(deps: DeliveryDeps, carried: unknown): Promise<PostedRef | undefined> {
  const entry = carriedEntry(deps, carried);
  const port = entry && deps.ports.get(entry.platform);
  if (!entry || !port) return undefined;
  const outbox = deps.stores.outbox;
  // The caller's `setCard` is the sent mark; a refused post goes to the outbox with its attempt.
  const own: OutboxStore = {
    ...outbox,
    markSent: async () => true,
    markAttempt: async (_tenantId, _entryId, patch) => {
      await outbox.adopt!(entry, { attempt: patch });
      return true;
    },
  };
  return attempt({ ...deps, stores: { ...deps.stores, outbox: own } }, entry, port);
}

/**
 * A request found without a card whose insert carried its entry: the entry goes to the outbox
 * under its own id (a second adoption leaves the first as it is), for the outbox sweep. False when
 * there is none to adopt (the request is posted as before).
 */
export async function adoptCarriedCard(deps: DeliveryDeps, carried: unknown): Promise<boolean> {
  const entry = carriedEntry(deps, carried);
  if (!entry || !deps.stores.outbox.adopt) return false;
  await deps.stores.outbox.adopt(entry);
  return true;
}

function carriedEntry(deps: DeliveryDeps, carried: unknown): OutboxEntry | undefined {
  if (carried === undefined) return undefined;
  const parsed = OutboxEntrySchema.safeParse(carried);
  if (parsed.success) return parsed.data;
  deps.logger.error({ issues: parsed.error.issues.length }, 'a carried card entry does not parse');
  return undefined;
}
