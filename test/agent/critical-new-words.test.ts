import { describe, expect, it } from 'vitest';
import { JORDAN, MAYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the nineteenth round, in other words than any labelled set's.
describe('critical situations told by who is affected and what happened (offline engine)', () => {
  it('nobody in a named group or place of an enterprise customer can use the service: a critical outage', async () => {
    for (const text of [
      'no one on the night shift could submit an order since 2am',
      'none of the pickers at our two depots can load the order screen',
      "Aucune de nos agences ne parvient à se connecter depuis l'heure du déjeuner.",
      'Ninguno de nuestros compradores puede pagar desde esta mañana.',
      'Keiner von uns kann sich seit 8 Uhr einloggen.',
      'Nessuno dei nostri magazzinieri riesce ad accedere da stamattina.',
      '所有仓库同事今天都登不进系统。',
      'Od wczoraj nikt w magazynie nie może składać zamówień.',
    ]) {
      const r = await run(JORDAN, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('records gone from an enterprise account, said without the article in Arabic', async () => {
    const text = 'اختفت سجلات طلباتنا القديمة من الحساب هذا الصباح.';
    const r = await run(JORDAN, text);
    expect(r.understanding.urgency, text).toBe('critical');
    expect(r.route, text).toBe('escalate');
  });

  it('a key, a user or an owner address added or changed that nobody remembers doing, a removed person still ordering, new bank details by mail', async () => {
    for (const text of [
      '招待した覚えがないユーザーが管理者として登録されています。',
      '没有人创建过这个新的API密钥，但它昨天出现在我们的账户里。',
      'รหัสผ่านของบัญชีถูกเปลี่ยนเมื่อคืน เราไม่ได้ทำเองค่ะ',
      'the contractor we deactivated in June still logs in, the audit log shows it from yesterday',
      'an intern I had removed placed two orders last night',
      'We got a letter signed by your accounts team saying you have a new IBAN and the open invoice should go there.',
      'Wir haben eine Nachricht von Ihrer Buchhaltung erhalten: neue Bankverbindung, bitte dorthin überweisen.',
      'Nous avons reçu un courriel avec un nouveau RIB à votre nom pour régler la facture.',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
      expect(r.reply, text).toBeUndefined();
    }
  });

  it('questions and the customer’s own changes that name the same words raise nothing', async () => {
    for (const text of [
      'none of the invoices from last year show the PO number, can you add it?',
      'we have new bank details for our refunds, how do we update them?',
      'if we remove a buyer, can they still see the orders they placed?',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).not.toBe('critical');
    }
  });
});
