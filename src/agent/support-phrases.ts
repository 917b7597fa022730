/**
 * Stock sentences for the satisfaction prompt and the out-of-hours notice, in the eight languages
 * the bot answers in. Kept apart from the main table so the two grow independently; `phrase()`
 * reads both. Params: {day} and {time} (already localized), {timeZone}.
 */
export type SupportPhraseKey =
  | 'csat_prompt'
  | 'csat_great'
  | 'csat_ok'
  | 'csat_not_good'
  | 'csat_comment'
  | 'csat_thanks'
  | 'csat_reopened'
  | 'team_back';

const KEYS: ReadonlySet<string> = new Set<SupportPhraseKey>([
  'csat_prompt',
  'csat_great',
  'csat_ok',
  'csat_not_good',
  'csat_comment',
  'csat_thanks',
  'csat_reopened',
  'team_back',
]);

export function isSupportPhraseKey(key: string): key is SupportPhraseKey {
  return KEYS.has(key);
}

export const SUPPORT_PHRASES: Record<string, Record<SupportPhraseKey, string>> = {
  en: {
    csat_prompt: 'How did we do with this request?',
    csat_great: 'Great',
    csat_ok: 'OK',
    csat_not_good: 'Not good',
    csat_comment: 'Anything to add? (optional)',
    csat_thanks: 'Thank you for your feedback!',
    csat_reopened:
      'Sorry this didn’t help. I’ve passed the conversation to a person from our team, who will follow up here.',
    team_back: 'Our team is away right now and back {day} at {time} ({timeZone}); they will reply here then.',
  },
  es: {
    csat_prompt: '¿Qué tal te hemos atendido con esta consulta?',
    csat_great: 'Genial',
    csat_ok: 'Bien',
    csat_not_good: 'No muy bien',
    csat_comment: '¿Algo que añadir? (opcional)',
    csat_thanks: '¡Gracias por tu opinión!',
    csat_reopened:
      'Sentimos que no te haya ayudado. He pasado la conversación a una persona del equipo, que te responderá aquí.',
    team_back:
      'Nuestro equipo no está disponible ahora; vuelve el {day} a las {time} ({timeZone}) y te responderá aquí.',
  },
  fr: {
    csat_prompt: 'Comment avons-nous traité votre demande ?',
    csat_great: 'Très bien',
    csat_ok: 'Correct',
    csat_not_good: 'Pas bien',
    csat_comment: 'Un commentaire ? (facultatif)',
    csat_thanks: 'Merci pour votre retour !',
    csat_reopened:
      'Désolé que cela ne vous ait pas aidé. J’ai transmis la conversation à une personne de l’équipe, qui vous répondra ici.',
    team_back:
      'Notre équipe est absente pour le moment et revient {day} à {time} ({timeZone}) ; elle vous répondra ici.',
  },
  de: {
    csat_prompt: 'Wie zufrieden sind Sie mit der Bearbeitung Ihrer Anfrage?',
    csat_great: 'Sehr gut',
    csat_ok: 'In Ordnung',
    csat_not_good: 'Nicht gut',
    csat_comment: 'Möchten Sie etwas ergänzen? (optional)',
    csat_thanks: 'Vielen Dank für Ihr Feedback!',
    csat_reopened:
      'Das tut uns leid. Ich habe das Gespräch an eine Person aus unserem Team übergeben, die sich hier meldet.',
    team_back:
      'Unser Team ist gerade nicht da und ab {day} um {time} ({timeZone}) wieder erreichbar; es antwortet dann hier.',
  },
  pt: {
    csat_prompt: 'Como foi o nosso atendimento neste pedido?',
    csat_great: 'Ótimo',
    csat_ok: 'Razoável',
    csat_not_good: 'Não foi bom',
    csat_comment: 'Quer acrescentar algo? (opcional)',
    csat_thanks: 'Obrigado pela sua opinião!',
    csat_reopened:
      'Lamentamos que não tenha ajudado. Passei a conversa a uma pessoa da equipa, que vai responder aqui.',
    team_back:
      'A nossa equipa não está disponível agora e volta {day} às {time} ({timeZone}); responderá aqui nessa altura.',
  },
  it: {
    csat_prompt: 'Come abbiamo gestito la tua richiesta?',
    csat_great: 'Ottimo',
    csat_ok: 'Discreto',
    csat_not_good: 'Non bene',
    csat_comment: 'Vuoi aggiungere qualcosa? (facoltativo)',
    csat_thanks: 'Grazie per il tuo riscontro!',
    csat_reopened:
      'Ci dispiace che non sia stato utile. Ho passato la conversazione a una persona del team, che ti risponderà qui.',
    team_back:
      'Il nostro team ora non è disponibile e torna {day} alle {time} ({timeZone}); ti risponderà qui.',
  },
  nl: {
    csat_prompt: 'Hoe hebben we je vraag afgehandeld?',
    csat_great: 'Uitstekend',
    csat_ok: 'Redelijk',
    csat_not_good: 'Niet goed',
    csat_comment: 'Nog iets toe te voegen? (optioneel)',
    csat_thanks: 'Bedankt voor je feedback!',
    csat_reopened:
      'Jammer dat dit niet hielp. Ik heb het gesprek doorgegeven aan iemand van ons team, die hier reageert.',
    team_back: 'Ons team is er nu niet en is {day} om {time} ({timeZone}) terug; ze reageren dan hier.',
  },
  pl: {
    csat_prompt: 'Jak oceniasz obsługę tej sprawy?',
    csat_great: 'Świetnie',
    csat_ok: 'W porządku',
    csat_not_good: 'Słabo',
    csat_comment: 'Chcesz coś dodać? (opcjonalnie)',
    csat_thanks: 'Dziękujemy za opinię!',
    csat_reopened:
      'Przykro nam, że to nie pomogło. Przekazałem rozmowę osobie z naszego zespołu, która odpowie tutaj.',
    team_back: 'Nasz zespół jest teraz niedostępny i wraca {day} o {time} ({timeZone}); odpowie wtedy tutaj.',
  },
};
