import type { IncidentBank } from './banks/incidents/index.js';
import type { Concern } from './corpus.js';

/** How many story-told copies a phrasing gets: incidents two, other requests one, off-topic none. */
export function storiesFor(concern: Concern, offTopic: boolean): number {
  if (concern !== 'none') return 2;
  return offTopic ? 0 : 1;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where a sentence ends in the language: no space after a full stop in Chinese and Japanese, none at all in Thai. */
function sentence(text: string, language: string): string {
  const t = text.trim();
  if (/[.!?。！？…]$/.test(t)) return t;
  if (language === 'ja' || language === 'zh') return `${t}。`;
  if (language === 'th') return t;
  return `${t}.`;
}

/**
 * The phrasing told inside a longer message, the way people write it: who is writing and what they
 * run first, then the point, then (for an incident) what it costs or what they did about it. Every
 * request gets the same contexts, so a context says nothing about the concern; the incident's own
 * words and its impact do.
 */
export function tellAsStory(
  core: string,
  concern: Concern,
  incidents: IncidentBank,
  r: () => number,
  /** 0 for the first story-told copy: it always has a context sentence. */
  copy: number,
): string {
  const { language } = incidents;
  const join = language === 'ja' || language === 'zh' ? '' : ' ';
  const parts: string[] = [];
  if (copy === 0 || r() < 0.5) parts.push(sentence(cap(pick(r, incidents.contexts)), language));
  parts.push(sentence(cap(core), language));
  if (concern !== 'none' && (copy === 1 || r() < 0.6)) {
    parts.push(sentence(cap(pick(r, incidents.impacts[concern])), language));
  }
  return parts.join(join).replace(/\s+/g, ' ').trim();
}
