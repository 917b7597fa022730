import { words } from './term-match.js';

/** Words that ask back a part of an order: the thing's phrase, and whether it is one of several. */
export interface PartPhrase {
  words: string[];
  /** "One of the two cabinets": one unit. */
  one: boolean;
  /** "Except the lamp": the part kept, not asked back. */
  except: boolean;
  /** A charge named beside a refund word ("the sales tax on 1011 refunded"): a part unless the whole is asked. */
  charge?: boolean;
}

/**
 * The parts of an order the customer's words ask back, by each language's grammar rather than by
 * product words: "just the …", "uno de los dos escritorios", "reembolso de la silla rota", "nur den
 * Stuhl", "alleen de lamp terugbetalen", "zwrot za lampę", "everything except the cushions". The
 * order's lines are named in the company's catalogue language; the caller matches these phrases
 * to them and sends a part no line's name has to a person, never refunding the whole order for it.
 */
export function partsAskedBack(texts: string[]): PartPhrase[] {
  return texts
    .flatMap((t) => t.replace(/ß/g, 'ss').split(CLAUSE))
    .flatMap((clause) => {
      const ts = words(clause);
      return ts.flatMap((t, at) => {
        const found = (from: number, skip: number, needArticle: boolean, one = false, except = false) => {
          const phrase = partPhrase(ts, from, skip, needArticle);
          return phrase ? [{ words: phrase, one, except }] : [];
        };
        // "Just the…" needs the article: "just wanted a refund" names no thing.
        if (ONLY.has(t)) return found(at + 1, 1, true);
        if (EXCEPT.has(t)) return found(at + 1, 1, false, false, true);
        if (ONE.has(t) && OF.has(ts[at + 1] ?? '')) return found(at + 2, 2, false, true);
        if (REFUND.has(t)) return found(at + 1, 2, true);
        if (CHARGES.has(t) && ts.some((w) => REFUND.has(w) || REFUNDED.has(w)))
          return [{ words: [t], one: false, except: false, charge: true }];
        return [];
      });
    });
}

/**
 * Clause breaks, and the words that open a reason ("a refund because shipping took forever": the
 * shipping is why, not what), in the eight languages ("car", "da" and "want" left out: they are
 * English and Portuguese words too).
 */
export const CLAUSE =
  /[.!?;,:\n()\u2013\u2014]+|\s-\s|(?<![\p{L}\p{N}])(?:but|because|since|cause|coz|porque|pois|parce que|weil|perch[eé]|omdat|poniewa[zż]|bo)(?![\p{L}\p{N}])/iu;

/**
 * The phrase from `from` when it names a thing that is not the order, its money or all of it:
 * after at most `skip` articles, possessives or numbers ("the", "los dos", "den"), a noun and the
 * words joined to it, none of them such a word ("the damaged order" is the order; "la lámpara del
 * pedido" stops at "del"). With `needArticle` the noun must follow an article or preposition:
 * "refund asap", "just wanted a refund" and "only 1 works" name nothing.
 */
function partPhrase(ts: string[], from: number, skip: number, needArticle: boolean): string[] | null {
  let at = from;
  let article = false;
  while (
    at < ts.length &&
    at - from < skip &&
    (ARTICLES.has(ts[at]!) || COUNTS.has(ts[at]!) || /^\d+$/.test(ts[at]!))
  ) {
    article ||= ARTICLES.has(ts[at]!);
    at++;
  }
  if (needArticle && !article) return null;
  const noun = ts[at];
  if (!noun || noun.length < 3 || /^\d/.test(noun) || ARTICLES.has(noun) || COURTESY.has(noun)) return null;
  const phrase: string[] = [];
  // The phrase ends at an article or preposition, and at a refund word after the noun ("den Stuhl
  // erstatten", "de lamp terugbetalen": the verb comes last).
  for (let i = at; i < ts.length && phrase.length < 3 && !ARTICLES.has(ts[i]!); i++) {
    if (i > at && (REFUND.has(ts[i]!) || COURTESY.has(ts[i]!))) break;
    phrase.push(ts[i]!);
  }
  return phrase.some((t) => NOT_A_PART.has(t) || REFUND.has(t) || /^\d{3,}$/.test(t)) ? null : phrase;
}

