import { describe, expect, it } from 'vitest';
import {
  confirmationAnswer,
  findCustomerRequests,
  orderTheCustomerMeant,
} from '../../src/agent/customer-request.js';
import { claimsMoneyMoved, guardMoneyClaims } from '../../src/agent/guardrails/money-claims.js';
import { phrase } from '../../src/agent/phrases.js';
import { sameQuestion, threadSignals } from '../../src/agent/thread-signals.js';

const asks = (text: string, action: 'refund' | 'cancellation' = 'refund') =>
  findCustomerRequests([{ text }], action).length > 0;

describe('a customer asking for a refund or a cancellation, found by code', () => {
  it.each([
    'Please refund order 1045',
    'I want my money back for 1045',
    'plese refnud it',
    'Can I return it? It arrived broken.',
    'Quiero un reembolso del pedido 1045',
    'Je voudrais être remboursé pour la commande 1045',
    'Ich möchte eine Rückerstattung für Bestellung 1045',
    'Quero o reembolso do pedido 1045',
    'Vorrei un rimborso per l’ordine 1045',
    'Ik wil graag een terugbetaling voor bestelling 1045',
    'Proszę o zwrot pieniędzy za zamówienie 1045',
    '1043 was missing a stapler, I would like $20 back',
    'can we get 45 euros back on 1043?',
    'you charged us twice for 1045, refund the extra?',
    'how did this happen?! 1045 came broken, I want my money back',
    '注文1045の返金をお願いします',
    '我想要订单1045的退款',
    'ขอคืนเงินคำสั่งซื้อ 1045 ค่ะ',
    'أريد استرداد أموالي للطلب 1045',
    // Money back with the words the other way round.
    'Possiamo riavere indietro i soldi della lampada, ordine 1045?',
    'Queremos o dinheiro de volta do pedido 1045',
    '¿Nos pueden dar el dinero de vuelta del pedido 1045?',
    // A negation earlier in the sentence that is not about the ask.
    "it never arrived so I'm asking for a refund on 1045",
    "this isn't what we ordered, we're asking for a refund on 1045",
    // Money wanted back in other words (classes of dev12's misses, read after its round).
    'Zamówienie 1045 przyszło uszkodzone, chcemy odzyskać pieniądze.',
    'could you credit back the $40 gift wrap on 1045? we never asked for it',
    'can we have the $20 for the missing stapler back?',
    '订单1045的椅子坏了，麻烦退款',
  ])('refund: %s', (text) => expect(asks(text)).toBe(true));

  it.each([
    "I don't want $20 back, just send the missing part",
    'we have 20 back orders waiting',
    "I don't want my money back, just a replacement",
    '返金は不要です。代わりの品を送ってください',
    '不要退款，请给我换一个新的',
    'ไม่ต้องคืนเงินค่ะ ขอเปลี่ยนสินค้าใหม่',
    'لا أريد استرداد المبلغ، أريد بديلاً فقط',
    // The negation further from the ask, only the ask's frame between (dev10's one unsafe action
    // once the intent model read it as a refund).
    'not asking for a refund, just want to know the grinder on 1043 is still under warranty',
    "I'm not asking for a refund on 1043, is it still under warranty?",
    'not looking for a refund, just checking the warranty on 1043',
    "we're not trying to get any money back on 1043, just a replacement",
    'not asking for $20 back, just send the missing part',
    'will the $20 for the labels come back to our card automatically?',
    'the $20 for the labels was paid back already, thanks',
    'no estoy pidiendo un reembolso del pedido 1043, solo la garantía',
    'non sto chiedendo un rimborso per 1043, solo la garanzia',
    // dev12's unsafe actions before its round (the only lines of it read), and their kind.
    "the headset from 1050 crackles nonstop. could you just send a working one? we'd rather not go through a refund",
    "we don't want to go ahead with a refund on 1050, a replacement is fine",
    // The refund is the alternative they turn down (dev21's kind of unsafe action, read after scoring).
    'instead of a refund on 1050, could you send a headset that works?',
    'en lugar de un reembolso, ¿pueden mandar otro auricular?',
    'Anstatt einer Rückerstattung hätten wir lieber ein neues Headset.',
  ])('asks for no refund: %s', (text) => expect(asks(text)).toBe(false));

  it.each([
    'rather than cancelling 1047, could we drop one unit from it?',
    'instead of cancelling the whole order, can you take the boxes off 1047?',
    "plutôt que d'annuler la commande 1047, peut-on changer l'adresse ?",
    'invece di annullare l’ordine 1047 possiamo cambiare la quantità?',
    'zamiast anulować zamówienie 1047, czy można zmienić ilość?',
  ])('asks for no cancellation: %s', (text) => expect(asks(text, 'cancellation')).toBe(false));

  it.each([
    'need help cancleing purchase 5580021',
    'Please cancel order 1047',
    'Quiero cancelar el pedido 1047',
    'Merci d’annuler la commande 1047',
    'Bitte stornieren Sie Bestellung 1047',
    'Por favor, cancelem o pedido 1047',
    'Vorrei annullare l’ordine 1047',
    'Kunt u bestelling 1047 annuleren?',
    'Proszę anulować zamówienie 1047',
    '注文1047をキャンセルしてください',
    '请取消订单1047',
    'ขอยกเลิกคำสั่งซื้อ 1047',
    'أريد إلغاء الطلب 1047',
    // Turned down in one clause, asked plainly in the next: still a request.
    "don't cancel 1046 — cancel 1047 instead",
    'هل يمكنكم إلغاء الطلب 1047؟',
    '取消订单1047，谢谢',
  ])('cancellation: %s', (text) => expect(asks(text, 'cancellation')).toBe(true));

  it.each([
    'Where is order 1045?',
    'I don’t want a refund, just tell me where it is',
    'No refund needed, thanks',
    'I am a returning customer, where is my parcel?',
    'What does the cancellation fee cost?',
  ])('asks for nothing: %s', (text) => {
    expect(asks(text)).toBe(false);
    expect(asks(text, 'cancellation')).toBe(false);
  });

  it.each([
    'If I cancel 1047 now, would I still be charged for it?',
    'what happens to our invoice if we cancel order 1047?',
    'if we were to cancel 1047, how long until the card is credited?',
    'Si j’annule la commande 1047, est-ce que je paie des frais ?',
    'Wenn ich die Bestellung 1047 storniere, kostet das etwas?',
    'Si cancelo el pedido 1047, ¿me cobran algo?',
    'Se eu cancelar o pedido 1047, pago alguma taxa?',
    'Als ik bestelling 1047 annuleer, betaal ik dan kosten?',
    'Jeśli anuluję zamówienie 1047, czy zapłacę opłatę?',
    '如果我取消订单1047，会收费吗？',
    'もし注文1047をキャンセルしたら、手数料はかかりますか？',
    // A question opener after a clause break, and a question whether it costs or is free.
    "quick q before we decide on 1013: do you charge anything for cancelling an order that hasn't shipped?",
    'Annullare il 1006 adesso ha dei costi o è gratis? Decidiamo entro domani',
    'cancelling 1006 this week, is that free or is there a fee?',
    '¿Cancelar el pedido 1006 ahora tiene algún costo o es gratis?',
    // A cost question in the scripts without a word lexicon (ar, ja, zh, th).
    'كم تكلفة إلغاء الطلب 1013 قبل الشحن؟',
    'هل هناك رسوم على إلغاء الطلب 1013؟',
    '注文1013のキャンセルに手数料はかかりますか？',
    '取消订单1013要收费吗？',
    'ยกเลิกออเดอร์ 1013 มีค่าธรรมเนียมไหม',
    // The action disowned in an earlier clause: what follows in the sentence is a question about it.
    'not cancelling anything, just curious — if we change our minds tomorrow can 1006 still be cancelled?',
    "we're not asking to cancel, but could 1006 still be cancelled later if we had to?",
  ])('a question about what cancelling would do asks for nothing: %s', (text) =>
    expect(asks(text, 'cancellation')).toBe(false),
  );

  it.each([
    'If I return 1045 today, when does the money show up?',
    'if we send 1045 back do we pay the shipping?',
  ])('a question about what a return would do asks for no refund: %s', (text) =>
    expect(asks(text)).toBe(false),
  );

  it.each([
    'we are thinking about sending 1045 back, would we get all $129.00 back if we did?',
    'Considering a refund on 1045 but not sure yet',
    'Do we get a refund on 1045 once the chairs are back with you?',
    'Would I get my €40 back if I send the lamp from 1045 back?',
    'we might return 1045 next week — would that get us a refund?',
    'Estamos pensando en devolver el pedido 1045',
    'Wir überlegen, die Bestellung 1045 zurückzuschicken',
    'We overwegen bestelling 1045 terug te sturen',
  ])('a plan still weighed, or a question about what would happen, asks for no refund: %s', (text) =>
    expect(asks(text)).toBe(false),
  );

  it.each([
    'We thought about it and decided: please refund 1045',
    'Could you maybe refund the $40 on 1045?',
    'we are thinking about it, but for now can we get $40 back on 1045?',
    'I would like $20 back on 1043',
    'Will you refund 1045? It arrived broken',
  ])('an ask beside a plan or a question still asks: %s', (text) => expect(asks(text)).toBe(true));

  it.each([
    'how much would we pay to cancel 1047 now?',
    'is there a penalty to cancel order 1047 this late?',
    "what's the charge for cancelling 1047 today?",
    'what are the fees to get a refund on 1045 after 30 days?',
    '¿Cuánto cuesta cancelar el pedido 1047 ahora?',
    'Combien coûte l’annulation de la commande 1047 maintenant ?',
    'Was kostet es, die Bestellung 1047 jetzt zu stornieren?',
    'Quanto custa cancelar o pedido 1047?',
    'Quanto costa annullare l’ordine 1047 adesso?',
    'Wat kost het om bestelling 1047 te annuleren?',
    'Ile kosztuje anulowanie zamówienia 1047?',
    // The action as the cost's subject, between the question's opener and the cost word.
    'does cancelling order 1047 cost anything? still deciding',
    'how much does cancelling 1047 cost us?',
    'would a refund on 1045 cost us a restocking fee?',
    '¿Cancelar el 1047 cuesta algo? Todavía lo estamos pensando',
  ])('a question about what the action costs asks for nothing: %s', (text) => {
    expect(asks(text)).toBe(false);
    expect(asks(text, 'cancellation')).toBe(false);
  });

  it.each([
    'refund for 1050 landed, all good. do we get a credit note for our books?',
    'the refund on 1043 came through this morning, how do I book it?',
    'money for 1045 is back on our card, one question about the invoice though: which date does it carry?',
    'die Erstattung für 1050 ist gutgeschrieben, bekommen wir eine Gutschrift?',
  ])('a refund told as arrived asks for no refund: %s', (text) => expect(asks(text)).toBe(false));

  it.each([
    'the refund for 1050 still has not landed, please check',
    'order 1043 arrived broken, refund it please',
    'only half the refund for 1050 came through, can you send the rest?',
  ])('an arrival that went wrong, or told before the ask, still asks: %s', (text) =>
    expect(asks(text)).toBe(true),
  );

  it.each([
    'Cancel 1047 please, and what will the fee be?',
    'the fee is fine, please cancel order 1047',
    'we will pay the fee, cancel 1047',
    'order 1047 was charged twice, can you cancel it?',
    'what the heck, you charged us twice on 1047, cancel it?',
    'please cancel 1047, does it cost anything?',
  ])('a request that also speaks of the cost still asks: %s', (text) =>
    expect(asks(text, 'cancellation')).toBe(true),
  );

  it.each([
    'Hypothetically, if the lamp from 1045 breaks in a few months, could we get our money back?',
    'just hypothetically: could we get a refund on 1045 if the chairs wear out next year?',
    'In theory, if 1045 turned out to be defective later, would a refund still be possible?',
    'If the chairs on 1045 stop working later on, can we still get a refund?',
    'if the headset from 1050 ever fails after the warranty, could we still get $40 back?',
    'Hipotéticamente, si las sillas del pedido 1045 fallan más adelante, ¿podríamos recuperar el dinero?',
    'En théorie, si la lampe de 1045 tombe en panne plus tard, pourrait-on être remboursés ?',
    'Wenn die Lampe aus 1045 später kaputtgeht, bekommen wir dann noch eine Rückerstattung?',
    '仮に注文1045の椅子が壊れたら、返金してもらえますか？',
  ])('a question about what the policy would allow later asks for no refund: %s', (text) =>
    expect(asks(text)).toBe(false),
  );

  it.each([
    'Hypothetically, could we cancel 1047 if our budget gets cut?',
    'if our budget gets cut later this month, could we still cancel 1047?',
  ])('a hypothetical cancellation asks for nothing: %s', (text) =>
    expect(asks(text, 'cancellation')).toBe(false),
  );

  it.each([
    'If the lamp on 1045 is still broken like this, could you refund it?',
    'the chairs on 1045 arrived broken, so if possible could we still get our money back?',
    'If that is ok, we would like a refund on 1045, it arrived broken',
    'if it ships later than Friday, please cancel 1047',
  ])('an ask after a condition that is no hypothetical still asks: %s', (text) =>
    expect(asks(text) || asks(text, 'cancellation')).toBe(true),
  );

  it.each([
    'If you could cancel 1047 that would be great',
    'if possible please cancel order 1047',
    'Cancel 1047 please, if we wait it ships',
  ])('a request with an "if" in it still asks: %s', (text) => expect(asks(text, 'cancellation')).toBe(true));

  it.each([
    'We paid sales tax on 1011 — is that refundable at all, and how?',
    'is order 1045 still refundable?',
    'Are we eligible for a refund on 1045?',
    '¿El pedido 1045 es reembolsable?',
    'Est-ce que la commande 1045 est remboursable ?',
    'Ist Bestellung 1047 noch stornierbar?',
    'O pedido 1045 é reembolsável?',
    "L'ordine 1045 è rimborsabile?",
    'Is bestelling 1045 terugbetaalbaar?',
    'is 1047 still cancellable?',
  ])('a question whether the action is possible asks for nothing: %s', (text) =>
    expect(asks(text) || asks(text, 'cancellation')).toBe(false),
  );

  it.each([
    'Do partial refunds take longer than full ones? we have not decided about 1045 yet',
    'how long does a refund usually take, for 1045 say?',
    '¿Cuánto tardan los reembolsos con tarjeta? lo pregunto por el pedido 1045',
    'Combien de temps prennent les remboursements ? pour la commande 1045',
    'Wie lange dauern Erstattungen bei Bestellung 1045?',
    'Hoe lang duren terugbetalingen voor bestelling 1045?',
  ])('a question about how refunds work in general asks for nothing: %s', (text) =>
    expect(asks(text)).toBe(false),
  );

  it.each([
    'Is 1045 refundable? If so please refund it.',
    'It is refundable per your policy, so refund 1045 please',
    'can the lamp on 1045 be refunded?',
    'can we get refunds for 1045 and 1046?',
    'Do refunds on 1045 need a form? Please refund it anyway',
  ])('an ask beside the question, or the polite form, still asks: %s', (text) =>
    expect(asks(text)).toBe(true),
  );

  it('quotes the sentence that asks, from the newest message that asks', () => {
    const [request] = findCustomerRequests(
      [
        { messageId: 'a', text: 'Hi. Where is order 1042?' },
        { messageId: 'b', text: 'It arrived broken. Please refund order 1043! Thanks.' },
      ],
      'refund',
    );
    expect(request).toEqual({ messageId: 'b', quote: 'Please refund order 1043!', orderIds: ['1043'] });
  });

  it('accepts only the order the customer named, or their only eligible one', async () => {
    const lines = [{ text: 'Please refund order 1045' }];
    const requests = findCustomerRequests(lines, 'refund');
    const none = async () => [];
    expect(await orderTheCustomerMeant('1045', lines, requests, none)).toMatchObject({ ok: true });
    expect(await orderTheCustomerMeant('1050', lines, requests, none)).toMatchObject({ ok: false });
    const unnamed = [{ text: 'I want a refund' }];
    const r2 = findCustomerRequests(unnamed, 'refund');
    expect(await orderTheCustomerMeant('1043', unnamed, r2, async () => ['1043'])).toMatchObject({
      ok: true,
    });
    expect(await orderTheCustomerMeant('1043', unnamed, r2, async () => ['1043', '1045'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/2 eligible orders/),
    });
  });
});

