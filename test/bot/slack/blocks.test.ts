import { describe, expect, it } from 'vitest';
import type { StaffCard } from '../../../src/conversation/ports.js';
import type { TicketDetail } from '../../../src/conversation/engine-api.js';
import {
  renderHome,
  renderReply,
  renderStaffCard,
  renderTicketDetail,
} from '../../../src/bot/slack/blocks.js';
import { SLACK_LIMITS, cut, escapeMrkdwn } from '../../../src/bot/slack/limits.js';

const created = new Date('2026-11-20T10:00:00Z');

/** A Block Kit node as the assertions read it. */
interface B {
  type: string;
  text: { text: string };
  elements: B[];
  fields?: Array<{ text: string }>;
  value?: string;
  action_id: string;
  style?: string;
  url?: string;
  confirm: { text: { text: string } };
}

function approvalCard(over: Partial<StaffCard> = {}): StaffCard {
  return {
    kind: 'approval',
    title: 'Refund approval needed: $250.00',
    ticketId: 'TKT-8F3K2Q',
    approvalId: 'apr_0123456789abcdef0123',
    fields: [
      { label: 'Customer', value: 'Bluebird Cafe' },
      { label: 'Plan', value: 'free' },
      { label: 'Order', value: '1043' },
      { label: 'Amount', value: '$250.00' },
      { label: 'Reason', value: 'Espresso machine arrived broken' },
      { label: 'Urgency', value: 'medium' },
    ],
    lastCustomerMessage: 'Please refund order 1043 <@U0DANA001> & <!channel>',
    threadLink: 'https://northwind.slack.com/archives/C0456EFGH/p1730000000000100',
    actions: [
      {
        label: 'Approve',
        style: 'primary',
        data: { v: 1, action: 'approval.approve', approvalId: 'apr_0123456789abcdef0123' },
        confirm: 'Refund $250.00 to Bluebird Cafe?',
      },
      {
        label: 'Reject',
        style: 'danger',
        data: { v: 1, action: 'approval.reject', approvalId: 'apr_0123456789abcdef0123' },
      },
      { label: 'Take over', data: { v: 1, action: 'ticket.takeover', ticketId: 'TKT-8F3K2Q' } },
    ],
    final: false,
    createdAt: created,
    ...over,
  };
}

/** Every limit Slack enforces on what we send, checked over a whole block tree. */
function assertWithinLimits(blocks: unknown[], maxBlocks: number = SLACK_LIMITS.messageBlocks): void {
  expect(blocks.length).toBeLessThanOrEqual(maxBlocks);
  for (const block of blocks as unknown as B[]) {
    if (block.type === 'header') expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.header);
    if (block.type === 'section') {
      if (block.text) expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
      for (const f of block.fields ?? []) expect(f.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fieldText);
      expect((block.fields ?? []).length).toBeLessThanOrEqual(SLACK_LIMITS.fields);
    }
    if (block.type === 'context')
      expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.contextElements);
    if (block.type === 'actions') {
      for (const el of block.elements) {
        expect(el.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonText);
        expect(el.action_id.length).toBeLessThanOrEqual(SLACK_LIMITS.actionId);
        if (el.value) expect(el.value.length).toBeLessThanOrEqual(SLACK_LIMITS.buttonValue);
      }
    }
  }
}

const allText = (blocks: unknown[]) => JSON.stringify(blocks);

