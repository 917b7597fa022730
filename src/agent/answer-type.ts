import { fold, foldedPattern } from './offline/text.js';

/**
 * What kind of answer a question asks for. "How long do I have to return…" is answered by a
 * duration, not by the paragraph that shares the most words with it.
 */
export type AnswerType = 'duration' | 'amount' | 'date' | 'steps' | 'place' | 'other';

// Cues in the languages the offline engine answers in; matched on folded text (no accents).
const CUES: Array<[AnswerType, RegExp]> = [
  [
    'duration',
    /\b(?:how long|how many (?:days|weeks|hours|business days)|how soon|how quickly|how fast|deadline|time limit|(?:return|refund) window|within how|how much time|cuanto tiempo|cuanto tarda|cuantos dias|combien de (?:temps|jours)|en combien de temps|wie lange|wie viele tage|quanto tempo|quanto demora|quantos dias|quanto dura|quanti giorni|hoe lang|hoeveel dagen|ile czasu|ile dni|jak dlugo)\b/,
  ],
  [
    'amount',
    /\b(?:how much|what (?:does|do|will) (?:it|that|this|they) cost|what is the (?:price|fee|cost|charge)|what'?s the (?:price|fee|cost|charge)|(?:price|fee|cost|charge) (?:for|of) (?:an? |the )?(?:express|standard|freight|shipping|delivery|redirect|pro|plan|return)|how expensive|price of|fee for|cost of|cuanto (?:cuesta|cuestan|vale|es)|precio|combien (?:coute|coutent|ca coute)|quel est le (?:prix|tarif)|wie viel kostet|was kostet|quanto (?:custa|custam|costa|costano)|wat kost|ile kosztuje)\b/,
  ],
  [
    'date',
    /\b(?:when|what (?:date|day)|by when|until when|which day|cuando|hasta cuando|que dia|quand|jusqu'a quand|quel jour|wann|bis wann|an welchem tag|quando|ate quando|que dia|wanneer|kiedy)\b/,
  ],
  [
    'steps',
    /\b(?:how (?:do|can|should|would) (?:i|we|you)|how to|what (?:are the )?steps|walk me through|where do i (?:start|go to)|como (?:puedo|hago|se|posso|faco)|come (?:posso|faccio|si)|comment (?:faire|puis-je|je peux|on)|wie (?:kann|konnen|mache)|hoe kan ik|jak (?:moge|mozna))\b/,
  ],
  [
    'place',
    /\b(?:where (?:do|can|should) (?:i|we)|which (?:address|location|store|carrier)|what address|link to|url|donde|ou (?:est|puis|dois)|wo (?:kann|finde|ist)|onde|dove|waar|gdzie)\b/,
  ],
];

// The same cues in Japanese, Chinese, Thai and Arabic (no word boundaries; folded like the text).
CUES.push(
  [
    'duration',
    foldedPattern(
      '何日|何日間|いつまで|どのくらい|どれくらい|几天|多久|多长时间|กี่วัน|นานแค่ไหน|كم يوم|كم من الوقت',
    ),
  ],
  ['amount', foldedPattern('いくら|多少钱|ราคาเท่า|เท่าไหร่|เท่าไร|كم سعر|كم تكلفة|كم يكلف')],
  ['steps', foldedPattern('どうすれば|どうやって|如何|怎么|怎样|ทำอย่างไร|ทำยังไง|كيف')],
  ['place', foldedPattern('どこ|哪里|哪裡|在哪|ที่ไหน|أين')],
);

/**
 * The answer type a question asks for; `other` when none is clear (yes/no, free-form). The cue
 * that comes first in the text wins: "How do I return it when it arrives broken?" asks for steps.
 */
export function questionType(text: string): AnswerType {
  const f = fold(text);
  let best: { type: AnswerType; at: number } = { type: 'other', at: Infinity };
  for (const [type, cue] of CUES) {
    const at = f.search(cue);
    if (at >= 0 && at < best.at) best = { type, at };
  }
  return best.type;
}

// What each answer type looks like in a passage.
const SIGNALS: Record<Exclude<AnswerType, 'other'>, RegExp[]> = {
  duration: [
    /\b\d+(?:\s?[–-]\s?\d+)?\s*(?:business |working |calendar )?(?:days?|weeks?|hours?|months?|minutes?|years?|dias|jours|tage|giorni|dagen)\b/i,
    /\b(?:same (?:business )?day|next (?:business )?day|overnight|immediately|right away)\b/i,
    // "Revocation takes effect within a minute": a duration with no digit in it.
    /\bwithin (?:a|an|one) (?:minute|hour|day|week|month|year)\b/i,
  ],
  amount: [
    /[$€£¥]\s?\d/,
    /\b\d+(?:[.,]\d+)?\s?(?:usd|eur|gbp|%|percent)\b/i,
    /\bfree\b/i,
    /\bno (?:cost|charge|fee)\b/i,
  ],
  date: [
    /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i,
    /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\b/,
    /\b(?:on the day|the day (?:the|you|we)|starts on|ends on|until|by the end of|before|after)\b/i,
  ],
  steps: [/^[ \t]*\d+\.\s/m, /\b(?:go to|click|select|open|choose|sign in|tap|enter)\b/i, /→/],
  place: [
    /https?:\/\//i,
    /\b(?:at any|location|address|drop (?:it |the parcel )?off|counter|page|settings)\b/i,
  ],
};

/** A unit of time a duration question names ("how many days"), in the reply languages. */
export type TimeUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const UNIT_WORDS: Array<[TimeUnit, string]> = [
  ['minute', 'minutes|minutos|minuten|minuti|minut'],
  ['hour', 'hours|horas|heures|stunden|ore|uren|godzin'],
  ['day', 'days|business days|dias|jours|tage|giorni|dagen|dni'],
  ['week', 'weeks|semanas|semaines|wochen|settimane|weken|tygodni'],
  ['month', 'months|meses|mois|monate|mesi|maanden|miesiecy'],
  ['year', 'years|anos|ans|jahre|anni|jaar|lat'],
];
const ASKS_UNIT = UNIT_WORDS.map(
  ([unit, words]) =>
    [
      unit,
      new RegExp(
        String.raw`\b(?:how many|cuantos|cuantas|combien de|wie viele|quantos|quantas|quanti|quante|hoeveel|ile)\s+(?:${words})\b`,
      ),
    ] as const,
);
const STATES_UNIT: Record<TimeUnit, RegExp> = {
  minute: /\b\d+(?:\s?[–-]\s?\d+)?\s*minutes?\b/i,
  hour: /\b\d+(?:\s?[–-]\s?\d+)?\s*hours?\b/i,
  day: /\b\d+(?:\s?[–-]\s?\d+)?\s*(?:business |working |calendar )?days?\b/i,
  week: /\b\d+(?:\s?[–-]\s?\d+)?\s*weeks?\b/i,
  month: /\b\d+(?:\s?[–-]\s?\d+)?\s*months?\b/i,
  year: /\b\d+(?:\s?[–-]\s?\d+)?[\s-]*years?\b/i,
};

/** The unit a question counts in ("how many days do I have…" → day), if it names one. */
export function askedUnit(text: string): TimeUnit | undefined {
  const f = fold(text);
  return ASKS_UNIT.find(([, re]) => re.test(f))?.[0];
}

/** Whether the passage states a figure in that unit ("within **7 days** of delivery"). */
export function statesUnit(unit: TimeUnit, passage: string): boolean {
  return STATES_UNIT[unit].test(passage.replace(/\*\*/g, ''));
}

/** 0..1: how clearly the passage holds an answer of that type (0 for `other`). */
export function answerSignal(type: AnswerType, passage: string): number {
  if (type === 'other') return 0;
  const hits = SIGNALS[type].filter((re) => re.test(passage)).length;
  return hits === 0 ? 0 : hits === 1 ? 0.7 : 1;
}

// Words that only say which kind of answer is wanted: "how much does express cost" is about
// express, and every article naming a fee or a cost would otherwise match it as well.
const FRAME: Partial<Record<AnswerType, RegExp>> = {
  // "how long until I can get back in" is about being locked out, not about anything that takes days.
  duration:
    /\b(?:how long|how many (?:business |working )?(?:days|weeks|hours|minutes|months|years)|how soon|how quickly|how fast|how much time|(?:does|do|will|would) (?:it|that|this|they) take|takes?|taking|took|until|till|wait(?:ing)?|lasts?|get back|come back|(?:business |working )?(?:days?|weeks?|hours?|minutes?|months?|years?)|usually|normally|typically|cuanto tiempo|tarda\w*|demora\w*|combien de (?:temps|jours)|prend|faut-il|wie lange|wie viele tage|dauert|quanto tempo|quanti giorni|ci vuole|hoe lang|hoeveel dagen|duurt|ile czasu|ile dni|trwa)\b/g,
  amount:
    /\b(?:costs?|prices?|fees?|charges?|expensive|cuesta|cuestan|precio|coute|coutent|prix|tarif|kostet|custa|custam|costa|costano|kost|kosztuje)\b/g,
};

/**
 * The frame of a yes/no question about what is possible: "do you support SAML?" is about SAML,
 * not about the support-hours article.
 */
const CAPABILITY_FRAME =
  /\b(?:do|does|can|will|would) (?:you|it|they|your (?:\w+ )?(?:site|app|api|platform|service|system)) (?:support|accept|offer|allow|provide|work with|handle)\b/g;

/** The question without its answer-type frame words: what to find the article with. */
export function topicOf(text: string, type: AnswerType): string {
  const frame = FRAME[type];
  const f = fold(text).replace(CAPABILITY_FRAME, ' ');
  return frame ? f.replace(frame, ' ') : f === fold(text) ? text : f;
}

/** A question asking for information: a question mark, or a cue for a kind of answer. */
export function isInformationQuestion(text: string): boolean {
  return text.includes('?') || text.includes('¿') || questionType(text) !== 'other';
}
