/**
 * Seasonal wishes ("Merry Christmas to the whole team!", "Happy holidays from everyone at
 * Ironwood 🎁", "Boas festas pra equipe!", "节日快乐", "كل عام وأنتم بخير", "สวัสดีปีใหม่"): a
 * greeting sent at a holiday asks nothing. closing-words.ts reads the Latin ones as a set closing
 * phrase; pleasantry.ts reads who sends or receives the wish ("to the whole team", "from all of us
 * at …") as courtesy when a wish is there, and the holiday's name as a word, not a person's name.
 */

/** Wishes in folded text (lower case, no accents, "ł" → "l"), in the nine Latin-script languages. */
export const SEASON_WISH_PHRASES = [
  // en
  String.raw`(?:happy|merry|joyous|blessed) (?:holidays?|new year|christmas|xmas|x-mas|easter|thanksgiving|diwali|eid|hanukkah|chanukah|lunar new year|chinese new year|festive season|festivities|friday|monday|weekend|birthday)`,
  String.raw`season'?s greetings|compliments of the season|(?:best|warm|warmest) (?:wishes|holiday wishes)(?: for (?:the )?(?:holidays?|new year|festive season|season))?`,
  String.raw`enjoy (?:the |your )?(?:holidays?|break|festive season|time off)|(?:enjoy|have) (?:a |the |your )?(?:great|good|lovely|nice|restful|relaxing|happy|wonderful) (?:holidays?|holiday season|festive season|christmas|xmas|new year|break|time off)`,
  String.raw`all the best (?:for|in) (?:the )?(?:new year|holidays|20\d\d)`,
  // es
  String.raw`feliz (?:navidad|ano(?: nuevo)?|finde|fin de semana|pascua|januca|hanukkah)|felices (?:fiestas|pascuas|vacaciones)|prospero ano(?: nuevo)?|buenas fiestas`,
  // fr
  String.raw`joyeux noel|joyeuses fetes|bonnes fetes(?: de fin d'annee)?|bonne annee|meilleurs voeux|bonnes vacances|bonnes fetes de fin d'annee`,
  // de
  String.raw`frohe (?:weihnachten|festtage|feiertage|ostern)|frohes (?:fest|neues(?: jahr)?)|schone (?:feiertage|festtage|weihnachten)|gesegnete weihnachten|guten rutsch(?: ins neue jahr)?|schones wochenende`,
  // pt
  String.raw`feliz (?:natal|ano novo|pascoa)|boas (?:festas|entradas)|prospero ano novo`,
  // it
  String.raw`buon (?:natale|anno(?: nuovo)?|capodanno|fine settimana|weekend)|buone (?:feste|vacanze)|felice anno nuovo|(?:tanti )?auguri(?: di buone feste| di buon natale)?`,
  // nl
  String.raw`(?:fijne|prettige|gezellige) (?:feestdagen|kerstdagen|kerst|jaarwisseling)|vrolijk kerstfeest|gelukkig nieuwjaar|zalig kerstfeest`,
  // pl
  String.raw`(?:wesolych|spokojnych|zdrowych|radosnych) swiat(?: bozego narodzenia)?|szczesliwego nowego roku|(?:udanego|milego) weekendu|wszystkiego najlepszego(?: w nowym roku)?`,
];

const SEASON_WISH = new RegExp(
  String.raw`(?<![\p{L}'])(?:${SEASON_WISH_PHRASES.join('|')})(?![\p{L}'])`,
  'u',
);

/** Emoji sent as a holiday wish on their own ("🎅🎄 from all of us at the yard"). */
export const HOLIDAY_EMOJI = /[🎄🎅🤶🎁🎆🎇🧧🎍🪔🕎⛄☃]/gu;

// The same without the global flag, for tests: a global pattern's test() starts where its last match ended.
const ANY_HOLIDAY_EMOJI = new RegExp(HOLIDAY_EMOJI.source, 'u');

/** A wish in folded Latin text, or a holiday emoji. */
export function hasSeasonWish(folded: string): boolean {
  return SEASON_WISH.test(folded) || ANY_HOLIDAY_EMOJI.test(folded);
}

