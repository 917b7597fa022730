/**
 * Praise for whoever helped ("you saved my afternoon", "you guys rock", "me salvaste el día",
 * "vous m'avez sauvé la journée", "ihr habt meinen Tag gerettet", "salvou meu dia", "mi avete
 * salvato la giornata", "jullie hebben mijn dag gered", "uratowaliście mi dzień"): thanks said
 * as praise. pleasantry.ts reads it as a word of thanks (folded text).
 */
export const PRAISED = new RegExp(
  '(?:' +
    [
      String.raw`\byou(?: guys| all|'ve| have)? (?:saved|made) my (?:day|afternoon|morning|week|evening|life|bacon)|\byou (?:guys |all )?(?:rock|are the best|'re the best|are a star|'re a star|are stars|'re stars|nailed it)|\blife ?saver`,
      String.raw`\b(?:me|nos) (?:(?:has|habeis|han|ha) salvado|salvaste|salvasteis|salvaron) (?:el dia|la tarde|la manana|la semana)|\b(?:sois|son) (?:los mejores|unos cracks|geniales)`,
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
