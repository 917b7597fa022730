import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  renderNoticeCard,
  renderStaffCard,
  REASON_INPUT_ID,
  type AdaptiveCard,
} from '../../../src/bot/teams/cards.js';
import { StaffActionSchema, type StaffCard } from '../../../src/conversation/ports.js';

const schema = JSON.parse(
  readFileSync(new URL('../../fixtures/teams/adaptive-card-1.5.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(schema);

function expectValid(card: AdaptiveCard): void {
  // The schema shipped is for 1.5; Action.Execute and heading styles need at least 1.4/1.5.
  expect(card.version).toBe('1.5');
  const ok = validate(card);
  expect(ok, JSON.stringify(validate.errors, null, 2)).toBe(true);
}

const base: StaffCard = {
  kind: 'approval',
  title: 'Approval needed: refund of $250.00 for order 1043',
  ticketId: 'TKT-8F3K2Q',
  approvalId: 'apr_123',
  fields: [
    { label: 'Customer', value: 'Bluebird Cafe (free)' },
    { label: 'Amount', value: '$250.00' },
  ],
  summary: 'Customer reports the order arrived broken.',
  lastCustomerMessage: 'Please refund order 1043, it arrived broken',
  recentMessages: Array.from({ length: 9 }, (_, i) => ({
    role: i % 2 ? 'bot' : 'customer',
    text: `line ${i} ${'x'.repeat(900)}`,
  })),
  threadLink: 'https://teams.microsoft.com/l/message/19%3Aabc%40thread.tacv2/1',
  actions: [
    { label: 'Approve', style: 'primary', data: { v: 1, action: 'approval.approve', approvalId: 'apr_123' } },
    { label: 'Reject', style: 'danger', data: { v: 1, action: 'approval.reject', approvalId: 'apr_123' } },
    { label: 'Take over', data: { v: 1, action: 'ticket.takeover', ticketId: 'TKT-8F3K2Q' } },
  ],
  deciderIds: ['aad-dana', 'aad-sam'],
  final: false,
  createdAt: new Date('2026-11-20T10:00:00Z'),
};

describe('Adaptive Card rendering', () => {
  it('renders a pending approval with Action.Execute buttons whose data parses back as the staff action', () => {
    const card = renderStaffCard(base);
    expectValid(card);
    const actions = card.actions as Array<{
      type: string;
      verb: string;
      data: unknown;
      associatedInputs: string;
    }>;
    expect(actions.map((a) => a.verb)).toEqual(['approve', 'reject', 'takeover']);
    expect(actions.every((a) => a.type === 'Action.Execute')).toBe(true);
    for (const a of actions) expect(StaffActionSchema.safeParse(a.data).success).toBe(true);
    // Only Reject takes the reason input.
    expect(actions.find((a) => a.verb === 'reject')?.associatedInputs).toBe('auto');
    expect(actions.find((a) => a.verb === 'approve')?.associatedInputs).toBe('none');
    expect(JSON.stringify(card.body)).toContain(`"id":"${REASON_INPUT_ID}"`);
    expect(card.refresh?.userIds).toEqual(['aad-dana', 'aad-sam']);
    expect((card.refresh?.action as { verb: string }).verb).toBe('refresh');
    expect(JSON.stringify(card).length).toBeLessThan(28_000); // Teams' card size limit
  });

  it('renders a final card with who decided and when, and no buttons, inputs or refresh', () => {
    const card = renderStaffCard({
      ...base,
      final: true,
      actions: [],
      statusLine: 'Approved by Dana Whitfield at 10:02 UTC; refund RF-1 executed',
    });
    expectValid(card);
    expect(card.actions).toBeUndefined();
    expect(card.refresh).toBeUndefined();
    expect(JSON.stringify(card.body)).toContain('Approved by Dana Whitfield at 10:02 UTC');
    expect(JSON.stringify(card.body)).not.toContain('Input.Text');
  });

  it('puts a refusal above the card for the person who may not decide', () => {
    const card = renderStaffCard(base, { notice: "You can't decide this request: only approvers can." });
    expectValid(card);
    expect((card.body[0] as { text: string }).text).toMatch(/can't decide/);
  });

  it('renders an editable draft with Send draft, plus escalation and notice cards', () => {
    const draft = renderStaffCard({
      ...base,
      kind: 'draft',
      approvalId: undefined,
      draft: 'Hi Maya, your refund is on its way.',
      articles: [{ articleId: 'kb-1', title: 'Refund policy' }],
      actions: [
        {
          label: 'Send draft',
          style: 'primary',
          data: { v: 1, action: 'ticket.send_draft', ticketId: 'TKT-8F3K2Q' },
        },
        { label: 'Resolve', data: { v: 1, action: 'ticket.resolve', ticketId: 'TKT-8F3K2Q' } },
        { label: 'Hand back', data: { v: 1, action: 'ticket.handback', ticketId: 'TKT-8F3K2Q' } },
      ],
    });
    expectValid(draft);
    expect(JSON.stringify(draft.body)).toContain('"value":"Hi Maya, your refund is on its way."');
    expect((draft.actions as Array<{ verb: string }>).map((a) => a.verb)).toEqual([
      'send_draft',
      'resolve',
      'handback',
    ]);
    expectValid(renderNoticeCard('This card is out of date.'));
  });

  it('the shipped schema rejects what Teams would reject (it can fail)', () => {
    const bad = {
      ...renderStaffCard(base),
      actions: [{ type: 'Action.Execute', verb: 'approve', bogus: true }],
    };
    expect(validate(bad)).toBe(false);
    expect(validate({ ...renderNoticeCard('x'), version: '2.0' })).toBe(false);
  });
});
