import { describe, expect, it } from 'vitest';
import { filterCustomerText } from '../../src/agent/guardrails/output-filter.js';
import { phrase } from '../../src/agent/phrases.js';
import { extractEntities } from '../../src/agent/entities.js';
import { understandOffline } from '../../src/agent/understand.js';

describe('output filter', () => {
  const f = (t: string) =>
    filterCustomerText(t, { ticketId: 'TKT-ABC234', allowedEmails: ['maya@bluebirdcafe.example'] });

  it('neutralizes broadcast mentions, user/channel mentions, link markup and Teams tags', () => {
    const out = f(
      'Hey <!channel> and <!here|here> @everyone, ask <@U12345> in <#C999|general>, see <https://evil.example|your bank>, <at>Dana</at>',
    );
    expect(out).not.toMatch(/<!|<@|<#|<https|<at>/);
    expect(out).not.toMatch(/(^|[^＠])@everyone/);
    expect(out).toContain('your bank (https://evil.example)');
    expect(out).toContain('#general');
  });

  it('removes internal ids and tool names but keeps the ticket id', () => {
    const out = f('Ticket TKT-ABC234: I used lookup_customer on cus_acme and apr_123abc, msg_9');
    expect(out).toContain('TKT-ABC234');
    expect(out).not.toMatch(/cus_acme|apr_123abc|msg_9|lookup_customer/);
  });

  it('drops lines carrying a prompt marker encoded or spaced out', () => {
    const marker = 'SWITCHBOARD-SYSTEM You are Switchboard, the support assistant';
    const out = f(
      [
        'Sure!',
        Buffer.from(marker).toString('base64'),
        Buffer.from(marker).toString('hex'),
        marker.split('').join(' '),
        'Your order shipped.',
      ].join('\n'),
    );
    expect(out).toBe('Sure!\nYour order shipped.');
  });

  it('drops lines echoing the system prompt', () => {
    const out = f(
      'Sure!\nSWITCHBOARD-SYSTEM You are Switchboard, the support assistant\nYour order shipped.',
    );
    expect(out).toBe('Sure!\nYour order shipped.');
  });

  it('masks card numbers and third parties’ emails, keeps the customer’s own', () => {
    const out = f(
      'Card 4242 4242 4242 4242, write maya@bluebirdcafe.example or jordan@acme-robotics.example; order 1042',
    );
    expect(out).toContain('[card number removed]');
    expect(out).toContain('maya@bluebirdcafe.example');
    expect(out).not.toContain('jordan@acme-robotics.example');
    expect(out).toContain('order 1042');
  });
});

describe('phrases', () => {
  it('speaks en/es/fr/de/pt and falls back to English', () => {
    expect(phrase('escalated', 'es', { ticketId: 'TKT-X' })).toMatch(/equipo.*TKT-X/);
    expect(phrase('escalated', 'de', { ticketId: 'TKT-X' })).toMatch(/Team.*TKT-X/);
    expect(phrase('identify_for_orders', 'pt-BR')).toMatch(/e-mail registrado/);
    expect(phrase('resolved', 'ja')).toBe(phrase('resolved', 'en'));
    expect(phrase('refund_pending_approval', 'fr', { amount: '250,00 $', orderId: '1043' })).toContain(
      '1043',
    );
  });
});

describe('understand (offline)', () => {
  const u = (text: string, plan?: 'free' | 'pro' | 'enterprise', preferredLanguage?: string) =>
    understandOffline({ text, plan, preferredLanguage, isNewTicket: true, openTickets: [] });

  it('extracts order ids, amounts and emails by pattern', () => {
    expect(extractEntities('refund $250 on #1042 and order 1043, mail me at a@b.example; 300 USD')).toEqual({
      orderIds: ['1042', '1043'],
      amounts: [250, 300],
      emails: ['a@b.example'],
    });
  });

  it('reads a bare order number that ends a clause, but not one inside a larger number (dev miss)', () => {
    expect(extractEntities('Lena here — the lamps on 1014, did they arrive?').orderIds).toEqual(['1014']);
    expect(extractEntities('is 1016. still on its way').orderIds).toEqual(['1016']);
    expect(extractEntities('we paid 1,250.50 for it').orderIds).toEqual([]);
    expect(extractEntities('the total was 1250.50').orderIds).toEqual([]);
  });

  it('applies the plan and topic urgency rules in code', () => {
    expect(u('our API is down, all requests fail', 'enterprise').urgency).toBe('critical');
    expect(u('we lost data after the update', 'enterprise').urgency).toBe('critical');
    expect(u('I think there was a security breach', 'free').urgency).toBe('critical');
    expect(u('we were charged twice on the invoice', 'enterprise').urgency).toBe('high');
    expect(u('the service is down for us', 'pro').urgency).toBe('high');
    expect(u('what are your opening hours?', 'free').urgency).toBe('low');
  });

  it('detects language with eld, and prefers the stored language for very short texts', () => {
    expect(u('¿Dónde está mi pedido 1042?').language).toBe('es');
    expect(u('Je voudrais être remboursée pour la commande 1045').language).toBe('fr');
    expect(u('ok', undefined, 'de').language).toBe('de');
    expect(u('ok').language).toBe('en');
  });

  it('only continues an offered open ticket', () => {
    const r = understandOffline({
      text: 'any news on order 1042?',
      isNewTicket: true,
      openTickets: [{ ticketId: 'TKT-AAAAAA', subject: 'Where is order 1042', intent: 'order_status' }],
    });
    expect(r.continuesTicketId).toBe('TKT-AAAAAA');
    expect(
      understandOffline({
        text: 'any news on order 1042?',
        isNewTicket: false,
        openTickets: [{ ticketId: 'TKT-AAAAAA', subject: 'order 1042', intent: 'order_status' }],
      }).continuesTicketId,
    ).toBeNull();
  });
});