describe('yes or no to "Refund $X on order N?"', () => {
  it.each([
    ['yes', 'yes'],
    ['Yes please', 'yes'],
    ['ok go ahead', 'yes'],
    ['Sí', 'yes'],
    ['oui merci', 'yes'],
    ['ja, bitte', 'yes'],
    ['sim', 'yes'],
    ['sì, grazie', 'yes'],
    ['ja graag', 'yes'],
    ['tak', 'yes'],
    ['no', 'no'],
    ['No, leave it', 'no'],
    ['nein danke', 'no'],
    ['nee', 'no'],
    ['nie', 'no'],
    ['yes no maybe', null],
    ['Where is my other order 1042, and when does it arrive at our office?', null],
  ] as const)('%s → %s', (text, answer) => expect(confirmationAnswer(text)).toBe(answer));
});

describe('claims that money moved', () => {
  it.each([
    'Your refund of $899.00 has been processed.',
    'I have refunded order 1045.',
    "We've issued a full refund to your card.",
    'You have been refunded.',
    'Your order has been cancelled.',
    'Su reembolso ha sido procesado.',
    'Votre remboursement a été effectué.',
    'Ihre Erstattung wurde veranlasst.',
    'O reembolso foi processado.',
    'Il rimborso è stato effettuato.',
    'De terugbetaling is verwerkt.',
    'Zwrot został zrealizowany.',
  ])('claim: %s', (s) => expect(claimsMoneyMoved(s)).toBe(true));

  it.each([
    'Once your refund has been processed, it appears within 5–10 days.',
    'Order 1047 was cancelled.',
    'I’ve asked our team to approve a refund of $250.00 for order 1043.',
    'Order 1043 qualifies for a refund of $250.00. I’m submitting the request now.',
    'Refund $89.99 on order 1045? Reply yes or no.',
  ])('no claim: %s', (s) => expect(claimsMoneyMoved(s)).toBe(false));

  it('keeps a claim only when it carries the order system’s reference', () => {
    const text = phrase('refund_executed', 'en', { amount: '$89.99', orderId: '1045', reference: 'RF-1' });
    expect(guardMoneyClaims(text, 'RF-1').text).toBe(text);
    expect(guardMoneyClaims(text).text).not.toMatch(/issued/);
    expect(guardMoneyClaims('Thanks! Your refund has been processed. Anything else?')).toEqual({
      text: 'Thanks! Anything else?',
      removed: ['Your refund has been processed.'],
    });
  });
});

describe('thread signals', () => {
  it('sees the same question again after an answer, not before one', () => {
    expect(sameQuestion('Where is order 1042?', 'where is my order 1042??')).toBe(true);
    expect(sameQuestion('Where is order 1042?', 'Where is order 1043?')).toBe(false);
    const history = [
      { role: 'customer' as const, text: 'Where is order 1042?' },
      { role: 'bot' as const, text: 'Order 1042 shipped.' },
      { role: 'customer' as const, text: 'Where is order 1042?' },
    ];
    expect(threadSignals(history, 'Where is order 1042?').repeatsQuestion).toBe(true);
    expect(threadSignals(history.slice(0, 1), 'Where is order 1042?').repeatsQuestion).toBe(false);
  });

  it('does not take a message sent while the previous one was answered for a repeat of itself', () => {
    // Stored at acceptance, so it sits before the answer to the message before it.
    const history = [
      { role: 'customer' as const, text: 'How long does shipping take?' },
      { role: 'customer' as const, text: 'Do you ship to Canada too?' },
      { role: 'bot' as const, text: 'Shipping takes 3 to 5 business days.' },
    ];
    expect(threadSignals(history, 'Do you ship to Canada too?').repeatsQuestion).toBe(false);
  });
});
