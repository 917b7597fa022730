import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import { namedItemsRefund } from '../../src/agent/refund-items.js';
import { callTools, say } from '../support/fake-openai.js';
import {
  inputFor,
  JORDAN,
  scriptedLlmAgent,
  understoodRefund,
  useSeededWithFakeModel,
} from './agent-input.js';

const line = (name: string, quantity: number, unitPriceMinor: number) => ({
  sku: name.slice(0, 6),
  name,
  quantity,
  unitPriceMinor,
});
const deskAndArm = {
  totalMinor: 67_899,
  items: [line('Standing desk frame', 1, 58_900), line('Dual monitor arm', 1, 8_999)],
};
const deskAndLamp = {
  totalMinor: 62_000,
  items: [line('Standing desk frame', 1, 58_900), line('LED desk lamp', 1, 3_100)],
};
const twoCabinets = { totalMinor: 75_000, items: [line('Locking file cabinet', 2, 37_500)] };
const routerAndFee = {
  totalMinor: 50_001,
  items: [line('Business Wi-Fi router', 1, 50_000), line('Handling fee', 1, 1)],
};
const amount = (order: Parameters<typeof namedItemsRefund>[0], text: string) => {
  const part = namedItemsRefund(order, [text]);
  return part === null ? 'whole order' : 'unnamed' in part ? 'a person picks' : part.amountMinor;
};

describe('the part of an order a refund asks for, from the order’s own lines', () => {
  it('is the line the customer asks back, with fewer units when they say so', () => {
    expect(amount(deskAndArm, 'only need the arm refunded, the frame is fine')).toBe(8_999);
    expect(amount(deskAndArm, 'can you refund the monitor arm? clamp is missing')).toBe(8_999);
    expect(amount(deskAndLamp, 'please credit us for the lamp, it flickers')).toBe(3_100);
    expect(amount(twoCabinets, 'refund one of the cabinets, its door is dented')).toBe(37_500);
    expect(amount(twoCabinets, 'we want 1 cabinet refunded, keeping the other')).toBe(37_500);
  });

  it('is the whole order when they ask for the order, all of it, or every product in it', () => {
    // The order is asked back; the product is the reason.
    expect(amount(deskAndArm, 'Refund order 1007 please, the desk motor died')).toBe('whole order');
    expect(amount(deskAndArm, 'refund the desk and the arm, both came scratched')).toBe('whole order');
    expect(amount(deskAndArm, 'money back for everything on 1007 please')).toBe('whole order');
    expect(amount(twoCabinets, 'refund the cabinets please, the locks jam')).toBe('whole order');
    expect(amount(twoCabinets, 'Nous voulons un remboursement intégral, les armoires sont abîmées')).toBe(
      'whole order',
    );
    // The router is every product on the order; the fee goes with it.
    expect(amount(routerAndFee, 'refund the router, it will not power on')).toBe('whole order');
    // "desk" is in both names: alone it names neither line (a person asks which); beside "lamp" it is the other one.
    expect(amount(deskAndLamp, 'refund the desk please')).toBe('a person picks');
    expect(amount(deskAndLamp, 'money back for the desk and lamp please, desk wobbles')).toBe('whole order');
    expect(amount(deskAndLamp, 'refund the desk lamp, it buzzes')).toBe(3_100);
    // What they keep is not what they ask back.
    expect(amount(deskAndArm, 'refund the arm, we are keeping the desk')).toBe(8_999);
    expect(amount(deskAndLamp, 'refund everything except the lamp')).toBe(58_900);
    expect(amount(deskAndArm, 'please refund order 1007, we will keep the arm')).toBe(58_900);
    // Keeping denied: those lines are asked back.
    expect(amount(deskAndArm, 'refund 1007, we are not keeping the desk or the arm')).toBe('whole order');
    expect(amount(deskAndArm, "refund 1007, we won't be keeping the arm or the desk")).toBe('whole order');
    expect(amount(deskAndLamp, "refund the lamp, we don't keep faulty stuff")).toBe(3_100);
    expect(
      amount(deskAndArm, "refund order 1007 since we're not keeping the standing frame or the arm"),
    ).toBe('whole order');
  });

  it('is for a person when a part is asked back in words no line has (another language), never the whole order', () => {
    // The catalogue names lines in English; these customers name one of them in their own language.
    for (const text of [
      'Hola, solo la lámpara del pedido 1027 por favor, parpadea',
      'Queremos el reembolso de la silla rota, el resto está bien',
      'uno de los dos armarios llegó abollado, ¿nos devuelven ese?',
      'Bitte nur den Monitorarm erstatten, der Tisch bleibt',
      'Pouvez-vous rembourser uniquement la lampe ? Elle clignote',
      "l'une des deux armoires est cassée, remboursez celle-là svp",
      'Gostaríamos do reembolso da luminária, o resto ficou ótimo',
      'Potete rimborsare solo la lampada? La scrivania va bene',
      'Prosimy o zwrot za lampę z zamówienia 1027, biurko zostaje',
      'refund everything except the cushions please',
      'just the seat pads need refunding, they tore',
    ])
      expect(amount(deskAndLamp, text), text).toBe('a person picks');
  });

  it('is the line whose own word the part has, in any language’s grammar', () => {
    expect(amount(deskAndLamp, 'Kunnen jullie alleen de lamp terugbetalen? Het bureau houden we')).toBe(
      3_100,
    );
    expect(amount(twoCabinets, 'one of the two cabinets arrived dented. refund just that one?')).toBe(37_500);
    expect(amount(deskAndArm, 'Nur den arm bitte, der Rest passt')).toBe(8_999);
  });

  it('reads tax and shipping asked back as a part: the order’s own line, or a person', () => {
    const withShipping = {
      totalMinor: 62_500,
      items: [...deskAndLamp.items, line('Shipping', 1, 500)],
    };
    expect(amount(deskAndLamp, 'can the sales tax on 1027 be refunded? we are exempt now')).toBe(
      'a person picks',
    );
    expect(amount(deskAndLamp, '¿Pueden reembolsar el IVA del pedido 1027?')).toBe('a person picks');
    expect(amount(deskAndLamp, 'Bitte die Versandkosten von 1027 erstatten')).toBe('a person picks');
    expect(amount(withShipping, 'please refund the shipping on 1027, it came a week late')).toBe(500);
    // The reason is not what is asked back; all of it "including shipping" is the whole order.
    expect(amount(withShipping, 'I want a refund because shipping took forever')).toBe('whole order');
    expect(amount(withShipping, 'refund the whole order including shipping')).toBe('whole order');
  });

  it('stays the whole order when the words ask for the order, its money or all of it, in any language', () => {
    for (const text of [
      'Quiero el reembolso del pedido 1027, llegó tarde',
      'Rückerstattung der Bestellung 1027 bitte',
      'remboursement de la commande 1027 svp',
      'reembolso completo de los dos, por favor',
      'just wanted to ask for a refund on 1027',
      'only the refund please, no replacement',
      'refund to my card please',
      'can I get a refund for the damaged order?',
      'Nur eine Frage: bekomme ich eine Rückerstattung für 1027?',
    ])
      expect(amount(deskAndLamp, text), text).toBe('whole order');
  });
});

