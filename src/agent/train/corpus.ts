import type { Intent, Urgency } from '../../domain/index.js';
import type { LanguageBank } from './banks/bank.js';
import { de } from './banks/de.js';
import { en } from './banks/en.js';
import { es } from './banks/es.js';
import { fr } from './banks/fr.js';
import { it } from './banks/it.js';
import { nl } from './banks/nl.js';
import { ar, ja, th, zh } from './banks/other-scripts.js';
import { pl } from './banks/pl.js';
import { pt } from './banks/pt.js';
import { INCIDENT_BANKS } from './banks/incidents/index.js';
import { storiesFor, tellAsStory } from './story.js';

export const BANKS: LanguageBank[] = [en, es, fr, de, pt, it, nl, pl, ja, zh, th, ar];

export const CONCERNS = ['none', 'security', 'outage', 'data_loss', 'billing_error'] as const;
export type Concern = (typeof CONCERNS)[number];

/** One labelled training message. */
export interface CorpusRecord {
  text: string;
  language: string;
  intent: Intent;
  urgency: Urgency;
  sentiment: 'negative' | 'neutral' | 'positive';
  concern: Concern;
  /** How the generator voiced it (for reading the corpus, not a label). */
  voice: Voice;
  /**
   * Fitted by the concern head only: the incident banks' phrasings, near misses and every
   * story-told copy. The intent, urgency and sentiment heads learn from the language banks as
   * before, so the concern model's new data cannot move a refund's or a route's confidence.
   */
  concernOnly?: true;
}

type Voice = 'plain' | 'terse' | 'polite' | 'typos' | 'angry' | 'rambling' | 'happy' | 'story';
const VOICES: Voice[] = ['plain', 'terse', 'polite', 'typos', 'angry', 'rambling', 'happy'];

const CONCERN_INTENT: Record<Exclude<Concern, 'none'>, Intent> = {
  security: 'account',
  outage: 'technical',
  data_loss: 'technical',
  billing_error: 'billing',
};

/** The text's own urgency, before plan rules: the policy the README's Quality section states. */
function urgencyOf(intent: Intent, concern: Concern, urgent: boolean): Urgency {
  if (concern === 'security') return 'critical';
  if (concern !== 'none' || urgent) return 'high';
  return intent === 'general' || intent === 'other' ? 'low' : 'medium';
}

const SMALL_BANKS = ['ja', 'zh', 'th', 'ar'];

const COUNTRIES = [
  'Canada',
  'Mexico',
  'Germany',
  'the UK',
  'Brazil',
  'Japan',
  'Australia',
  'Poland',
  'Italy',
];

/** FNV-1a of a string: seeds each template's variants independently of file order. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function amount(r: () => number, language: string): string {
  const major = [12, 40, 89.99, 250, 400, 899, 4000, 1250, 35.5][Math.floor(r() * 9)]!;
  const shown = Number.isInteger(major) ? String(major) : major.toFixed(2);
  if (language === 'en') return `$${major >= 1000 && r() < 0.5 ? major.toLocaleString('en-US') : shown}`;
  if (language === 'pl') return `${shown.replace('.', ',')} zł`;
  return r() < 0.5 ? `${shown.replace('.', ',')} €` : `€${shown}`;
}

function orderNumber(r: () => number): string {
  const digits = 4 + Math.floor(r() * 4);
  let s = String(1 + Math.floor(r() * 9));
  while (s.length < digits) s += String(Math.floor(r() * 10));
  return s;
}

function fillSlots(template: string, bank: LanguageBank, r: () => number): string {
  return template
    .replace(/\{order\}/g, () => pick(r, bank.orderRefs).replace('{n}', orderNumber(r)))
    .replace(/\{n\}/g, () => orderNumber(r))
    .replace(/\{amount\}/g, () => amount(r, bank.language))
    .replace(/\{item\}/g, () => pick(r, bank.items))
    .replace(/\{country\}/g, () => pick(r, COUNTRIES));
}

/** One or two typos a hurried person makes: a dropped, doubled or swapped letter. */
function typos(text: string, r: () => number): string {
  const words = text.split(' ');
  const candidates = words.map((w, i) => (/^\p{L}{4,}$/u.test(w) ? i : -1)).filter((i) => i >= 0);
  const count = Math.min(candidates.length, 1 + Math.floor(r() * 2));
  for (let k = 0; k < count; k++) {
    const i = pick(r, candidates);
    const w = words[i]!;
    const p = 1 + Math.floor(r() * (w.length - 2));
    const op = Math.floor(r() * 3);
    words[i] =
      op === 0
        ? w.slice(0, p) + w.slice(p + 1)
        : op === 1
          ? w.slice(0, p) + w[p] + w.slice(p)
          : w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
  }
  return words.join(' ');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Voiced {
  text: string;
  sentiment: CorpusRecord['sentiment'];
  urgent: boolean;
}

function voice(core: string, v: Voice, bank: LanguageBank, negative: boolean, r: () => number): Voiced {
  let sentiment: CorpusRecord['sentiment'] = negative ? 'negative' : 'neutral';
  let urgent = false;
  let text = core;
  switch (v) {
    case 'plain':
      text = r() < 0.5 ? cap(core) : core;
      break;
    case 'terse':
      text = core.replace(/[?!.,¿¡]/g, '').toLowerCase();
      break;
    case 'polite':
      text = `${cap(pick(r, bank.greetings))}, ${core} ${cap(pick(r, bank.closings))}${r() < 0.3 ? ' 🙏' : ''}`;
      break;
    case 'typos':
      text = typos(core, r);
      break;
    case 'angry': {
      const anger = pick(r, bank.anger);
      text = r() < 0.5 ? `${cap(core)}!! ${cap(anger)}` : `${cap(anger)}. ${core}`;
      if (r() < 0.3) text = text.toUpperCase();
      if (r() < 0.3) text += ' 😡';
      sentiment = 'negative';
      break;
    }
    case 'rambling': {
      const parts = [cap(pick(r, bank.greetings)), `${cap(pick(r, bank.fillers))},`, core];
      if (r() < 0.4) {
        parts.push(`${cap(pick(r, bank.urgent))}.`);
        urgent = true;
      }
      parts.push(cap(pick(r, bank.closings)));
      text = parts.join(' ');
      break;
    }
    case 'happy':
      if (negative) {
        text = `${cap(core)}. ${cap(pick(r, bank.urgent))}!`;
        urgent = true;
      } else {
        text = `${cap(pick(r, bank.praise))}! ${core}${r() < 0.4 ? ' 🙂' : ''}`;
        sentiment = 'positive';
      }
      break;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), sentiment, urgent };
}

