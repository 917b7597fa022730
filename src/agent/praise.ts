/**
 * Praise for whoever helped ("you saved my afternoon", "you guys rock", "me salvaste el día",
 * "vous m'avez sauvé la journée", "ihr habt meinen Tag gerettet", "salvou meu dia", "mi avete
 * salvato la giornata", "jullie hebben mijn dag gered", "uratowaliście mi dzień"): thanks said
 * as praise. pleasantry.ts reads it as a word of thanks (folded text).
 */
export const PRAISED = new RegExp(
  '(?:' +
    [
      String.raw`\byou(?: guys| all|'ve| have)? (?:saved|made) my (?:day|afternoon|morning|week|evening|life|bacon)|\byou (?:guys |all )?(?:rock|are the best|'re the best|are a star|'re a star|are stars|'re stars|nailed it)|\blife ?saver|\b(?:saved|spared) (?:me|us) (?:a |so much |a lot of |loads of |some )?(?:headache|hassle|trouble|time|stress|phone call)s?`,
      // "you made it easy", "you made that so simple"; "I didn't know where else to ask" said beside it
      String.raw`\byou(?: guys| all| folks)? made (?:it|that|this|everything) (?:so |really |very )?(?:easy|simple|painless|effortless|quick|smooth)|\b(?:i|we) (?:didn't|did not|didnt) know where (?:else )?to (?:ask|turn|go)`,
      String.raw`\b(?:me|nos) (?:(?:has|habeis|han|ha) salvado|salvaste|salvasteis|salvaron) (?:el dia|la tarde|la manana|la semana)|\b(?:sois|son) (?:los mejores|unos cracks|geniales)`,
      // a headache or time spared: "nos ahorraste un dolor de cabeza", "vous nous avez évité bien des
      // soucis", "ihr habt uns viel Zeit erspart", "nos poupou uma dor de cabeça", "ci avete
      // risparmiato un mal di testa", "jullie hebben ons veel tijd bespaard", "oszczędziliście nam kłopotu"
      String.raw`\b(?:me|nos) (?:has |habeis |han )?(?:ahorrado|ahorraste|ahorrasteis|ahorraron) (?:un dolor de cabeza|mucho tiempo|tiempo|trabajo)|\b(?:m'|nous )avez (?:evite|epargne) (?:un casse-tete|bien des soucis|des soucis|du temps)|\b(?:(?:ihr habt|sie haben|du hast) )?uns\s+(?:viel\s+|eine menge\s+)?(?:(?:zeit|arbeit|arger|kopfschmerzen)\s+)?erspart|\b(?:me|nos) (?:poupou|pouparam) (?:uma dor de cabeca|muito tempo|tempo|trabalho)|\b(?:mi|ci) (?:avete|hai|ha) risparmiato (?:un mal di testa|molto tempo|tempo|fatica)|\b(?:(?:jullie hebben|je hebt|u heeft) )?ons (?:veel )?(?:tijd|moeite|hoofdpijn) bespaard|\boszczedzil\w* (?:mi|nam) (?:klopotu|czasu|nerwow)`,
      String.raw`\bvous m'avez sauve (?:la journee|la vie|la mise)|\bvous etes (?:top|geniaux|les meilleurs)`,
      String.raw`\b(?:ihr habt|sie haben|du hast) (?:meinen tag|mir den tag) gerettet|\bihr seid (?:spitze|klasse|super|die besten)`,
      String.raw`\b(?:voces |vcs |vc )?(?:salvaram|salvou) (?:o )?meu dia|\bvoces sao (?:demais|os melhores|incriveis)`,
      String.raw`\bmi (?:avete|hai|ha) salvato (?:la giornata|il pomeriggio|la vita)|\bsiete (?:grandi|mitici|i migliori)`,
      String.raw`\b(?:jullie hebben|je hebt|u heeft) mijn dag gered|\bjullie zijn (?:top|geweldig|de besten)`,
      String.raw`\buratowal\w* mi (?:dzien|popoludnie)|\bjestescie (?:super|najlepsi|wielcy)`,
      // how whoever helped behaved, said to them ("you've been so kind again", "han sido muy
      // amables como siempre", "vous avez été très gentils", "ihr wart wie immer sehr hilfsbereit",
      // "vocês foram muito atenciosos", "siete stati gentilissimi", "jullie waren erg behulpzaam",
      // "byliście bardzo pomocni"), or how fast they were ("you folks are quick", "siete stati
      // velocissimi", "ihr seid blitzschnell"), with the "again" or "as always" that often follows it
      String.raw`(?:\byou(?: guys| all| folks| lot)?(?:(?:'ve| have)? (?:been|were)| are|'re)|\b(?:has|habeis|han) sido|\bsois|\b(?:vous avez ete|tu as ete|vous etes)|\b(?:ihr wart|sie waren|du warst|ihr seid)(?: wie immer| wieder)?|\b(?:voces|vcs|voce) (?:foram|foi|sao)|\b(?:siete stati|sei stat[oa]|e stat[oa]|siete)|\b(?:jullie waren|u was|je was|jullie zijn)|\b(?:byliscie|byles|bylas|jestescie))(?: (?:so|very|really|incredibly|extremely|super|muy|super|tan|tres|vraiment|si|sehr|wirklich|so|muito|tao|davvero|molto|cosi|erg|heel|echt|zo|bardzo|naprawde|niezwykle))? (?:kind|helpful|patient|responsive|lovely|wonderful|quick|fast|speedy|prompt|rapid[oa]s|rapidisim[oa]s|rapides|(?:blitz)?schnell|velocissim[oaie]|rapidissim[oaie]|veloci|rapidi|(?:razend)?snel|szybcy|blyskawiczni|amables?|atent[oa]s?|servicial(?:es)?|gentil(?:le)?s?|aimables?|serviables?|nett|freundlich|hilfsbereit|gentis|gentil|atencios[oa]s?|prestativ[oa]s?|gentilissim[oaie]|gentili|gentile|disponibilissim[oaie]|disponibili|cortesi|vriendelijk|behulpzaam|aardig|mili|mila|mily|pomocni|pomocna|pomocny|uprzejmi|uprzejma|uprzejmy)(?: (?:again|once again|as always|as usual|as ever|this time too|como siempre|una vez mas|comme toujours|encore une fois|wie immer|einmal mehr|como sempre|mais uma vez|come sempre|anche stavolta|anche questa volta|ancora una volta|zoals altijd|weer|opnieuw|jak zawsze|po raz kolejny|znowu))?`,
    ].join('|') +
    String.raw`)\b`,
  'g',
);
