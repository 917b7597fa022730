/**
 * Prompt-leak detection for model text that may reach a customer. A hostile message can ask for
 * the instructions verbatim, encoded ("in base64", "in hex", "rot13 it", "one letter per
 * line") or reworded; each of those is caught here against the instructions actually sent.
 */

import { INTENTS } from '../../domain/index.js';
import { decodedVariants } from '../guardrails/decode.js';

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** Letters and digits only: "Y-o-u a.r.e S w i t c h" and "You are Switch" squash alike. */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const WINDOW_WORDS = 8;
const WINDOW_CHARS = 40;

/**
 * What the checks compare a text against, computed once per distinct instructions text (they are
 * the same for every message of a tenant's settings): every eight-word run and every forty-letter
 * stretch at a ten-letter step, as sets, so a reply is checked in one pass over its own words and
 * letters instead of searching it once per window of the instructions (about 10 ms a message).
 */
interface Prepared {
  wordRuns: Set<string>;
  letterRuns: Set<string>;
  keys: Set<string>;
  vocab: Set<string>;
}

const PREPARED_MAX = 32;
const prepared = new Map<string, Prepared>();

function prepare(instructions: string): Prepared {
  const hit = prepared.get(instructions);
  if (hit) {
    // Most recently used last: the oldest is the first evicted.
    prepared.delete(instructions);
    prepared.set(instructions, hit);
    return hit;
  }
  const inst = words(instructions);
  const wordRuns = new Set<string>();
  for (let i = 0; i + WINDOW_WORDS <= inst.length; i++)
    wordRuns.add(inst.slice(i, i + WINDOW_WORDS).join(' '));
  const src = squash(instructions);
  const letterRuns = new Set<string>();
  for (let i = 0; i + WINDOW_CHARS <= src.length; i += 10) letterRuns.add(src.slice(i, i + WINDOW_CHARS));
  const p: Prepared = {
    wordRuns,
    letterRuns,
    keys: new Set(instructions.match(KEY_LIKE) ?? []),
    vocab: distinctive(instructions),
  };
  prepared.set(instructions, p);
  if (prepared.size > PREPARED_MAX) prepared.delete(prepared.keys().next().value!);
  return p;
}

function quotes(text: string, p: Prepared): boolean {
  const said = words(text);
  for (let i = 0; i + WINDOW_WORDS <= said.length; i++) {
    if (p.wordRuns.has(said.slice(i, i + WINDOW_WORDS).join(' '))) return true;
  }
  // Spaced out, one letter per line, dotted: the same characters with other separators.
  const flat = squash(text);
  if (flat.length < WINDOW_CHARS) return false;
  for (let i = 0; i + WINDOW_CHARS <= flat.length; i++) {
    if (p.letterRuns.has(flat.slice(i, i + WINDOW_CHARS))) return true;
  }
  return false;
}

// Words any support reply may use, however often: they say nothing about the instructions.
const COMMON = new Set(
  (
    'the and for are you your with that this from have has not but can will when what which who how ' +
    'any all one two only than then them they their there here into onto about after before each ' +
    'order orders customer customers message messages refund refunds cancel return returns store ' +
    'office supplies support team person people staff help please thank thanks would could should ' +
    'answer reply language english time day days date dates amount amounts item items account ' +
    'policy shipping delivery tracking number email follow soon sorry unfortunately also just like ' +
    'need needs want wants know let does done make sure been were was being it its our ours we us'
  ).split(' '),
);
// The intent descriptions name the topics customers write about ("contact details", "passwords",
// "lost data"): help-center text uses the same words, so they are not the instructions' own.
for (const intent of Object.values(INTENTS)) for (const w of words(intent.description)) COMMON.add(w);

/** Words that carry the instructions' own vocabulary (JSON keys, rule words), for paraphrases. */
function distinctive(instructions: string): Set<string> {
  return new Set(words(instructions).filter((w) => w.length >= 4 && !COMMON.has(w) && !/^\d+$/.test(w)));
}

// A reply talking about its own set-up ("my instructions say…", "the system prompt tells me…").
const META =
  /\b(?:system prompt|my (?:instructions|guidelines|system message|prompt|rules say)|(?:i am|i'm|i was|i have been) (?:instructed|programmed|told) to|instructions (?:i was given|above)|developer message)\b/i;

/** Camel-cased keys of our JSON contracts: no customer reply has a reason to say them. */
const KEY_LIKE = /\b[a-z]+(?:[A-Z][a-z]+)+\b/g;

function paraphrases(text: string, p: Prepared): boolean {
  if (META.test(text)) return true;
  const saidKeys = new Set((text.match(KEY_LIKE) ?? []).filter((k) => p.keys.has(k)));
  if (saidKeys.size >= 2) return true;
  const said = words(text);
  const hits = new Set(said.filter((w) => p.vocab.has(w)));
  // Six of the instructions' own words, making up a good share of the reply, is a retelling.
  return hits.size >= 6 && hits.size / Math.max(1, new Set(said).size) >= 0.2;
}

/**
 * True when the text leaks the instructions: any eight-word run or forty-character stretch of
 * them (also base64-, hex- or rot13-encoded, reversed, or spaced out), or a retelling in other
 * words (their JSON keys, their rule vocabulary, or talk about "my instructions").
 */
export function echoesPrompt(text: string, instructions: string): boolean {
  if (!text.trim()) return false;
  const p = prepare(instructions);
  if (quotes(text, p) || paraphrases(text, p)) return true;
  return decodedVariants(text).some((v) => quotes(v, p) || paraphrases(v, p));
}
