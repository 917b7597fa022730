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
    ].join('|') +
    String.raw`)\b`,
  'g',
);
