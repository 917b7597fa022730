import type { InboundMessage } from '../../src/conversation/ports.js';
import { DEMO } from '../../src/memory/demo-data.js';

type Who = 'maya' | 'priya' | 'jordan' | 'stranger' | 'riley' | 'sam';

const AUTHORS: Record<Who, InboundMessage['author']> = {
  maya: {
    userId: DEMO.customers.bluebird.userId,
    name: 'Maya Ortiz',
    email: DEMO.customers.bluebird.email,
    isExternal: true,
  },
  priya: {
    userId: DEMO.customers.cobalt.userId,
    name: 'Priya Nair',
    email: DEMO.customers.cobalt.email,
    orgId: DEMO.customers.cobalt.orgId,
    isExternal: true,
  },
  jordan: {
    userId: DEMO.customers.acme.userId,
    name: 'Jordan Lee',
    email: DEMO.customers.acme.email,
    orgId: DEMO.customers.acme.orgId,
    isExternal: true,
  },
  // Writes from outside any known account: no verified email, no organization.
  stranger: { userId: 'sandbox-stranger', name: 'Alex Stranger', isExternal: true },
  riley: { userId: DEMO.staff.staff.userId, name: DEMO.staff.staff.name, isExternal: false },
  sam: { userId: DEMO.staff.supervisor.userId, name: DEMO.staff.supervisor.name, isExternal: false },
};

let seq = 0;

/** A message in the demo tenant's sandbox customer channel, shaped like the sandbox adapter sends it. */
export function inbound(
  who: Who,
  text: string,
  options: { threadId?: string; eventId?: string; messageId?: string; at?: Date } = {},
): InboundMessage & { messageId: string; eventId: string } {
  seq += 1;
  const messageId = options.messageId ?? `m-${seq}`;
  return {
    platform: 'sandbox',
    tenantId: DEMO.tenantId,
    eventId: options.eventId ?? `ev-${seq}`,
    kind: 'message',
    channelId: DEMO.customerChannelId,
    messageId,
    threadId: options.threadId,
    author: AUTHORS[who],
    text,
    receivedAt: options.at ?? new Date('2026-11-20T10:00:00Z'),
  };
}

export const actor = (who: 'sam' | 'riley' | 'dana' | 'guest') => {
  const people = {
    sam: { userId: DEMO.staff.supervisor.userId, name: DEMO.staff.supervisor.name, isExternal: false },
    riley: { userId: DEMO.staff.staff.userId, name: DEMO.staff.staff.name, isExternal: false },
    dana: { userId: DEMO.staff.approver.userId, name: DEMO.staff.approver.name, isExternal: false },
    guest: { userId: DEMO.guest.userId, name: DEMO.guest.name, isExternal: true },
  };
  return { platform: 'sandbox' as const, tenantId: DEMO.tenantId, ...people[who] };
};
