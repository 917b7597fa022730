import { inboundRecordId, type InboundRecord } from '../../src/conversation/inbound-journal.schema.js';
import type { ParsedInboundMessage } from '../../src/conversation/ports.js';
import type { Clock } from '../../src/domain/index.js';

/** The Slack channel the turn-document tests' messages arrive in, and its thread keys' prefix. */
export const TURN_BASE = 'acme|slack|C0SHARED';

/**
 * Customer messages' records as the journal builds them, numbered from 1: `record()` a top-level
 * message (its author's key and its own thread's), `record(threadId)` a reply (its thread's key).
 * `eventPrefix` and `tsPrefix` keep two files' ids apart; an event id holding a dot checks that
 * ids become field names safely.
 */
export function turnRecords(
  clock: Clock,
  ids: { eventPrefix: string; tsPrefix: string; author: (n: number) => string },
) {
  let n = 0;
  return (threadId?: string, author?: string): { record: InboundRecord; keys: string[] } => {
    n += 1;
    const userId = author ?? ids.author(n);
    const msg: ParsedInboundMessage = {
      platform: 'slack',
      tenantId: 'acme',
      eventId: `${ids.eventPrefix}${n}`,
      kind: 'message',
      channelId: 'C0SHARED',
      messageId: `${ids.tsPrefix}.00${n}`,
      ...(threadId ? { threadId } : {}),
      author: { userId, isExternal: true },
      text: `question ${n}`,
      receivedAt: clock.now(),
    };
    const keys = threadId
      ? [`thread|${TURN_BASE}|${threadId}`]
      : [`author|${TURN_BASE}|${userId}`, `thread|${TURN_BASE}|${msg.messageId}`];
    const now = clock.now();
    return {
      keys,
      record: {
        id: inboundRecordId('acme', 'slack', msg.eventId),
        tenantId: 'acme',
        platform: 'slack',
        eventId: msg.eventId,
        message: msg,
        state: 'received',
        attempts: 0,
        receivedAt: now,
        updatedAt: now,
        home: keys.at(-1),
      },
    };
  };
}
