import { fold } from './offline/text.js';

/**
 * Forms of a message the route model weighs (route-features.ts): not rules, each only a feature
 * whose weight is learned from the golden sets. They separate what an article answers (a
 * question about how things work) from what a person must do (a request for an action on the
 * account, a fault being reported).
 */

// Asking someone to do something: "can you change…", "please transfer…", "will you try…".
const ASKS_ACTION =
  /\b(?:can|could|would|will) (?:you|u|someone|somebody)\b|\b(?:please|pls|plz|kindly)\b|\bi need you to\b|\b(?:update|change|transfer|move|send|add|remove|switch|set up|fix|resend) (?:it|this|that|our|my|the|them|us|him|her)\b|\b(?:pueden|puede|podrian|pouvez|pourriez|konnen sie|konnten sie|podem|pode|potete|potreste|kunnen jullie|kunt u|mozecie|moglibyscie|por favor|s'il vous plait|bitte|per favore|alstublieft|prosze)\b/;

// A fault being reported: an error, something not working, stuck or blank.
const REPORTS_FAULT =
  /\b(?:error|errors|erro|fehler|erreur|errore|blad|fout|40[0-9]|50[0-9]|crash\w*|broken|bug|glitch\w*|blank|stuck|hangs?|frozen|freez\w*|fail\w*|throws?|spinning|processing for|not (?:working|loading|showing|opening)|doesn'?t (?:work|load|open|show)|won'?t (?:work|load|open|let)|isn'?t (?:working|loading)|stopped (?:working|loading)|no funciona|ne marche pas|ne fonctionne pas|funktioniert nicht|geht nicht|nao funciona|non funziona|werkt niet|nie dziala)\b/;

// Opens as a question about how things are: "how…", "what…", "is there…", "do you…", "can I…".
const ASKS_HOW =
  /^(?:(?:hi|hello|hey|hiya|quick (?:one|question)|question)\W+)*(?:how|what|whats|when|where|which|who|why|is|are|does|do|can i|can we|may i|may we|should|cuanto|cuantos|como|que|cuando|donde|combien|comment|quel|quelle|quand|ou|est-ce|wie|was|wann|wo|welche|gibt es|quanto|quantos|quando|onde|qual|quanti|che|dove|hoeveel|hoe|wat|wanneer|waar|ile|jak|kiedy|gdzie|czy)\b/;

// The customer's own situation, not how things work in general.
const OWN =
  /\b(?:my|our|we|mine|ours|us|mi|mis|nuestro|nuestra|mon|ma|mes|notre|nos|mein|meine|unser|unsere|meu|minha|nosso|nossa|mio|mia|nostro|nostra|mijn|ons|onze|moj|moja|nasz|nasza)\b/;

export interface RouteCues {
  asksAction: boolean;
  reportsFault: boolean;
  asksHow: boolean;
  own: boolean;
  questionMark: boolean;
}

export function routeCues(text: string): RouteCues {
  const f = fold(text).toLowerCase();
  return {
    asksAction: ASKS_ACTION.test(f),
    reportsFault: REPORTS_FAULT.test(f),
    asksHow: ASKS_HOW.test(f.trim()),
    own: OWN.test(f),
    questionMark: /[?？¿؟]/.test(text),
  };
}