// Order 1044 is Acme's $750.00 order: a shelving unit ($310), a file cabinet ($375) and an assembly
// service ($65), delivered ten days ago.
const seeded = useSeededWithFakeModel();

describe('a refund of part of an order is proposed for that part', () => {
  const offline = () => createOfflineAgent({ clock: seeded.env.clock, logger: pino({ level: 'silent' }) });

  it('offline: the assembly service on 1044 is $65.00, not the $750.00 order', async () => {
    const r = await offline().run(
      await inputFor(
        seeded.env,
        seeded.kb,
        JORDAN,
        'we built everything ourselves, so please refund the assembly service on 1044',
      ),
    );
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1044', amountMinor: 6_500 });
    expect(r.reply?.text).toContain('$65.00');
  });

  it('offline: "refund 1044, the cabinet lock is broken" is still the whole order', async () => {
    const r = await offline().run(
      await inputFor(seeded.env, seeded.kb, JORDAN, 'refund 1044 please, the cabinet lock is broken'),
    );
    expect(r.proposedAction).toMatchObject({ type: 'refund', orderId: '1044', amountMinor: 75_000 });
  });

  it('offline: a part named in Spanish is not refunded as the whole $750.00 order; a person picks the lines', async () => {
    const r = await offline().run(
      await inputFor(
        seeded.env,
        seeded.kb,
        JORDAN,
        'Por favor, reembolso solo del servicio de montaje del pedido 1044, lo montamos nosotros',
      ),
    );
    expect(r.proposedAction).toBeUndefined();
    expect(r.route).toBe('escalate');
    expect(r.reason).toMatch(/part of order 1044/);
  });

  it('LLM: a full-order refund proposed for a part named in another language goes to a person', async () => {
    seeded.fake.script(
      understoodRefund('1044'),
      callTools({ name: 'propose_refund', args: { orderId: '1044' } }),
      say({ reply: 'He pedido el reembolso del pedido 1044.', citations: [], needsEscalation: false }),
      say({
        summary: 'The customer wants part of order 1044 refunded.',
        internalNote: 'Amount check.',
        customerMessage: 'Una persona le responderá.',
      }),
    );
    const r = await scriptedLlmAgent(seeded.env, seeded.fake).run(
      await inputFor(
        seeded.env,
        seeded.kb,
        JORDAN,
        'Bitte nur den Aufbauservice von 1044 erstatten, wir haben selbst montiert',
      ),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(/part of order 1044 in words none of its lines has/);
  });

  it('LLM: a model proposing the whole order when the customer named one line goes to a person', async () => {
    seeded.fake.script(
      understoodRefund('1044'),
      callTools({ name: 'propose_refund', args: { orderId: '1044' } }),
      say({ reply: 'I have asked our team to refund order 1044.', citations: [], needsEscalation: false }),
      say({
        summary: 'The customer wants part of order 1044 refunded.',
        internalNote: 'Amount check.',
        customerMessage: 'A person will follow up.',
      }),
    );
    const r = await scriptedLlmAgent(seeded.env, seeded.fake).run(
      await inputFor(
        seeded.env,
        seeded.kb,
        JORDAN,
        'please refund the assembly service on 1044, our crew assembled it',
      ),
    );
    expect(r.route).toBe('escalate');
    expect(r.proposedAction).toBeUndefined();
    expect(r.reason).toMatch(
      /asked for 1 × Assembly service \(\$65\.00\), but the proposal is for the full \$750\.00/,
    );
  });
});
