import { describe, expect, it } from 'vitest';
import { detectLanguage, SUPPORTED_LANGUAGES } from '../../src/agent/language.js';
import { t } from '../../src/agent/offline/templates.js';
import { phrase } from '../../src/agent/phrases.js';
import { useOfflineAgent } from './agent-input.js';

/** Short customer messages, a few per language; the first four were measured as wrong before. */
const SHORT: Array<[string, string]> = [
  ['注文はどこですか', 'ja'],
  ['返金してください', 'ja'],
  ['คำสั่งซื้อของฉันอยู่ที่ไหน', 'th'],
  ['ขอคืนเงินค่ะ', 'th'],
  ['where is my order?', 'en'],
  ['need a refund', 'en'],
  ['¿dónde está mi pedido?', 'es'],
  ['quiero cancelar', 'es'],
  ['où est ma commande ?', 'fr'],
  ['je veux un remboursement', 'fr'],
  ['wo ist meine Bestellung?', 'de'],
  ['ich brauche eine Rechnung', 'de'],
  ['cadê minha encomenda?', 'pt'],
  ['quero meu dinheiro de volta', 'pt'],
  ['dov’è il mio ordine?', 'it'],
  ['vorrei un rimborso', 'it'],
  ['grazie', 'it'],
  ['waar is mijn bestelling?', 'nl'],
  ['ik wil mijn geld terug', 'nl'],
  ['bedankt', 'nl'],
  ['gdzie jest moje zamówienie?', 'pl'],
  ['chcę zwrot pieniędzy', 'pl'],
  ['dziękuję', 'pl'],
  ['我的订单在哪里', 'zh'],
  ['退款', 'zh'],
  ['أين طلبي؟', 'ar'],
  ['أريد استرداد أموالي', 'ar'],
];

describe('language detection on short messages', () => {
  it.each(SHORT)('%s → %s', (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  it('uses the stored preference as a prior: short or ambiguous text keeps it, clear text overrides it', () => {
    expect(detectLanguage('ok', 'it')).toBe('it');
    expect(detectLanguage('il pacco non è arrivato', 'it')).toBe('it');
    expect(detectLanguage('1004?', 'it')).toBe('it');
    expect(detectLanguage('where is my order, it has been a week', 'it')).toBe('en');
    // Kanji alone reads as Chinese, unless the customer is known to write Japanese.
    expect(detectLanguage('返金', 'ja')).toBe('ja');
  });
});

describe('replies in the customer’s language', () => {
  const run = useOfflineAgent();

  it('every supported language has every template and stock sentence in its own words', () => {
    for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      expect(t('order_not_found', lang, { orderId: '9' })).not.toBe(
        t('order_not_found', 'en', { orderId: '9' }),
      );
      expect(phrase('escalated', lang, { ticketId: 'T' })).not.toBe(
        phrase('escalated', 'en', { ticketId: 'T' }),
      );
    }
  });

  it('answers the Italian demo customer in Italian (measured: answered in English)', async () => {
    const r = await run('sofia@evergreendental.example', 'ordine 1004?');
    expect(r.understanding.language).toBe('it');
    expect(r.reply?.text).toMatch(/L’ordine 1004 è stato consegnato il \d+ \w+ 2026/);
  });

  it('answers Dutch and Polish order questions in those languages', async () => {
    const nl = await run('maya@bluebirdcafe.example', 'Waar is mijn bestelling 1042?');
    expect(nl.reply?.text).toMatch(/Bestelling 1042 is verzonden op .* met UPS/);
    const pl = await run('maya@bluebirdcafe.example', 'Gdzie jest moje zamówienie 1042?');
    expect(pl.reply?.text).toMatch(/Zamówienie 1042 zostało wysłane .* przez UPS/);
  });

  it('answers Thai in English and tells staff why', async () => {
    const r = await run('maya@bluebirdcafe.example', 'คำสั่งซื้อ 1042 อยู่ที่ไหน');
    expect(r.understanding.language).toBe('th');
    expect(r.reason).toMatch(/wrote in "th".*answered in English/);
    expect(r.record.reason).toBe(r.reason);
    const text = r.reply?.text ?? r.escalation?.customerMessage ?? '';
    expect(text).toMatch(/1042|team/);
  });
});
