import { describe, expect, it } from 'vitest';
import { asksForHuman, classifyIntent } from '../../../src/agent/offline/classify-intent.js';
import { MAYA, PRIYA, useOfflineAgent, expectAnswered } from '../agent-input.js';

const run = useOfflineAgent();

/** The question is answered from this article, with this in the reply. */
const answered = (text: string, articleId: string, fact: string | RegExp) =>
  expectAnswered(run, PRIYA, text, articleId, fact);

describe('help-center questions in everyday words are answered, not escalated for low confidence', () => {
  it('what a person may do on the account is a role in the team article; an API key keeps its scopes', async () => {
    await answered(
      'which permission level should my accountant get if she only needs to look at invoices?',
      'manage-team-members',
      /Viewer/,
    );
    const key = await run(PRIYA, 'which permissions can a read-only API key be given?');
    expect(key.articleIds[0]).toBe('api-keys');
  });

  it('taking a person off the team is removing them', async () => {
    await answered(
      'once we take Marco off the team, does he lose access right away?',
      'manage-team-members',
      /within a minute/,
    );
    await answered(
      'if I kick a former temp out of the account, how fast are they signed out?',
      'manage-team-members',
      /within a minute/,
    );
    // Written for this test: the team article's passage on a Buyer's spending limit also names
    // "the person" and "Team"; a removal asked about is answered by the removal's own line.
    for (const text of [
      'when I remove Tom from the workspace can he still log in?',
      'after we remove a former intern from the account, are they logged out at once?',
      'si le quito el acceso a un empleado, ¿cuánto tarda?',
    ])
      await answered(text, 'manage-team-members', /within a minute/);
  });

  it('two-factor made compulsory for everyone is what owners can require', async () => {
    await answered(
      'can we make everyone on the account use an authenticator app?',
      'two-factor-authentication',
      /require two-factor authentication for every member/,
    );
  });

  it('a subscription charge that bounced or did not go through is a declined payment', async () => {
    await answered(
      'our renewal charge bounced yesterday, do you retry it automatically?',
      'payment-methods',
      /retry failed subscription charges/,
    );
  });

  it('the address printed on invoices is billing details, not a delivery address to change', async () => {
    await answered(
      'our invoices show the old address, can the ones from this year be reissued?',
      'invoices-and-receipts',
      /invoice/i,
    );
    // A parcel sent elsewhere is still a person's job.
    const parcel = await run(MAYA, 'please change the delivery address on order 1042 to our new office');
    expect(parcel.route).toBe('escalate');
  });

  it('many invoices at once are the data export, one invoice stays on the invoices page', async () => {
    await answered('can I download our invoices in bulk for the auditors?', 'data-export', /ZIP of PDFs/);
    await answered("where do I find last month's invoice?", 'invoices-and-receipts', /Settings → Billing/);
  });

  it('supplies sent on a schedule are the recurring orders of the bulk article', async () => {
    await answered(
      'could the cleaning supplies just arrive automatically every month?',
      'bulk-orders-and-quotes',
      /recurring orders/,
    );
    await answered(
      'do you do standing orders for tape and labels?',
      'bulk-orders-and-quotes',
      /recurring orders/,
    );
  });

  it('goods taken out of their box are the return policy’s opened items', async () => {
    await answered(
      'we unboxed the monitor but never plugged it in — can it still be returned?',
      'returns-policy',
      /Opened items are fine/,
    );
    await answered(
      'the chair has been taken out of its packaging, is a return still possible?',
      'returns-policy',
      /Opened items are fine/,
    );
  });

  it('a quote, a download link, a bulk order and a locked account in other languages and scripts', async () => {
    await answered('Bis wann ist ein Angebot von euch gültig?', 'bulk-orders-and-quotes', /30 days/);
    await answered(
      'Wie lange gilt ein Angebot für eine Großbestellung?',
      'bulk-orders-and-quotes',
      /30 days/,
    );
    await answered('Per quanto tempo è valido il link per scaricare i dati?', 'data-export', /7 days/);
    await answered('ダウンロードリンクはいつまで使えますか？', 'data-export', /7 days/);
    await answered('下载链接多久失效？', 'data-export', /7 days/);
    await answered('ลิงก์ดาวน์โหลดหมดอายุเมื่อไหร่', 'data-export', /7 days/);
    // An account locked after too many tries is the password article's, whatever the language.
    await answered(
      'Unser Konto ist nach zu vielen Anmeldeversuchen gesperrt. Wie lange dauert das?',
      'password-reset',
      /30 minutes/,
    );
    await answered(
      'Mi cuenta está bloqueada después de varios intentos, ¿cuánto tiempo tengo que esperar?',
      'password-reset',
      /30 minutes/,
    );
    await answered('アカウントがロックされました。何分待てばいいですか？', 'password-reset', /30 minutes/);
    await answered('账号被锁定了，要等多久？', 'password-reset', /30 minutes/);
    // An invoice to download stays the invoice's.
    await answered('Wo kann ich meine Rechnungen herunterladen?', 'invoices-and-receipts', /PDF invoice/);
  });
});

describe('what the intent reading must not take from a word', () => {
  it('whether a named order has left yet is its status, in any language; with a cancellation asked, a cancellation', () => {
    for (const text of [
      'Ist die Bestellung 1040 schon verschickt?',
      'Olá, a encomenda 1031 já saiu do armazém? Precisamos dela amanhã.',
      "Volevo chiedere se l'ordine 1012 è già partito, ci serve in negozio.",
    ])
      expect(classifyIntent(text).intent, text).toBe('order_status');
    expect(classifyIntent('Bitte 1040 stornieren, falls sie noch nicht verschickt ist.').intent).toBe(
      'cancel',
    );
  });

  it('a noise-cancelling product asks nothing to be cancelled', () => {
    for (const text of [
      'how good is the noise cancelling on the headset in 1050?',
      'the noise-cancelling headset from 1050 crackles now, can we get our money back?',
    ])
      expect(classifyIntent(text).intent, text).not.toBe('cancel');
  });

  it("the customer's own manager is no ask for ours; asking for a manager still is", () => {
    expect(
      classifyIntent('if our site manager changes his mind, is there a charge for calling off 1013?').intent,
    ).not.toBe('human_request');
    expect(asksForHuman('does the manager have to sign anything when the van arrives?')).toBe(false);
    expect(asksForHuman('I want to speak to the manager about this')).toBe(true);
    expect(asksForHuman('can I get a supervisor on this please')).toBe(true);
  });
});
