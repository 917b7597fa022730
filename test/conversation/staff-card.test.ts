import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { SandboxPostSchema } from '../../src/bot/sandbox/posts.js';
import { OutboxPayloadSchema } from '../../src/conversation/outbox.schema.js';
import { StaffCardSchema, type StaffCard } from '../../src/conversation/ports.js';

/** Every field a staff card has. A new field must be added here, and then it is checked below. */
type CardField =
  | 'kind'
  | 'title'
  | 'ticketId'
  | 'approvalId'
  | 'fields'
  | 'summary'
  | 'lastCustomerMessage'
  | 'recentMessages'
  | 'draft'
  | 'articles'
  | 'threadLink'
  | 'statusLine'
  | 'actions'
  | 'deciderIds'
  | 'final'
  | 'createdAt';

/** A card with every field set, so a schema that drops one shows up as a difference. */
const full: Required<StaffCard> = {
  kind: 'approval',
  title: 'Approval needed: refund of $250.00 for order 1043',
  ticketId: 'TKT-ABC123',
  approvalId: 'apr_1',
  fields: [{ label: 'Amount', value: '$250.00' }],
  summary: 'Grinder arrived broken.',
  lastCustomerMessage: 'I want a refund please',
  recentMessages: [{ role: 'customer', text: 'I want a refund please' }],
  draft: 'A draft',
  articles: [{ articleId: 'returns', title: 'Returns' }],
  threadLink: 'https://example.invalid/thread',
  statusLine: 'Waiting for an approver',
  actions: [
    {
      label: 'Approve',
      style: 'primary',
      confirm: 'Refund $250.00?',
      data: { v: 1, action: 'approval.approve', approvalId: 'apr_1' },
    },
  ],
  deciderIds: ['U1'],
  final: false,
  createdAt: new Date('2026-11-20T10:00:00Z'),
};

describe('StaffCard is declared once', () => {
  it('is the type of its zod schema, with exactly the pinned fields', () => {
    expectTypeOf<StaffCard>().toEqualTypeOf<z.infer<typeof StaffCardSchema>>();
    expectTypeOf<keyof StaffCard>().toEqualTypeOf<CardField>();
    expect(Object.keys(StaffCardSchema.shape).sort()).toEqual(Object.keys(full).sort());
  });

  it('keeps every field through the outbox payload and the sandbox post it is stored in', () => {
    const stored = JSON.parse(JSON.stringify({ kind: 'card_post', staffChannelId: 'C1', card: full }));
    const outbox = OutboxPayloadSchema.parse(stored);
    expect(outbox.kind === 'card_post' && outbox.card).toEqual(full);

    const post = SandboxPostSchema.parse({
      tenantId: 'T0DEMO0001',
      postId: 'p1',
      channelId: 'sandbox-staff',
      kind: 'card',
      author: { kind: 'bot' },
      text: full.title,
      card: JSON.parse(JSON.stringify(full)),
      createdAt: full.createdAt,
      updatedAt: full.createdAt,
    });
    expect(post.card).toEqual(full);
  });
});
