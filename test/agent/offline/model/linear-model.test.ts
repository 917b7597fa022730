import { beforeAll, describe, expect, it } from 'vitest';
import { featurize } from '../../../../src/agent/offline/model/features.js';
import { predict, softmax } from '../../../../src/agent/offline/model/linear-model.js';
import { model, useHeadModel, warmHeadsTogether } from '../../../../src/agent/offline/model/models.js';

/** The probabilities straight from the file's class rows (weights[c * dims + feature]). */
function byClassRows(head: Parameters<typeof model>[0], text: string): Record<string, number> {
  const m = model(head);
  const x = featurize(text);
  const z = new Float64Array(m.classes.length);
  m.classes.forEach((_, c) => {
    let s = m.bias[c]!;
    for (let i = 0; i < x.index.length; i++) s += m.weights[c * m.dims + x.index[i]!]! * x.value[i]!;
    z[c] = s;
  });
  const p = softmax(z, m.temperature);
  return Object.fromEntries(m.classes.map((c, i) => [c, p[i]!]));
}

describe('predict', () => {
  // As the offline engine reads them: the four heads side by side.
  beforeAll(() => warmHeadsTogether());
  const texts = [
    'Where is order 1042?',
    'someone logged into our account from another country and placed orders',
    'Je voudrais être remboursé, la commande est arrivée cassée',
    'thanks!',
  ];

  it.each(['intent', 'urgency', 'sentiment', 'concern'] as const)(
    'gives the %s head the probabilities its class rows give, to the last bit',
    (head) => {
      for (const text of texts)
        expect(predict(model(head), text).probabilities).toEqual(byClassRows(head, text));
    },
  );

  it('answers a head asked again about the same message as it did the first time, and a new message anew', () => {
    const first = predict(model('concern'), texts[1]!);
    predict(model('intent'), texts[1]!);
    expect(predict(model('concern'), texts[1]!)).toEqual(first);
    expect(predict(model('concern'), texts[0]!).probabilities).toEqual(byClassRows('concern', texts[0]!));
  });

  it('reads a head put in place of the file (training does) from its own weights, and the file again after', () => {
    const file = model('intent');
    const text = texts[0]!;
    predict(model('urgency'), text);
    const swapped = { ...file, bias: file.bias.map((b, c) => (c === 1 ? b + 100 : b)) };
    useHeadModel('intent', swapped);
    try {
      expect(predict(model('intent'), text).label).toBe(file.classes[1]);
      expect(predict(model('urgency'), text).probabilities).toEqual(byClassRows('urgency', text));
    } finally {
      useHeadModel('intent', undefined);
    }
    expect(predict(model('intent'), text).probabilities).toEqual(byClassRows('intent', text));
  });
});
