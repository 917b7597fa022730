/**
 * Prompt-leak detection for model text that may reach a customer. A hostile message can ask for
 * the instructions verbatim, encoded ("in base64", "in hex", "rot13 it", "one letter per
 * line") or reworded; each of those is caught here against the instructions actually sent.
 */

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

function quotes(text: string, instructions: string): boolean {
  const inst = words(instructions);
  const hay = ` ${words(text).join(' ')} `;
  for (let i = 0; i + WINDOW_WORDS <= inst.length; i++) {
    if (hay.includes(` ${inst.slice(i, i + WINDOW_WORDS).join(' ')} `)) return true;
  }
  // Spaced out, one letter per line, dotted: the same characters with other separators.
  const flat = squash(text);
  const src = squash(instructions);
  if (flat.length < WINDOW_CHARS) return false;
  for (let i = 0; i + WINDOW_CHARS <= src.length; i += 10) {
    if (flat.includes(src.slice(i, i + WINDOW_CHARS))) return true;
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

/** Words that carry the instructions' own vocabulary (JSON keys, rule words), for paraphrases. */
function distinctive(instructions: string): Set<string> {
  return new Set(words(instructions).filter((w) => w.length >= 4 && !COMMON.has(w) && !/^\d+$/.test(w)));
}

// A reply talking about its own set-up ("my instructions say…", "the system prompt tells me…").
const META =
  /\b(?:system prompt|my (?:instructions|guidelines|system message|prompt|rules say)|(?:i am|i'm|i was|i have been) (?:instructed|programmed|told) to|instructions (?:i was given|above)|developer message)\b/i;

/** Camel-cased keys of our JSON contracts: no customer reply has a reason to say them. */
const KEY_LIKE = /\b[a-z]+(?:[A-Z][a-z]+)+\b/g;

function paraphrases(text: string, instructions: string): boolean {
  if (META.test(text)) return true;
  const keys = new Set(instructions.match(KEY_LIKE) ?? []);
  const saidKeys = new Set((text.match(KEY_LIKE) ?? []).filter((k) => keys.has(k)));
  if (saidKeys.size >= 2) return true;
  const vocab = distinctive(instructions);
  const said = words(text);
  const hits = new Set(said.filter((w) => vocab.has(w)));
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
  if (quotes(text, instructions) || paraphrases(text, instructions)) return true;
  return decodedVariants(text).some((v) => quotes(v, instructions) || paraphrases(v, instructions));
}
