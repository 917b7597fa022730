import type { UnstatedService } from './unstated-services.js';

/**
 * Spending controls a question asks about beyond what the team article states. It says a Buyer
 * places orders "up to their spending limit" and that Admins manage "approval rules"; it does not
 * say whether a limit can run over a month rather than an order, be set per department or cost
 * centre, or whether orders above an amount can wait for a manager's approval. "Can each buyer
 * get a monthly budget?" or "can orders over $500 need a manager's OK?" find that article, and
 * quoting it answers a question nobody asked. A person answers, and the question is recorded as a
 * gap. A plain spending limit per buyer ("how do I cap what a new buyer can spend?") is the
 * article's, and another help center whose article states budgets or thresholds answers itself.
 */

// A budget or a spending limit, in the reply languages (folded text).
const SPENDING = String.raw`(?:budgets?|spend(?:ing)? (?:limits?|caps?|ceilings?)|(?:can|could|may|allowed to|able to) spend|allowances?|(?:purchase|purchasing|order(?:ing)?) (?:limits?|caps?)|presupuestos?|gasto|plafonds?|depenses?|ausgaben\w*|budgetlimit\w*|orcamentos?|gastos|spesa|spese|uitgaven|wydatk\w*|budzet\w*)`;

// A period the limit would run over ("per month", "monthly"); "this year's budget" is not one, and a
// yearly budget is the customer's own more often than a limit asked for.
const PERIOD = String.raw`(?:(?:per|a|each|every) (?:calendar )?(?:month|week|quarter)|monthly|weekly|quarterly|resets? (?:every|each|on the|at the start of)|mensual\w*|al mes|por mes|mensuel\w*|par mois|monatlich\w*|pro monat|im monat|mensal\w*|por mes|mensil\w*|al mese|per maand|maandelijks\w*|miesieczn\w*|na miesiac)`;

// One budget word for a month ("Monatsbudget", "maandbudget").
const PERIOD_BUDGET = String.raw`(?:monatsbudget\w*|monatslimit\w*|maandbudget\w*|maandlimiet\w*)`;

// A unit other than the buyer a limit would be set for.
const UNIT = String.raw`(?:departments?|cost cent(?:er|re)s?|teams?|sites?|locations?|branch(?:es)?|projects?|offices?|departamentos?|centros? de cost\w*|services?|centres? de cout\w*|abteilung\w*|kostenstelle\w*|centri di costo|reparti?|afdeling\w*|kostenplaats\w*|dzial\w*)`;

// Whom a budget over a period would be set for: "our monthly budget is frozen" is the customer's news.
const WHO = String.raw`(?:buyers?|users?|each|members?|staff|employees?|people|persons?|team|departments?|cost cent(?:er|re)s?|site leads?|comprador(?:es)?|acheteurs?|einkaufer\w*|mitarbeiter\w*|utilizador(?:es)?|usuarios?|acquirenti|inkopers?|kupujac\w*|pracownik\w*)`;

// An amount above which approval would be needed.
const OVER = String.raw`(?:over|above|more than|exceeding|greater than|bigger than|anything over|upwards of|mas de|por encima de|plus de|au-dessus de|uber|ab|mehr als|acima de|mais de|oltre|sopra|boven|meer dan|powyzej)`;
const AMOUNT = String.raw`(?:(?:say|about|like|around|circa|ca\.?)\s+)?(?:[$€£]\s?\d+(?:[,.]\d+)*\s?k?|\d+(?:[,.]\d+)*\s?(?:k|usd|eur|gbp|dollars|euros?|bucks)\b|\d{3,}(?:[,.]\d+)*)`;
const NEED = String.raw`(?:needs?|require[sd]?|requiring|must|has to|have to|go through|wait for|necesit\w*|requier\w*|doivent|doit|brauch\w*|benotig\w*|precis\w*|richied\w*|moeten|vereis\w*|wymag\w*)`;
const APPROVAL = String.raw`(?:approv\w*|sign-?offs?|signs? off|ok|okay|o\.k\.|green light|authori[sz]\w*|aprobaci\w*|aprob\w*|autoriza\w*|validation|validee?s?|approbation|genehmig\w*|freigabe\w*|freigegeben|aprovac\w*|aprovad\w*|approvazion\w*|approvat\w*|goedkeuring\w*|goedgekeurd|akceptacj\w*|zatwierdz\w*)`;

export const SPENDING_CONTROLS: readonly UnstatedService[] = [
  {
    label: 'a spending limit over a period or per department, or an approval above an amount',
    asks: new RegExp(
      [
        // "a monthly budget per buyer", "how much each buyer can spend per month", "Monatsbudget"
        String.raw`^(?=.*\b${WHO}\b).*?(?:\b${SPENDING}\b[^.?!]{0,30}\b${PERIOD}\b|\b${PERIOD}\s+(?:[\w-]+\s+)?${SPENDING}\b|\b${PERIOD_BUDGET})`,
        // "a spending cap per department", "budgets by cost centre"
        String.raw`\b${SPENDING}\b[^.?!]{0,30}\b(?:per|by|for each|each|por|par|pro|je|per ogni|per elk|na)\s+${UNIT}\b`,
        // "orders over $1,000 need a manager's OK", "a manager has to approve anything above 1k"
        String.raw`\b${NEED}\b[^.?!]{0,40}\b${APPROVAL}\b[^.?!]{0,50}\b${OVER}\s+${AMOUNT}`,
        String.raw`\b${OVER}\s+${AMOUNT}[^.?!]{0,40}\b${NEED}\b[^.?!]{0,30}\b${APPROVAL}\b`,
      ].join('|'),
      'u',
    ),
    statedBy: new RegExp(
      String.raw`\b(?:monthly|weekly|quarterly|per (?:month|week|quarter|year)) (?:budgets?|limits?|spend\w*|caps?)\b|\b(?:budgets?|limits?) (?:per|by) (?:departments?|cost cent\w*)\b|\bcost cent(?:er|re)s?\b|\bapproval (?:thresholds?|limits?|amounts?)\b|\b(?:orders|purchases) (?:over|above) [$€£]?\d[^.]{0,40}\b(?:approv\w*|sign-?off)`,
    ),
    onlyAsked: true,
  },
];
