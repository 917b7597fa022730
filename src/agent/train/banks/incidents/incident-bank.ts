import type { Intent } from '../../../../domain/index.js';
import type { LanguageBank } from '../bank.js';

type Concerns = LanguageBank['concerns'];

/**
 * Incidents told the way people tell them (who is affected, what they see, since when, what it
 * costs) rather than by their category's name, and the near misses that use the same words for an
 * ordinary request. Kept beside the language banks so each bank's own phrasings stay short.
 */
export interface IncidentBank {
  language: string;
  /** Incident phrasings per concern, added to the language bank's own. */
  concerns: Concerns;
  /**
   * Ordinary requests and questions that sound like an incident and are not one (a user who left
   * removed, one's own password reset, what happens if the site goes down): concern none.
   */
  nearMisses: Partial<Record<Intent, string[]>>;
  /** Who is writing and what they run: a sentence said before the point, whatever the point is. */
  contexts: string[];
  /** What the incident costs or what the writer has done so far, per concern: said after it. */
  impacts: { [C in keyof Concerns]: string[] };
}
