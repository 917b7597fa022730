import { describe, expect, it } from 'vitest';
import {
  literal,
  renderNoticeCard,
  renderStaffCard,
  type AdaptiveCard,
} from '../../../src/bot/teams/cards.js';
import type { StaffCard } from '../../../src/conversation/ports.js';

/**
 * Customer and model text is hostile until shown otherwise. Adaptive Card TextBlocks and
 * FactSet values render a markdown subset (bold, italics, lists, `[text](url)` links); Teams
 * renders no HTML and makes a mention only from an `<at>` tag backed by msteams.entities.
 */
const LINK = '[Reset your password](https://evil.example/login)';
const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(2)</script>',
  '[click](javascript:alert(3))',
  LINK,
  '<at>Dana Whitfield</at>',
  '@here',
  '<!channel>',
].join(' ');

function hostileCard(over: Partial<StaffCard> = {}): StaffCard {
  return {
    kind: 'escalation',
    title: `Escalated: ${HOSTILE}`,
    ticketId: 'TKT-8F3K2Q',
    fields: [{ label: 'Customer', value: `Acme ${HOSTILE}` }],
    summary: `Summary ${HOSTILE}`,
    lastCustomerMessage: HOSTILE,
    recentMessages: [{ role: 'customer', text: HOSTILE }],
    draft: HOSTILE,
    articles: [{ articleId: 'kb-1', title: HOSTILE }],
    statusLine: `Taken over by ${HOSTILE}`,
    threadLink: 'https://teams.microsoft.com/l/message/19%3Aabc%40thread.tacv2/1',
    actions: [{ label: 'Take over', data: { v: 1, action: 'ticket.takeover', ticketId: 'TKT-8F3K2Q' } }],
    final: false,
    createdAt: new Date('2026-11-20T10:00:00Z'),
    ...over,
  };
}

/** Every string Teams renders as markdown: TextBlock texts and FactSet titles and values. */
function markdownStrings(card: AdaptiveCard): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.type === 'TextBlock' && typeof o.text === 'string') out.push(o.text);
    if (o.type === 'FactSet' && Array.isArray(o.facts)) {
      for (const f of o.facts as Array<{ title: string; value: string }>) out.push(f.title, f.value);
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(card.body);
  return out;
}

describe('Teams cards with hostile customer text', () => {
  it('contain no element that could run script, open a URL or mention someone', () => {
    for (const card of [hostileCard(), hostileCard({ final: true, actions: [] })]) {
      const json = JSON.stringify(renderStaffCard(card));
      // No element types beyond text, facts, containers, inputs and Execute buttons.
      const types = new Set([...json.matchAll(/"type":"([^"]+)"/g)].map((m) => m[1]));
      for (const t of types) {
        expect([
          'AdaptiveCard',
          'TextBlock',
          'FactSet',
          'Container',
          'Input.Text',
          'Action.Execute',
        ]).toContain(t);
      }
      // A mention needs msteams.entities; the card carries none, so `<at>` stays literal.
      expect(json).not.toContain('"entities"');
      expect(json).not.toContain('Action.OpenUrl');
    }
  });

  it('keep the draft editable as plain input text, exactly as written', () => {
    const card = renderStaffCard(
      hostileCard({
        kind: 'draft',
        actions: [
          { label: 'Send draft', data: { v: 1, action: 'ticket.send_draft', ticketId: 'TKT-8F3K2Q' } },
        ],
      }),
    );
    const input = JSON.stringify(card.body).includes('"Input.Text"');
    expect(input).toBe(true);
    expect(JSON.stringify(card)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('a notice card renders its message only as text', () => {
    const card = renderNoticeCard(HOSTILE);
    expect(card.body.every((b) => b.type === 'TextBlock')).toBe(true);
  });

  // Customer text (title, fields, summary, last/recent messages, draft, articles, status line) is
  // markdown in TextBlock and FactSet: unescaped, `[text](https://…)` would show staff a live link
  // (phishing) and `**`/`_` would restyle the card.
  it('customer text cannot become a markdown link on the card', () => {
    const strings = markdownStrings(renderStaffCard(hostileCard()));
    const own = /\[Open the conversation\]\(https:\/\/teams\.microsoft\.com\/[^)]+\)/g;
    for (const s of strings) expect(s.replace(own, ''), s).not.toMatch(/\]\(/);
  });

  it('escapes exactly the markdown a customer could use, and nothing else', () => {
    expect(literal('[Reset](https://evil.example) **now** _please_ ~x~ `y` C:\\path')).toBe(
      '\\[Reset\\]\\(https://evil.example\\) \\*\\*now\\*\\* \\_please\\_ \\~x\\~ \\`y\\` C:\\\\path',
    );
    expect(literal('- item\n1. first\nplain text, 3.5 stays')).toBe(
      '\\- item\n\\1. first\nplain text, 3.5 stays',
    );
  });
});
