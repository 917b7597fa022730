import { describe, expect, it } from 'vitest';
import { servicesNotInArticles } from '../../src/agent/unstated-services.js';
import { expectAnswered, MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const INVOICES =
  'Invoices and receipts\ninvoice receipt billing VAT PDF\nEvery order has a PDF invoice under Settings → Billing → Invoices.';

describe('a question asking for a service or a document form no article states', () => {
  const run = useOfflineAgent();

  it('goes to a person, whatever article it finds', async () => {
    for (const text of [
      // a document in a language, on paper, a country's own tax document, a statement of account
      'Could our receipts be issued in Italian as well? Head office is in Milan.',
      'Wir bräuchten die Rechnungen auf Italienisch, geht das?',
      'Do you mail paper invoices to the head office, or is it PDF only?',
      'Podéis emitir facturas en papel por correo postal?',
      'Can we receive invoices via XRechnung? Our public-sector client requires it.',
      '请问能开增值税专用发票吗？我们需要抵扣',
      'We need a statement of account for the last twelve months, can you produce one?',
      // taking old things away, a discount for a kind of organization, a colour, a fit, a split payment
      'When you bring the new desks, could your drivers collect the old desks too?',
      'Nehmt ihr alte Kartons zurück, wenn wir die nächste Lieferung bekommen?',
      'Is there a reduced price for a university lab?',
      'Vocês dão desconto para escolas?',
      'does the monitor arm come in white?',
      'Is the standing desk frame compatible with a 160 cm top from IKEA?',
      'Can we pay the big chair order in three instalments?',
      // a delivery on a chosen date or at a chosen hour, our schedule over a holiday (a weekend day is
      // stated now: carriers deliver on business days only, below)
      'Could the freight people deliver on a fixed date? We only move in on the 3rd of March.',
      'Pouvez-vous livrer à une date précise ? Nous déménageons le 14.',
      'Could we book a morning delivery slot for the chairs?',
      'Versendet ihr zwischen Weihnachten und Neujahr noch Bestellungen?',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.route, text).toBe('escalate');
      expect(r.reason, text).toMatch(/below/);
    }
  });

  it('answers a delivery on a weekend day from the carriers article, in the eight languages', async () => {
    for (const text of [
      'Could the freight people deliver on a Sunday? The gym is closed to members then.',
      'Pouvez-vous livrer le samedi ? Le magasin est fermé en semaine.',
      'Is a weekend drop-off possible? Our office is empty on weekdays.',
      '¿Pueden entregar un domingo? Abrimos solo el fin de semana.',
      'Könnt ihr auch samstags liefern?',
      'Vocês conseguem entregar num sábado?',
      'Potete consegnare di domenica?',
      'Kunnen jullie in het weekend bezorgen?',
      'Czy możecie dostarczyć paczkę w niedzielę?',
    ])
      await expectAnswered(run, PRIYA, text, 'shipping-carriers-and-times', /no Saturday or Sunday delivery/);
  });

  it('answers what an article does state, and the same words said in passing', async () => {
    for (const text of [
      'where do I download last month’s invoice PDF?',
      'is there a discount for paying for the year up front?',
      'we already recycled the original box, can we still send the lamp back?',
      'how long does standard delivery take once it ships?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.route, text).toBe('resolve');
    }
  });

  it('reads what is asked for, not the words alone', () => {
    expect(servicesNotInArticles('Can we get the invoices in Spanish?', [INVOICES])).toHaveLength(1);
    // A bank's statement is the customer's own; the invoice's VAT is not a tax document of a country.
    expect(servicesNotInArticles('my bank statement shows the refund?', [INVOICES])).toEqual([]);
    expect(servicesNotInArticles('does the invoice show the VAT?', [INVOICES])).toEqual([]);
    // Past deliveries and the customer's own closures are news, not a request.
    expect(servicesNotInArticles('it was delivered on Saturday, thanks', [INVOICES])).toEqual([]);
    expect(servicesNotInArticles('the scanner won’t pair with my tablet', [INVOICES])).toEqual([]);
    // "No Saturday or Sunday delivery" says whether we deliver on a weekend; not on a date one picks.
    const carriers = `${INVOICES}\nCarriers deliver on business days only: there is no Saturday or Sunday delivery.`;
    expect(servicesNotInArticles('can you deliver on a Sunday?', [carriers])).toEqual([]);
    expect(servicesNotInArticles('livrez-vous le samedi ?', [carriers])).toEqual([]);
    expect(servicesNotInArticles('can you deliver on a specific date?', [carriers])).toHaveLength(1);
    // An article that says whether we do it answers the question itself.
    expect(
      servicesNotInArticles('Can we get the invoices in Spanish?', [
        `${INVOICES}\nInvoices are issued in English, Spanish or German; pick the language under Billing details.`,
      ]),
    ).toEqual([]);
  });
});
