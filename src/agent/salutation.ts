import { fold } from './offline/text.js';

/**
 * A greeting or good wish addressed to everyone ("good morning all", "hi everyone", "thanks team",
 * "happy Friday everyone", "hope you all had a nice weekend", "bonjour à tous", "hola a todos",
 * "hallo zusammen", "bom dia a todos", "buongiorno a tutti", "goedemorgen allemaal", "dzień dobry
 * wszystkim"): "everyone" there is who is greeted, not who cannot work. The concern model reads
 * "everyone" and "all" as an outage ("crashing for everyone"), so it reads the message without its
 * salutation (understand.ts); a failure said beside the greeting is still there to read.
 */
const GREETING =
  String.raw`(?:good (?:morning|afternoon|evening|day)|gm|morning|afternoon|evening|hi|hello|hey|hiya|thanks|thank you|cheers|welcome back|happy \p{L}+|` +
  String.raw`buenos dias|buenas tardes|buenas|hola|gracias|bonjour|bonsoir|salut|merci|guten (?:morgen|tag|abend)|hallo|moin|danke|bom dia|boa tarde|ola|obrigad[oa]|buongiorno|buonasera|ciao|grazie|goedemorgen|goedemiddag|hoi|dag|bedankt|dzien dobry|czesc|witam|dziekuje|dzieki)`;
const EVERYONE = String.raw`(?:all|everyone|everybody|y'all|you all|all of you|team|folks|guys|people|a todos|a todas|todos|a tous|a toutes|tout le monde|zusammen|alle|allerseits|a tutti|tutti|allemaal|iedereen|wszystkim|wszyscy)`;
const SALUTE = new RegExp(String.raw`(?<![\p{L}'])${GREETING},? ${EVERYONE}(?![\p{L}'])`, 'gu');
/** A wish about a time off or a day ("hope you all had a restful long weekend", "hope everyone is well"). */
const WISH = new RegExp(
  String.raw`(?<![\p{L}'])(?:(?:i |we )?hope (?:you all|all of you|everyone|everybody|y'all|you|the team|all)(?: (?:had|have|are having|is having|enjoyed|got))? (?:an? )?(?:(?:nice|good|great|lovely|restful|relaxing|long|happy|fun|good long|nice long|great long|decent|fab|wonderful|peaceful|quiet|relaxed|sunny|proper|chill|chilled) )*(?:weekend|week|holiday|holidays|break|day|time|trip|vacation|offsite|start)(?: too| as well)?|(?:i |we )?hope (?:you all|all of you|everyone|everybody|y'all|you|the team) (?:is|are) (?:well|good|doing well|keeping well)(?: too)?)(?![\p{L}'])`,
  'gu',
);

/** Folded text without greetings and good wishes addressed to everyone. */
export function withoutSalutation(text: string): string {
  return fold(text).replace(SALUTE, ' ').replace(WISH, ' ');
}
