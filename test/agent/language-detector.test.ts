import { readFileSync } from 'node:fs';
import { eld } from 'eld/medium';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/agent/language.js';
import { createSubsetDetector } from '../../src/agent/language-detector.js';

// What customers write: the golden set (mostly English) plus sentences in every language the
// detector tells apart and a few it does not (they must fall back the same way).
const golden = ['train', 'dev', 'test']
  .map((split) => readFileSync(new URL(`../golden/${split}.jsonl`, import.meta.url), 'utf8'))
  .join('\n')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (JSON.parse(l) as { text: string }).text);
const sentences = [
  'Hola, ¿dónde está mi pedido? Lo compré hace una semana y todavía no ha llegado.',
  'Bonjour, je voudrais annuler ma commande et être remboursé, merci beaucoup.',
  'Hallo, meine Bestellung ist beschädigt angekommen, ich möchte eine Erstattung.',
  'Olá, o meu pedido ainda não chegou, podem verificar o estado da entrega?',
  'Ciao, vorrei sapere quando arriverà il mio ordine, grazie mille.',
  'Hoi, mijn bestelling is nog steeds niet aangekomen, kunnen jullie dat nakijken?',
  'Hej, min beställning har inte kommit fram ännu, kan ni kontrollera det?',
  'Dzień dobry, moje zamówienie jeszcze nie dotarło, proszę o sprawdzenie.',
  'Здравствуйте, мой заказ до сих пор не пришёл, проверьте пожалуйста.',
  'こんにちは、注文した商品がまだ届いていません。確認していただけますか。',
  'refund pls the box came wet',
  'ok thanks!',
];

describe('language detection on the subset database', () => {
  it("answers exactly as eld's full medium database with the same language subset", async () => {
    const full = eld.newInstance();
    full.setLanguageSubset([...SUPPORTED_LANGUAGES]);
    const subset = await createSubsetDetector(SUPPORTED_LANGUAGES);

    const texts = [...golden, ...sentences];
    expect(texts.length).toBeGreaterThan(150);
    const answers = (d: typeof subset) =>
      texts.map((t) => {
        const r = d.detect(t);
        return `${r.language}/${r.language ? r.isReliable() : '-'}`;
      });
    expect(answers(subset)).toEqual(answers(full));
  });
});