/** Variants per phrasing: English has the most phrasings, the others fewer but more voices each. */
function variantsFor(language: string): number {
  if (language === 'en') return 6;
  return SMALL_BANKS.includes(language) ? 4 : 7;
}

/**
 * The training corpus, deterministically: every phrasing of every bank in several voices, with
 * slots filled. A phrasing goes wholly to dev or wholly to train (by its hash), so dev measures
 * phrasings the model never saw, not new voicings of seen ones.
 */
export function generateCorpus(): { train: CorpusRecord[]; dev: CorpusRecord[] } {
  const train: CorpusRecord[] = [];
  const dev: CorpusRecord[] = [];
  for (const bank of BANKS) {
    const incidents = INCIDENT_BANKS[bank.language];
    const items: Array<{ template: string; intent: Intent; concern: Concern; concernOnly: boolean }> = [];
    const add = (
      source: Pick<LanguageBank, 'concerns'> & { intents: Partial<LanguageBank['intents']> },
      concernOnly: boolean,
    ) => {
      for (const [intent, list] of Object.entries(source.intents) as Array<[Intent, string[]]>) {
        for (const template of list) items.push({ template, intent, concern: 'none', concernOnly });
      }
      for (const [concern, list] of Object.entries(source.concerns) as Array<
        [Exclude<Concern, 'none'>, string[]]
      >) {
        for (const template of list)
          items.push({ template, intent: CONCERN_INTENT[concern], concern, concernOnly });
      }
    };
    add(bank, false);
    // The incident banks teach the concern head alone (CorpusRecord.concernOnly).
    if (incidents) add({ intents: incidents.nearMisses, concerns: incidents.concerns }, true);
    for (const { template, intent, concern, concernOnly } of items) {
      const key = `${bank.language}|${template}`;
      // The four small banks train whole: a held-out phrasing there has too few neighbours to say much.
      const small = SMALL_BANKS.includes(bank.language);
      const target = !small && hash(key) % 6 === 0 ? dev : train;
      const negative = template.startsWith('!');
      const body = negative ? template.slice(1) : template;
      const n = variantsFor(bank.language);
      for (let v = 0; v < n; v++) {
        const r = rng(hash(`${key}#${v}`));
        const core = fillSlots(body, bank, r);
        const chosen = VOICES[(v + (hash(key) % VOICES.length)) % VOICES.length]!;
        // "Other" stays plain: an angry or rambling weather question is still off-topic, but
        // greetings and closings alone would teach the model that politeness means "other".
        const vv: Voice = intent === 'other' && chosen !== 'typos' && chosen !== 'terse' ? 'plain' : chosen;
        const voiced = voice(core, vv, bank, negative || concern !== 'none', r);
        const sentiment =
          concern !== 'none' && voiced.sentiment === 'neutral' ? 'negative' : voiced.sentiment;
        target.push({
          text: voiced.text,
          language: bank.language,
          intent,
          urgency: urgencyOf(intent, concern, voiced.urgent),
          sentiment,
          concern,
          voice: vv,
          ...(concernOnly ? { concernOnly: true as const } : {}),
        });
      }
      const stories = incidents ? storiesFor(concern, intent === 'other') : 0;
      for (let s = 0; s < stories; s++) {
        const r = rng(hash(`${key}#story${s}`));
        const text = tellAsStory(fillSlots(body, bank, r), concern, incidents!, r, s);
        target.push({
          text,
          language: bank.language,
          intent,
          urgency: urgencyOf(intent, concern, false),
          sentiment: negative || concern !== 'none' ? 'negative' : 'neutral',
          concern,
          voice: 'story',
          concernOnly: true,
        });
      }
    }
  }
  const dedupe = (list: CorpusRecord[]) => {
    const seen = new Set<string>();
    return list.filter((r) => !seen.has(r.text) && seen.add(r.text));
  };
  return { train: dedupe(train), dev: dedupe(dev) };
}
