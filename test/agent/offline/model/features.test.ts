import { describe, expect, it } from 'vitest';
import { FEATURE_DIMS, featurize, normalizeForModel } from '../../../../src/agent/offline/model/features.js';
import { conceptsOf } from '../../../../src/agent/offline/model/lexicon.js';

/** The features as the models were trained on them: every key built as a string and hashed. */
function byStringKeys(text: string): Map<number, number> {
  const fnv = (s: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return (h >>> 0) % FEATURE_DIMS;
  };
  const counts = new Map<number, number>();
  const add = (key: string, weight: number) => counts.set(fnv(key), (counts.get(fnv(key)) ?? 0) + weight);
  const normalized = normalizeForModel(text.slice(0, 4000));
  for (const concept of conceptsOf(normalized)) add(`k:${concept}`, 4);
  const words = normalized.split(/[^\p{L}\p{N}<>']+/u).filter(Boolean);
  words.forEach((w, i) => {
    add(`w:${w}`, 1);
    if (i > 0) add(`b:${words[i - 1]} ${w}`, 1);
    const padded = ` ${w} `;
    for (let n = 2; n <= 4; n++)
      for (let j = 0; j + n <= padded.length; j++) add(`c${n}:${padded.slice(j, j + n)}`, 0.5);
  });
  if (!words.length) add('empty', 1);
  return counts;
}

describe('featurize', () => {
  // The committed models read these exact buckets: hashing without building the keys must agree.
  it.each([
    'Where is order 1042?',
    'Please refnud my $25.00 order, it arrived broken!!',
    "Je voudrais être remboursé de 12,50 € s'il vous plaît",
    'Zwrot pieniędzy za zamówienie 1043 — dziękuję',
    '注文はどこですか',
    'พนักงาน โปรด',
    'math 𝒜𝒷 and emoji 😀 in one word😀x',
    "don't <money> a b",
    '',
    '   ',
    'x'.repeat(4100),
  ])('gives the buckets and counts the string keys give: %s', (text) => {
    const expected = byStringKeys(text);
    const v = featurize(text);
    const keys = [...expected.keys()].sort((a, b) => a - b);
    expect([...v.index]).toEqual(keys);
    const raw = keys.map((k) => Math.log1p(expected.get(k)!));
    const norm = Math.sqrt(raw.reduce((s, x) => s + x * x, 0)) || 1;
    expect([...v.value]).toEqual(raw.map((x) => x / norm));
  });

  it('starts each message from empty counts', () => {
    const first = featurize('refund my order please');
    featurize('something else entirely');
    const again = featurize('refund my order please');
    expect([...again.index]).toEqual([...first.index]);
    expect([...again.value]).toEqual([...first.value]);
  });
});