const set = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

// "Only", "just": en es pt fr de it nl pl ("só" folds to "so", left out: it is English "so"; Polish,
// with no articles, is read from "zwrot za lampę" and "jeden z" instead).
const ONLY = set(`just only solo solamente unicamente somente apenas seulement uniquement juste nur
  lediglich soltanto alleen enkel slechts`);
// "Except", "apart from": what stays is a part too, when no line is named.
const EXCEPT = set(`except excluding excepto salvo exceto sauf excepte ausser ausgenommen tranne eccetto
  escluso esclusa behalve uitgezonderd oprocz`);
// "One of": the first word, then the word that joins it to the things.
const ONE = set(`one uno una um uma un une l'un l'une einen eine eines einer een jeden jedna jedno jednego`);
const OF = set(`of de dos das des der von dei degli delle van z`);
const COUNTS = set(`two three dos tres deux trois zwei drei dois duas tre due twee drie dwa dwie trzy`);

// Words that ask for money back, in each language offline replies are written in.
const REFUND = set(`refund reimburse reembolso reembolsar reembolsen reembolsa reembolsem devolucion
  devolver devuelvan devuelva rembourser remboursement remboursez erstattung ruckerstattung
  erstatten zuruckerstatten estorno estornar rimborso rimborsare rimborsate restituire terugbetaling
  terugbetalen zwrot zwrocic zwrotu`);

// Forms of the refund words that come after the thing ("the tax … refunded", "die Steuer erstattet").
const REFUNDED = set(`refunded refundable reimbursed credited reembolsado reembolsada reembolsable
  rembourse remboursee remboursable erstattet erstattungsfahig reembolsado reembolsavel rimborsato
  rimborsata rimborsabile terugbetaald terugbetaalbaar zwrocony zwrocona`);

// Charges beside the products: tax and shipping. Asked back alone, they are a part of the order.
const CHARGES = set(`tax taxes vat gst hst iva tva mwst ust mehrwertsteuer steuer steuern imposto impostos
  impuesto impuestos imposta btw podatek shipping postage freight envio frete spedizione
  verzendkosten versand versandkosten porto wysylka`);

const ARTICLES = set(`the a an for of on my our this these those el la los las le les l o a os as il lo i
  gli de het der die das den dem des du del do da della dello dei delle di van por para pour fur per
  voor za na mi mis nuestro nuestra mon ma mes notre nos mein meine meinen unser unsere unseren meu
  minha nosso nossa mio mia nostro nostra mijn onze moj moja nasz nasza un una une uno ein eine einen
  um uma een au aux z ze w we od from in with to at by von vom zum zur im am bij uit dal della sur dans en`);

const COURTESY = set(`please pls plz favor plait bitte favore alstublieft prosze obrigado gracias merci danke
  grazie bedankt dziekuje thanks thank`);

// What is the order, its money, all of it, or no thing at all ("just a question").
const NOT_A_PART = set(`order orders purchase refund refunds money amount payment charge invoice total
  everything all it them one ones question quick asap back full whole entire difference
  pedido pedidos orden compra dinero importe monto pago cargo factura todo toda pregunta
  encomenda dinheiro valor pagamento tudo pergunta commande achat argent montant paiement facture
  tout toute question bestellung kauf geld betrag zahlung rechnung alles frage ordine
  acquisto soldi importo pagamento fattura tutto domanda bestelling aankoop bedrag betaling
  factuur alles vraag zamowienie zamowienia zakup pieniadze kwota platnosc faktura
  wszystko pytanie card account credit method balance rest remaining remainder item items
  product products stuff thing things goods shipment delivery tarjeta cuenta saldo diferencia resto
  articulo articulos producto productos carte compte solde difference reste article articles produit
  produits karte konto differenz rest artikel produkt produkte cartao conta diferenca restante
  produto produtos carta conto differenza resto articolo articoli prodotto prodotti kaart rekening
  verschil rest product producten karta konto roznica reszta produkt produkty`);
