import {
  answerSignal,
  askedUnit,
  questionType,
  statesUnit,
  type AnswerType,
  type TimeUnit,
} from './answer-type.js';
import { tokens } from './offline/text.js';

/** A block of an article (paragraph, list or table) with the heading it sits under. */
export interface Passage {
  text: string;
  heading?: string;
}

const MAX_PASSAGE_CHARS = 700;
// A passage shorter than this is a lead-in: the passage after it is quoted with it.
const SHORT_PASSAGE_CHARS = 120;
// A passage scoring within this of the best is quoted with it (one shared word less, say).
const RUNNER_UP_GAP = 1;
// A block that is one line ending in a colon introduces the list or table that follows it.
const INTRODUCES = /^[^\n]*:$/;

/** The article's passages in order; headings are kept as context, not as passages. */
export function splitPassages(body: string): Passage[] {
  const out: Passage[] = [];
  let heading: string | undefined;
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const rest: string[] = [];
    for (const line of lines) {
      const h = /^#+\s(.*)$/.exec(line);
      if (h) heading = h[1]!.trim();
      else rest.push(line);
    }
    const text = rest.join('\n').trim();
    const last = out[out.length - 1];
    // "The API limits requests per key per minute:" introduces the table after it: one passage.
    if (last && last.heading === heading && INTRODUCES.test(last.text) && text)
      last.text = `${last.text}\n\n${text}`;
    else if (text.length > 20) out.push({ text, heading });
  }
  return out;
}

/** A passage with the words choosePassage matches against (its heading's included). */
interface ReadPassage extends Passage {
  words: Set<string>;
}

/**
 * Articles read before: every knowledge-base question scores the passages of the same few
 * articles (up to six a message), and splitting and tokenizing depend on the body alone.
 * Bounded: emptied when full, and long bodies are not kept.
 */
const readBodies = new Map<string, ReadPassage[]>();
const READ_BODIES_MAX = 256;
const KEPT_BODY_MAX = 50_000;

function readPassages(body: string): ReadPassage[] {
  const known = readBodies.get(body);
  if (known) return known;
  const read = splitPassages(body).map((p) => ({
    ...p,
    words: new Set([...tokens(p.text), ...tokens(p.heading ?? '')]),
  }));
  if (body.length > KEPT_BODY_MAX) return read;
  if (readBodies.size >= READ_BODIES_MAX) readBodies.clear();
  readBodies.set(body, read);
  return read;
}

/** The passage chosen to answer a question, and whether it holds the kind of answer asked for. */
export interface PassageChoice {
  text: string;
  type: AnswerType;
  /** True when the question asks for a specific kind of answer and the passage has one. */
  answers: boolean;
  /** How clearly it holds that kind of answer, 0–1 (answer-type.ts `answerSignal`). */
  signal: number;
  /** Share of the question's words (its frame left out) that the passage or its heading has. */
  overlap: number;
}

// One clear answer of the asked type outweighs two or three shared words.
const SIGNAL_WEIGHT = 2.5;
// Articles lead with the rule ("You can return most items within 30 days…").
const LEAD_BONUS = 0.5;
// A numbered how-to list mentions durations in passing ("drop it off within 14 days"); it is
// the answer to "how do I", not to "how long", "how much" or "when".
const STEPS_PENALTY = 1;
// A figure in the very unit asked for ("7 days" for "how many days") outweighs a shared word.
const UNIT_BONUS = 1;
// The question's own frame says nothing about which passage answers it.
const QUESTION_WORDS = new Set(
  'how long much many when where what which who why does do can could would will is are'.split(' '),
);

function shorten(text: string): string {
  return text.length > MAX_PASSAGE_CHARS ? `${dropLastWord(text.slice(0, MAX_PASSAGE_CHARS - 3))}…` : text;
}

/**
 * The passage that answers the question: shared words (the heading counts) plus a bonus when it
 * holds the kind of answer the question asks for (a duration for "how long", an amount for "how
 * much", steps for "how do I"). On a tie the earlier passage wins: articles lead with the rule.
 */
export function choosePassage(
  body: string,
  question: string,
  type = questionType(question),
  /** The unit the question counts in ("how many days"), read from the customer's own words. */
  unit: TimeUnit | undefined = askedUnit(question),
): PassageChoice {
  const q = new Set(tokens(question).filter((w) => !QUESTION_WORDS.has(w)));
  const passages = readPassages(body);
  if (!passages.length) return { text: shorten(body.trim()), type, answers: false, signal: 0, overlap: 0 };
  let best = passages[0]!;
  let bestAt = 0;
  let bestScore = -1;
  let bestSignal = 0;
  let bestOverlap = 0;
  const scored: Array<{ at: number; score: number; overlap: number }> = [];
  for (const [i, p] of passages.entries()) {
    const overlap = [...q].filter((w) => p.words.has(w)).length;
    // "How many days do I have to report it?" is answered by a figure in days, even when it sits
    // in a how-to list ("3. Send us the photos within 7 days of delivery").
    const inUnit = type === 'duration' && unit !== undefined && statesUnit(unit, p.text);
    const signal = inUnit ? 1 : answerSignal(type, p.text);
    const steps = !inUnit && type !== 'steps' && type !== 'other' && /^[ \t]*\d+\.\s/m.test(p.text);
    const score =
      overlap +
      SIGNAL_WEIGHT * signal +
      (inUnit ? UNIT_BONUS : 0) +
      (i === 0 ? LEAD_BONUS : 0) -
      (steps ? STEPS_PENALTY : 0);
    scored.push({ at: i, score, overlap });
    if (score > bestScore) {
      best = p;
      bestAt = i;
      bestScore = score;
      bestSignal = signal;
      bestOverlap = overlap;
    }
  }
  // One short sentence ("Every approved return comes with a prepaid label.") leads into the
  // details after it: quote both, so the answer holds the figures the details give.
  const next = passages[bestAt + 1];
  let text = best.text.length < SHORT_PASSAGE_CHARS && next ? `${best.text}\n\n${next.text}` : best.text;
  const leadIn = text !== best.text;
  // A second passage that answers nearly as well is quoted too, in the article's order, when both
  // fit: the figure asked for is often in the passage beside the one sharing the most words.
  const runnerUp = scored
    .filter((c) => c.at !== bestAt && !(leadIn && c.at === bestAt + 1) && c.overlap > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)[0];
  if (runnerUp && runnerUp.score >= bestScore - RUNNER_UP_GAP) {
    const other = passages[runnerUp.at]!.text;
    if (text.length + other.length + 2 <= MAX_PASSAGE_CHARS)
      text = runnerUp.at < bestAt ? `${other}\n\n${text}` : `${text}\n\n${other}`;
  }
  return {
    text: shorten(text),
    type,
    answers: type !== 'other' && bestSignal > 0,
    signal: bestSignal,
    overlap: q.size ? bestOverlap / q.size : 0,
  };
}

/** The text without its last, cut-off word and the space before it (by index: no backtracking). */
function dropLastWord(text: string): string {
  const isSpace = (i: number) => /\s/.test(text[i - 1]!);
  let i = text.length;
  while (i > 0 && !isSpace(i)) i--;
  if (i === 0) return text;
  while (i > 0 && isSpace(i)) i--;
  return text.slice(0, i);
}
