import { describe, expect, it } from 'vitest';
import { detectConcern } from '../../../src/agent/offline/classify-intent.js';
import { understandOffline } from '../../../src/agent/understand.js';
import type { Plan } from '../../../src/domain/index.js';

const understand = (text: string, plan: Plan) =>
  understandOffline({ text, plan, isNewTicket: true, openTickets: [] });

// Written for this test, in words no bank phrasing uses: an incident told as what happened, who it
// hits and what it costs, without "hacked", "breach", "outage", "down" or "data loss".
describe('incidents told as stories reach the urgency rules through the concern model', () => {
  it.each([
    'our receptionist got a call from a guy saying he was from your IT team, she read him the code from her phone and now the owner login does not work',
    'Alguien cambió el teléfono de verificación de nuestra cuenta principal y ahora los códigos llegan a otro número.',
    'Un monsieur se disant de votre service client a demandé à notre comptable le code reçu par SMS, elle le lui a donné.',
  ])('a security incident is critical on any plan: %s', (text) => {
    expect(detectConcern(text)).toBe('security');
    expect(understand(text, 'pro').urgency).toBe('critical');
  });

  it.each([
    'since lunchtime every till in our four shops says cannot reach server and the queue is out the door',
    'Hoje de manhã nenhuma das nossas lojas consegue finalizar venda, o sistema de vocês só dá erro de conexão.',
  ])('a failure for everyone is a critical outage for an enterprise customer: %s', (text) => {
    expect(detectConcern(text)).toBe('outage');
    expect(understand(text, 'enterprise').urgency).toBe('critical');
  });

  it.each([
    'we opened the portal and all 300 of our saved recipes with their supplier links are just not there anymore',
    'Na de update van gisteravond zijn al onze klantnotities leeg, jaren aan informatie.',
  ])('records gone from the account are critical for an enterprise customer: %s', (text) => {
    expect(detectConcern(text)).toBe('data_loss');
    expect(understand(text, 'enterprise').urgency).toBe('critical');
  });

  it('a wrong bill told by its numbers is a billing error, high for an enterprise customer', () => {
    const text = 'the March invoice bills us for 60 licences, we cancelled 40 of them in January';
    expect(detectConcern(text)).toBe('billing_error');
    expect(understand(text, 'enterprise').urgency).toBe('high');
  });

  it.each([
    'Jak dodać drugiego administratora do naszego konta?',
    'Wie kann ich einen Kollegen entfernen, der in Rente gegangen ist?',
    'Como faço para criar uma nova chave de API para o nosso ERP?',
    'we are onboarding a new accountant next week, how do we give her read only access to invoices?',
  ])('an ordinary account task in the same words raises nothing: %s', (text) => {
    expect(detectConcern(text)).toBeNull();
    expect(understand(text, 'enterprise').urgency).not.toBe('critical');
  });
});
