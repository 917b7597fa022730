import { describe, expect, it } from 'vitest';
import { PRIYA, useOfflineAgent, expectAnswered } from '../agent-input.js';
import { understandOffline } from '../../../src/agent/understand.js';
import { asksRecordsInFile } from '../../../src/agent/records-export.js';
import { unanswerableRequest } from '../../../src/agent/requests.js';
import { englishSearchTerms } from '../../../src/agent/offline/glossary.js';

const run = useOfflineAgent();

describe('generic account questions the golden convention answers from the nearest article (offline engine)', () => {
  it('the email confirming a new account that never came is the sign-up article’s "No confirmation email"', async () => {
    for (const text of [
      'signed up this morning and the confirmation email never came',
      'still waiting for the activation link since I registered',
      'Ich habe mich registriert, aber die Bestätigungsmail ist nie angekommen',
      'No me ha llegado el correo de verificación de la cuenta nueva',
      'Non mi è mai arrivata l’email di conferma dopo la registrazione',
      'Não chegou o e-mail de ativação da minha conta',
      'Nie przyszedł mail aktywacyjny do nowego konta',
    ])
      await expectAnswered(run, PRIYA, text, 'opening-an-account', /check spam and any quarantine/);
  });

  it('signing up, said in another language, is the sign-up article, not the password article', async () => {
    for (const text of [
      'Je n’arrive pas à m’inscrire sur votre site',
      'Non riesco a registrarmi, cosa sbaglio?',
      'Wie kann ich für unsere Firma ein Konto erstellen?',
      'Não consigo me cadastrar como empresa',
      'Nie mogę się zarejestrować jako firma',
    ])
      await expectAnswered(run, PRIYA, text, 'opening-an-account');
  });

  it('opening an account, or an order’s confirmation email, is still not that', () => {
    expect(unanswerableRequest('can we register a second account for our other shop?')?.kind).toBe('sign_up');
    expect(unanswerableRequest('Quiero registrarme como empresa')?.kind).toBe('sign_up');
    expect(unanswerableRequest('signed up this morning and the confirmation email never came')).toBeNull();
    expect(englishSearchTerms('Je n’ai pas reçu l’e-mail de confirmation de la commande 1042')).not.toMatch(
      /email did not arrive/,
    );
  });

  it('a year of orders wanted in a spreadsheet for the accountant, said as a need, is not urgent', async () => {
    for (const text of [
      'we need all our orders from 2024 in one spreadsheet for our accountant',
      'I need all our invoices from 2025 in a spreadsheet for the accountant',
      'I need every order from last year as a spreadsheet for the auditors',
      'need a spreadsheet with every order from January to June for the auditor',
    ])
      expect(understandOffline({ text, plan: 'pro', isNewTicket: true, openTickets: [] }).urgency, text).toBe(
        'medium',
      );
    for (const text of [
      'I need every order from last year as a spreadsheet for the auditors',
      'need a spreadsheet with every order from January to June for the auditor',
    ])
      await expectAnswered(run, PRIYA, text, 'data-export');
    // A deadline or a failure keeps the pressure the model heard.
    expect(asksRecordsInFile('i need all our orders in a spreadsheet by friday')).toBe(false);
    expect(asksRecordsInFile('the csv export of our orders is missing october')).toBe(false);
  });
});