/**
 * The same in Japanese, Chinese, Arabic and Thai, matched on text with its spaces and
 * punctuation taken out (pleasantry.ts's scriptless text).
 */
export const SEASON_WISH_SCRIPT = new RegExp(
  [
    // ja
    'メリークリスマス|(?:良い|よい|佳い)お年を(?:お迎えください)?|(?:明けまして|あけまして)おめでとうございます|(?:明けまして|あけまして)おめでとう|新年おめでとうございます|今年もお世話になりました|本年もお世話になりました|来年もよろしくお願いします|お疲れ様です|お疲れさまです',
    // zh
    '(?:节日|圣诞节?|新年|春节|新春|元旦|中秋节?|国庆)(?:快乐|愉快)|新年好|过年好|恭喜发财|辛苦(?:你们|您|大家)?了',
    // ar (diacritics taken out)
    '[وف]?كل ?(?:عام|سنة) ?و?(?:أنتم|انتم|أنت|انت|إنتم) ?(?:بخير|طيبين)|عيد (?:سعيد|مبارك)|(?:سنة|عام) (?:سعيدة|سعيد|جديدة سعيدة|جديد سعيد)|رمضان (?:كريم|مبارك)|أعياد سعيدة|اعياد سعيدة',
    // a good day, week or month wished ("良い一日を", "よい週末をお過ごしください", "祝你们周末愉快",
    // "ขอให้เป็นวันที่ดีนะ", "أتمنى لكم يوما سعيدا")
    '(?:良い|よい|素敵な|すてきな)(?:一日|週末|一週間|月初め|週明け)を(?:お過ごしください)?|祝(?:你们|你|您|大家)?(?:周末|今天|这周|本周|新的一周|新的一个月|月初|工作)?(?:愉快|顺利)|ขอให้(?:เป็น|มี)?(?:วัน|สัปดาห์|เดือน|วันหยุด)(?:ที่)?(?:ดี|สดใส|สุดสัปดาห์ที่ดี)(?:นะ)?|(?:أتمنى لكم |اتمنى لكم |أتمنى لك )?(?:يوما سعيدا|يوم سعيد|أسبوعا سعيدا|اسبوعا سعيدا|أسبوع سعيد|اسبوع سعيد|شهر سعيد|نهاية أسبوع سعيدة)',
    // th
    'สุขสันต์(?:วัน)?(?:คริสต์มาส|ปีใหม่|วันหยุด|เทศกาล)|สวัสดีปีใหม่|เมอร์รี่คริสต์มาส|ขอให้มีความสุข(?:มากๆ)?',
  ]
    .join('|')
    // Written with spaces to be read; the scriptless text has none.
    .replace(/ \??/g, ''),
  'gu',
);

/**
 * Who a wish is from or to ("to the whole team", "from all of us at", "pra equipe", "an das ganze
 * Team", "voor het hele team", "dla całego zespołu"): courtesy beside a wish, nothing else.
 */
export const SEASON_COMPANY = new Set(
  (
    'to from at of with us you all whole entire team teams crew everyone everybody folks family gang office ' +
    'para de del todo todos todas el la los las equipo a nuestra nuestro ' +
    'toute toutes tous l equipe le les notre votre ' +
    'an das ganze von allen bei euch ihr ihrem unserem team ' +
    'pra equipe toda da do nos nossa nossos ' +
    'tutto tutta il lo da tutti noi voi di ' +
    'aan het hele van ons allemaal bij jullie ' +
    'dla calego calej zespolu ekipy od nas wszystkich z'
  ).split(' '),
);

/** Words of a wish a capital letter does not make a person's name ("Merry Christmas!"). */
const SEASON_WORDS = new Set(
  (
    'christmas xmas easter thanksgiving diwali eid hanukkah chanukah holidays holiday new year season ' +
    'navidad pascua pascuas ano nuevo fiestas noel fetes annee weihnachten ostern feiertage festtage neues jahr rutsch ' +
    'natal pascoa festas natale capodanno anno feste kerstfeest kerst kerstdagen feestdagen nieuwjaar ' +
    'swiat bozego narodzenia nowego roku'
  ).split(' '),
);
export const isSeasonWord = (folded: string): boolean => SEASON_WORDS.has(folded);