describe('Slack staff card', () => {
  it('shows header, fields, the last customer message, context and the decision buttons', () => {
    const { text, blocks } = renderStaffCard(approvalCard());
    expect(text).toContain('Refund approval needed: $250.00');
    expect(blocks[0]).toMatchObject({ type: 'header', text: { text: 'Refund approval needed: $250.00' } });
    const json = allText(blocks);
    for (const v of ['Bluebird Cafe', '1043', '$250.00', 'Espresso machine arrived broken', 'TKT-8F3K2Q'])
      expect(json).toContain(v);
    const actions = blocks.find((b) => b.type === 'actions') as unknown as B;
    const labels = actions.elements.map((e: B) => e.text.text);
    expect(labels).toEqual(['Approve', 'Reject', 'Take over', 'Open thread']);
    const approve = actions.elements[0]!;
    expect(approve.style).toBe('primary');
    expect(approve.confirm.text.text).toBe('Refund $250.00 to Bluebird Cafe?');
    expect(JSON.parse(approve.value ?? '')).toEqual({
      v: 1,
      action: 'approval.approve',
      approvalId: 'apr_0123456789abcdef0123',
    });
    expect(actions.elements[1]?.style).toBe('danger');
    expect(actions.elements[3]?.url).toContain('/archives/C0456EFGH/');
    assertWithinLimits(blocks);
  });

  it('escapes customer text so it cannot mention or broadcast', () => {
    const json = allText(renderStaffCard(approvalCard()).blocks);
    expect(json).toContain('&lt;@U0DANA001&gt; &amp; &lt;!channel&gt;');
    expect(json).not.toContain('<@U0DANA001>');
    expect(json).not.toContain('<!channel>');
  });

  it('has no buttons once final and shows who did what', () => {
    const { blocks } = renderStaffCard(
      approvalCard({
        final: true,
        actions: [],
        statusLine: 'Approved by Dana Whitfield — refund RF-1043 executed',
      }),
    );
    expect(blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(allText(blocks)).toContain('Approved by Dana Whitfield');
  });

  it('cuts oversized content to Slack limits instead of letting Slack reject it', () => {
    const huge = 'x'.repeat(10_000);
    const card = approvalCard({
      title: 'T'.repeat(400),
      fields: Array.from({ length: 25 }, (_, i) => ({ label: `Field ${i}`, value: huge })),
      lastCustomerMessage: huge,
      summary: huge,
      draft: huge,
      actions: [
        {
          label: 'B'.repeat(200),
          data: { v: 1, action: 'ticket.send_draft', ticketId: 'TKT-8F3K2Q', text: 'y'.repeat(4000) },
        },
      ],
    });
    const { blocks } = renderStaffCard(card);
    assertWithinLimits(blocks);
    const header = blocks[0] as unknown as B;
    expect(header.text.text.endsWith('…')).toBe(true);
    const actions = blocks.find((b) => b.type === 'actions') as unknown as B;
    // The edited draft never rides in a button value: only ids.
    expect(JSON.parse(actions.elements[0]?.value ?? '')).toEqual({
      v: 1,
      action: 'ticket.send_draft',
      ticketId: 'TKT-8F3K2Q',
    });
  });
});

describe('Slack customer reply', () => {
  it('keeps a 10,000-character answer whole in text and splits it into sections within limits', () => {
    const long = 'Our return policy covers this. '.repeat(330);
    expect(long.length).toBeGreaterThan(10_000);
    const { text, blocks } = renderReply({
      text: long,
      citations: [
        { articleId: 'kb_returns', title: 'Returns & refunds', url: 'https://help.example/returns' },
      ],
    });
    expect(text.length).toBe(long.length);
    assertWithinLimits(blocks);
    const sections = blocks.filter((b) => b.type === 'section') as unknown as B[];
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(
      sections
        .map((s) => s.text.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(long.trim().replace(/\s+/g, ' '));
    expect(allText(blocks)).toContain('<https://help.example/returns|Returns &amp; refunds>');
  });

  it('cuts a message beyond Slack’s 50 blocks with a note instead of failing', () => {
    const enormous = 'word '.repeat(60_000);
    const { blocks } = renderReply({ text: enormous });
    assertWithinLimits(blocks);
    expect(allText(blocks.at(-1) ? [blocks.at(-1)] : [])).toContain('more not shown');
  });
});

describe('Slack ticket detail (decision record)', () => {
  it('cuts a 400-block-worth decision record to 50 blocks', () => {
    const stage = (name: 'understand' | 'retrieve' | 'route' | 'resolve') => ({
      name,
      startedAt: created,
      durationMs: 12,
      ok: true,
      note: 'n'.repeat(900),
    });
    const detail = {
      ticket: {
        tenantId: 'T0123ABCD',
        ticketId: 'TKT-8F3K2Q',
        requester: { platform: 'slack', userId: 'U0789IJKL', name: 'Maya Ortiz' },
        thread: { platform: 'slack', channelId: 'C0456EFGH', threadId: '1730000000.000100' },
        status: 'pending_approval',
        urgency: 'medium',
        intent: 'refund',
        language: 'en',
        subject: 'Refund order 1043',
        version: 3,
        createdAt: created,
        updatedAt: created,
        lastMessageAt: created,
      },
      customerName: 'Bluebird Cafe',
      messages: [],
      decisions: Array.from({ length: 50 }, (_, i) => ({
        tenantId: 'T0123ABCD',
        decisionId: `dec_${i}`,
        ticketId: 'TKT-8F3K2Q',
        engine: 'offline',
        stages: [stage('understand'), stage('retrieve'), stage('route'), stage('resolve')],
        modelCalls: { count: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0 },
        tools: [{ name: 'lookup_order', durationMs: 3, ok: true }],
        confidence: 0.9,
        threshold: 0.75,
        route: 'resolve',
        reason: 'r'.repeat(5000),
        articleIds: [],
        createdAt: created,
      })),
      approvals: [],
      audit: [],
    } as unknown as TicketDetail;
    const { blocks } = renderTicketDetail(detail);
    assertWithinLimits(blocks);
    expect(blocks).toHaveLength(50);
    expect(allText([blocks.at(-1)])).toMatch(/\d+ more not shown/);
  });
});

describe('Slack App Home', () => {
  it('lists the pending approval with its buttons and stays within a view’s 100 blocks', () => {
    const many = Array.from({ length: 40 }, () => approvalCard());
    const view = renderHome({ pendingApprovals: many, escalated: [], mine: [] });
    expect(view.type).toBe('home');
    assertWithinLimits(view.blocks, SLACK_LIMITS.viewBlocks);
    expect(allText(view.blocks)).toContain('Refund approval needed: $250.00');
    expect(view.blocks.some((b) => b.type === 'actions')).toBe(true);
  });
});

describe('text limits', () => {
  it('never leaves half an entity or a broken surrogate when cutting', () => {
    expect(cut(escapeMrkdwn('a&b'.repeat(10)), 8)).not.toMatch(/&[a-z]*…$/);
    expect(cut('ab😀cd', 4)).toBe('ab…');
    expect(cut('short', 10)).toBe('short');
  });
});
