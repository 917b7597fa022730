import { describe, expect, it } from 'vitest';
import type { StaffCard } from '../../../src/conversation/ports.js';
import type { TicketDetail } from '../../../src/conversation/engine-api.js';
import {
  renderHome,
  renderReply,
  renderStaffCard,
  renderTicketDetail,
} from '../../../src/bot/slack/blocks.js';

/**
 * Customer and model text is hostile until shown otherwise: nothing it contains may become a
 * Slack mention, broadcast or link, in the blocks or in the notification `text`.
 */
const HOSTILE = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<@U0DANA001>',
  '<#C0456EFGH>',
  '<!subteam^S123>',
  '<https://evil.example/login|Reset your password>',
  '<javascript:alert(1)|click>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(2)</script>',
].join(' ');

const created = new Date('2026-11-20T10:00:00Z');

function hostileCard(over: Partial<StaffCard> = {}): StaffCard {
  return {
    kind: 'escalation',
    // Escalation titles quote the customer's subject, so the headline is customer text too.
    title: `Escalated: ${HOSTILE}`,
    ticketId: 'TKT-8F3K2Q',
    fields: [
      { label: 'Customer', value: `Acme ${HOSTILE}` },
      { label: `Reason ${HOSTILE}`, value: HOSTILE },
    ],
    summary: `Summary ${HOSTILE}`,
    lastCustomerMessage: HOSTILE,
    recentMessages: [
      { role: 'customer', text: HOSTILE },
      { role: 'bot', text: HOSTILE },
    ],
    draft: HOSTILE,
    articles: [{ articleId: 'kb-1', title: HOSTILE }],
    statusLine: `Taken over by ${HOSTILE}`,
    actions: [{ label: 'Take over', data: { v: 1, action: 'ticket.takeover', ticketId: 'TKT-8F3K2Q' } }],
    final: false,
    createdAt: created,
    ...over,
  };
}

/** Every string Slack would parse as mrkdwn, with our own known-safe markup removed. */
function parsedStrings(content: { text?: string; blocks: unknown[] }): string[] {
  const out: string[] = [];
  if (content.text !== undefined) out.push(content.text);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.type === 'mrkdwn' && typeof o.text === 'string') out.push(o.text);
    for (const v of Object.values(o)) walk(v);
  };
  walk(content.blocks);
  // What the renderer itself writes: dates and the thread link it built.
  return out.map((s) =>
    s.replace(/<!date\^\d+\^[^|>]*\|[^>]*>/g, '').replace(/<https:\/\/[^|>]+\|Open thread>/g, ''),
  );
}

function expectNothingLive(strings: string[]): void {
  expect(strings.length).toBeGreaterThan(0);
  for (const s of strings) {
    // Slack gives meaning only to `<…>` sequences (a leading `>` is our own quote markup).
    expect(s, s).not.toContain('<');
  }
}

describe('Slack renderers with hostile customer text', () => {
  it('a staff card shows the text literally in its blocks', () => {
    const content = renderStaffCard(hostileCard());
    const blocks = parsedStrings({ blocks: content.blocks });
    expectNothingLive(blocks);
    expect(blocks.join('\n')).toContain('&lt;!channel&gt;');
  });

  it('a staff card in App Home (title as a section) shows the text literally', () => {
    const view = renderHome({ pendingApprovals: [], escalated: [hostileCard()], mine: [] });
    expectNothingLive(parsedStrings({ blocks: view.blocks }));
  });

  it('a customer reply shows the text literally, in the blocks and the notification text', () => {
    const content = renderReply({ text: HOSTILE, citations: [{ articleId: 'kb-1', title: HOSTILE }] });
    expectNothingLive(parsedStrings(content));
  });

  it('a 10,000-character reply of hostile text is split without leaving half an escape', () => {
    const content = renderReply({ text: `${HOSTILE}\n`.repeat(60).slice(0, 10_000) });
    const strings = parsedStrings(content);
    expectNothingLive(strings);
    for (const s of strings) expect(s).not.toMatch(/&(?:a|am|l|g)?$|^(?:mp|t|mp;|t;);/);
  });

  // Known defect, reported to the Slack adapter's owner: the notification `text` of a staff
  // card (blocks.ts renderStaffCard) and of /switchboard ticket (renderTicketDetail) is built
  // from the card title / ticket subject without escapeMrkdwn, and Slack parses that text for
  // notifications — a customer writing "<!channel>" pings the whole staff channel.
  it('the notification text of a staff card does not broadcast', () => {
    expectNothingLive([renderStaffCard(hostileCard()).text]);
  });

  it('the notification text of /switchboard ticket does not broadcast', () => {
    const detail = {
      ticket: {
        ticketId: 'TKT-8F3K2Q',
        status: 'escalated',
        subject: HOSTILE,
        intent: 'other',
        urgency: 'high',
        requester: { userId: 'U1', name: HOSTILE },
        createdAt: created,
      },
      customerName: HOSTILE,
      messages: [{ role: 'customer', text: HOSTILE }],
      decisions: [],
      approvals: [],
      audit: [],
    } as unknown as TicketDetail;
    expectNothingLive([renderTicketDetail(detail).text]);
  });

  it('/switchboard ticket blocks show the subject and transcript literally', () => {
    const detail = {
      ticket: {
        ticketId: 'TKT-8F3K2Q',
        status: 'escalated',
        subject: HOSTILE,
        intent: 'other',
        urgency: 'high',
        requester: { userId: 'U1', name: HOSTILE },
        createdAt: created,
      },
      customerName: HOSTILE,
      messages: [{ role: 'customer', text: HOSTILE }],
      decisions: [],
      approvals: [],
      audit: [],
    } as unknown as TicketDetail;
    expectNothingLive(parsedStrings({ blocks: renderTicketDetail(detail).blocks }));
  });
});
