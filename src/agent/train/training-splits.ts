import path from 'node:path';
import {
  GOLDEN_SPLITS,
  loadGoldenSet,
  TRAINING_SPLITS,
  type GoldenMessage,
  type TrainingSplit,
} from '../eval/golden.js';
import { fold } from '../offline/text.js';

/** A message's words, folded: how the corpus test and this file tell two lines apart. */
export function lineKey(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A training split's messages, less any whose words are those of a line in a split training may
 * not read (test, dev12, any later set). Writers repeat short lines ("thanks!", a bare order
 * number) and now and then a longer one across sets; fitted, such a line would score itself
 * when the held-out set is evaluated. Only the keys of the other splits are compared: nothing of
 * them is fitted.
 */
export async function loadTrainingSplit(
  split: TrainingSplit,
  /** Training splits held out of this fit (`--hold-out`): their lines are left out the same way. */
  heldOut: readonly TrainingSplit[] = [],
): Promise<GoldenMessage[]> {
  const held = await heldOutKeys(heldOut);
  const messages = await loadGoldenSet(path.resolve(`test/golden/${split}.jsonl`));
  return messages.filter((m) => !held.has(lineKey(m.text)));
}

/** The keys of every line no fit may hold: the splits outside TRAINING_SPLITS and `heldOut`. */
export async function heldOutKeys(heldOut: readonly TrainingSplit[] = []): Promise<Set<string>> {
  const allowed = new Set<string>(TRAINING_SPLITS.filter((s) => !heldOut.includes(s)));
  const held = new Set<string>();
  for (const s of GOLDEN_SPLITS.filter((g) => !allowed.has(g)))
    for (const m of await loadGoldenSet(path.resolve(`test/golden/${s}.jsonl`))) held.add(lineKey(m.text));
  return held;
}

/** The training splits a fit on `splits` holds out (`--hold-out`): none when it reads them all. */
export function heldOutOf(splits: readonly TrainingSplit[]): TrainingSplit[] {
  return TRAINING_SPLITS.filter((s) => !splits.includes(s));
}
