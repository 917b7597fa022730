import { ACCOUNT_EMAIL_ASKED } from '../sign-up-email.js';
import { ARTICLE_CONCEPTS } from './article-concepts.js';
import { GLOSSARY_SCRIPTS } from './glossary-scripts.js';
import { fold } from './text.js';

/** Delivering, and the days of a weekend, in es/fr/de/pt/it/nl/pl (folded). */
const DELIVER_ELSEWHERE = String.raw`livr\w*|entreg\w*|liefer\w*|zustell\w*|consegn\w*|lever\w*|bezorg\w*|dostaw\w*|dostarcz\w*`;
const WEEKEND_ELSEWHERE = String.raw`samedis?|dimanches?|week-?ends?|sabados?|domingos?|fin(?:es)? de semana|fim de semana|samstags?|sonntags?|wochenende\w*|sabato|domenica|fine settimana|zaterdag\w*|zondag\w*|sobot\w*|niedziel\w*`;

/** A subscription, a plan or a contract, in the eight Latin-script languages (folded). */
const PLAN_NOUNS = String.raw`suscripci\w*|assinatura\w*|abonnement\w*|abos?|abbonament\w*|subskrypcj\w*|contrat[os]?|vertrag\w*|contratto|contract\w*|umow\w*|planes|plans?|plano|piano`;
/** Ending one: cancelling, terminating, giving notice (folded). */
const PLAN_END_VERBS = String.raw`cancel\w*|annul\w*|resili\w*|kundig\w*|stornier\w*|disdi\w*|disdett\w*|opzeg\w*|beeindig\w*|anul\w*|rezygn\w*|wypowiedz\w*|rescind\w*|rescisao|termin\w*`;
/** The start of a pattern for a text that names no subscription, plan or contract. */
const NO_PLAN_NAMED = String.raw`^(?![^]*\b(?:${PLAN_NOUNS})\b)[^]*`;
/** An account, and its owner, in es/fr/de/pt/it/nl/pl and English (folded). */
const ACCOUNT_NOUNS = String.raw`cuentas?|comptes?|kont(?:o|en|a|a?ch|ami)?|contas?|accounts?`;
const OWNER_NOUNS = String.raw`propietari[oa]|titular|proprietaire|titulaire|inhaber\w*|eigentumer\w*|besitzer\w*|proprietari[oa]|titolare|eigenaar|wlasciciel\w*|owner`;
/** Switching from one thing to another (es/fr/de/pt/it/nl/pl). */
const SWITCH_VERBS = String.raw`cambiar|alternar|passer|basculer|wechseln|umschalten|passare|cambiare|wisselen|schakelen|przelacz\w*`;
/** Exchanging an item, and what it is exchanged for: another size, colour or model (folded). */
const EXCHANGE_VERBS = String.raw`cambi\w*|echang\w*|umtausch\w*|umzutauschen|tausch\w*|troc\w*|sostitu\w*|ruil\w*|omruil\w*|wymien\w*|wymian\w*|zamien\w*`;
const SIZE_COLOUR_MODEL = String.raw`talla|tamano|taille|gro(?:ss|ß)e|tamanho|taglia|misura|maat|rozmiar\w*|color|colou?r|couleur|farbe|cor|colore|kleur|kolor\w*|modelo|modele|modell|modello|model\w*`;
/** Word beginnings of sending and delivering, and the days carriers do not deliver (folded). */
const DELIVERY_STEMS = String.raw`liefer|versand|versend|verschick|zustell|livr|exped|envi|entreg|spedi|consegn|verzend|bezorg|lever|wysy|dostaw|dostarcz`;
const DAYS_OFF = String.raw`sabados?|domingos?|samedis?|dimanches?|samstags?|sonntags?|sabato|domenica|zaterdag\w*|zondag\w*|sobot\w*|niedziel\w*|feriados?|(?:jours? )?feries?|feiertag\w*|festivi|feestdag\w*|swiet\w*`;

/**
 * Support vocabulary in es/fr/de/pt/it/nl/pl mapped to the English words the articles use, so the offline
 * engine (which cannot translate) still finds the right article for a non-English question.
 */
const GLOSSARY: Array<[RegExp, string]> = [
  [/\b(?:envio|envios|frete|livraison|versand|versandkosten|expedition|entrega)\b/, 'shipping delivery cost'],
  [/\b(?:internacional|international|ausland|exterior|mexico|france|osterreich|brasil)\b/, 'international'],
  [
    /\b(?:devolucion|devoluciones|devolver|devolucao|retour|retourner|rucksendung\w*|zurucksenden|retoure\w*)\b/,
    'return policy',
  ],
  [/\b(?:reembolso|remboursement|rembourse|erstattung|ruckerstattung|estorno)\b/, 'refund'],
  [/\b(?:contrasena|mot de passe|passwort\w*|senha)\b/, 'password reset'],
  [/\b(?:iniciar sesion|connecter|connexion|anmelden|einloggen|entrar|login)\b/, 'login sign in'],
  [/\b(?:cuenta|compte|konto|conta)\b/, 'account'],
  [/\b(?:factura|facture|rechnung|fatura|recibo|quittung)(?:s|es|en)?\b/, 'invoice receipt'],
  [/\b(?:pago|paiement|zahlung|pagamento|tarjeta|carte|karte|cartao)\b/, 'payment card'],
  [/\b(?:horario|horarios|horaires|offnungszeiten|atendimento|atencion)\b/, 'support hours'],
  [/\b(?:garantia|garantie)\b/, 'warranty'],
  [/\b(?:seguimiento|suivi|sendungsverfolgung|rastreamento)\b/, 'tracking'],
  // Ending a subscription, a plan or a contract is the plan article's "Ending a plan early", not an
  // order's cancellation (which the entries below read when no plan is named).
  [
    new RegExp(
      String.raw`\b(?:${PLAN_END_VERBS})\b(?=[^.?!]{0,40}\b(?:${PLAN_NOUNS})\b)|\b(?:${PLAN_NOUNS})\b(?=[^.?!]{0,40}\b(?:${PLAN_END_VERBS})\b)`,
    ),
    'ending a plan early monthly plans cancelled cancellation fee',
  ],
  [new RegExp(String.raw`${NO_PLAN_NAMED}\b(?:cancelar|annuler|stornieren)\b`), 'cancel order'],
  [/\b(?:costo|cuanto cuesta|frais|kosten|quanto custa|prix|precio|preco)\b/, 'cost price'],
  [/\b(?:dano|danado|endommage|beschadigt|defekt|danificado)\b/, 'damaged defective'],
  // Italian, Dutch and Polish.
  [
    /\b(?:spedizion\w*|spedite|consegna|verzend\w*|levering|bezorg\w*|wysylk\w*|dostaw\w*)\b/,
    'shipping delivery cost',
  ],
  // A delivery on a weekend day, asked in other words than "delivery" ("livrez-vous le samedi ?",
  // "am Sonntag liefern"): the carriers article's business days, no Saturday or Sunday delivery.
  [
    new RegExp(
      String.raw`\b(?:${DELIVER_ELSEWHERE})\b[^.?!]{0,30}\b(?:${WEEKEND_ELSEWHERE})\b|\b(?:${WEEKEND_ELSEWHERE})\b[^.?!]{0,30}\b(?:${DELIVER_ELSEWHERE})\b`,
    ),
    'saturday sunday delivery carriers business days',
  ],
  [/\b(?:italia|nederland|belgie|polsk\w*|estero|buitenland|zagranic\w*)\b/, 'international'],
  [
    /\b(?:reso|resi|restituir\w*|retourner\w*|retour\w*|terug(?: te)? ?stur\w*|zwrot\w*|zwroc\w*|odesla\w*|odeslac)\b/,
    'return policy',
  ],
  [/\b(?:rimbors\w*|terugbetal\w*|zwrot pieniedzy|geld terug)\b/, 'refund'],
  [/\b(?:wachtwoord|haslo|hasla)\b/, 'password reset'],
  [/\b(?:accedere|accesso|inloggen|zalogowac|logowanie)\b/, 'login sign in'],
  // A sign-in that fails, with no provider or second factor named, is the password article's
  // ("Forgot password?", "Locked out"), as "I can't log in" is in English; single sign-on and
  // two-factor questions are found by their own names, and nobody or everyone unable to sign in
  // is an outage, not a forgotten password.
  [
    /^(?![^]*\b(?:sso|single sign|okta|entra|azure|saml|google workspace|onelogin|keycloak|authenticat\w*|authentificat\w*|2fa|mfa|codes?|codigo|tweestaps\w*|zwei ?faktor\w*|deux facteurs|doble factor|dois fatores|due fattori|dwuetapow\w*|nikt|niemand|nadie|personne|nessuno|ninguem|wszys\w*|todos|tous|alle|tutti|iedereen)\b)[^]*\b(?:no (?:puedo|consigo|logro) (?:iniciar sesion|entrar|acceder)|(?:n'?arrive|narrive|parviens) (?:plus |pas )+a (?:me connecter|acceder|entrer)|impossible de (?:me |se )?connecter|(?:kann|konnen) (?:ich |wir )?(?:mich |uns )?nicht (?:mehr )?(?:anmelden|einloggen)|(?:anmeldung|login) (?:klappt|funktioniert|geht) nicht|nao (?:consigo|posso) (?:entrar|acessar|fazer login|logar)|non (?:riesco|posso) (?:piu )?(?:ad? )?(?:accedere|entrare|fare (?:il )?login|loggarmi)|kan (?:\w+ )?niet (?:meer )?inloggen|inloggen lukt niet|nie (?:moge|mozemy|umiem) (?:sie )?zalogowac)\b/,
    'password reset locked out',
  ],
  // The email confirming a new account that never came: the sign-up article's "Problems signing up".
  [ACCOUNT_EMAIL_ASKED, 'problems signing up no confirmation email'],
  // Signing up or opening an account, in each language's words: the sign-up article's ("anmelden"
  // is a German sign-in; Dutch "aanmelden" is signing up).
  [
    /\b(?:registr(?:ar|arse|arme|arnos|o|ieren|iere|ierung|eren|atie|arsi|armi|azione)|inscri(?:re|ption|vez|s|t)|cadastr\w*|zarejestr\w*|rejestracj\w*|iscriv\w*|iscrizion\w*|aanmeld\w*|(?:crear|abrir) (?:una |mi |nuestra )?cuenta|(?:creer|ouvrir) (?:un|mon|notre) compte|konto (?:erstellen|anlegen|eroffnen)|(?:criar|abrir) (?:uma |a minha |minha )?conta|(?:creare|aprire) (?:un|il mio) account|account (?:aan)?maken|(?:zalozyc|utworzyc|otworzyc) konto)\b/,
    'open an account signup new account',
  ],
  // The company's own phone number or how to reach it: the support article's "how to reach us".
  [
    /\b(?:vuestro|su|votre|vos|ihre|eure|seu|vostro|jullie|uw|wasz|panstwa) (?:numero de telefono|numero de telephone|telefonnummer|numero de telefone|numero di telefono|telefoonnummer|numer telefonu)\b|\b(?:numero de telefono|numero de telephone|telefonnummer|numero de telefone|numero di telefono|telefoonnummer|numer telefonu) (?:de (?:soporte|support|suporte)|vom support|del supporto|van (?:de )?support|do (?:wsparcia|pomocy))\b/,
    'other ways to reach us email phone support',
  ],
  [
    /\b(?:numero de telefone|telefone) (?:de voces|da empresa|do suporte|da northwind)\b|\b(?:o )?(?:vosso|seu) (?:numero de )?telefone\b/,
    'contact support hours',
  ],
  // The company's email address, its office and a visit to it, its postal address: the support
  // article's "Other ways to reach us" (the customer's own email or address is another question).
  [
    /\b(?:vuestr[oa]|su|votre|ihre|eure|seu|sua|vosso|vossa|vostro|jullie|uw|wasz|wasza|panstwa) (?:direccion de )?(?:correo(?: electronico)?|e-?mail|courriel|adresse (?:e-?mail|mail|electronique)|e-?mail-?adresse|endereco de e-?mail|indirizzo (?:e-?mail|di posta)|e-?mailadres|adres (?:e-?mail|mailowy))\b|\b(?:correo|e-?mail|courriel|adresse e-?mail|e-?mail-?adresse|endereco de e-?mail|indirizzo e-?mail|e-?mailadres|adres e-?mail) (?:de|du|des|vom|do|da|del|dello|van|do) (?:soporte|support|service client|kundendienst|suporte|supporto|assistenza|klantenservice|wsparcia|obslugi klienta)\b/,
    'email support other ways to reach us',
  ],
  [
    /\b(?:visit\w*|visiter|besuch\w*|vorbeikommen|langs ?(?:komen|gaan)|bezoek\w*|odwiedz\w*|ir a|passer a|passar n[ao])\b[^.?!]{0,30}\b(?:oficinas?|bureaux?|buro|escritorio|ufficio|uffici|kantoor|biuro|sede|siege|almacen|entrepot|lager|armazem|magazzino|magazijn|magazyn)\b|\b(?:oficinas?|bureaux?|buro|escritorio|ufficio|kantoor|biuro|sede|siege)\b[^.?!]{0,30}\b(?:visit\w*|visiter|besuch\w*|vorbeikommen|langs ?(?:komen|gaan)|bezoek\w*|odwiedz\w*)\b|\b(?:direccion postal|adresse postale|postanschrift|postadresse|endereco postal|indirizzo postale|postadres|adres pocztowy|adres korespondencyjny)\b/,
    'office visits appointment other ways to reach us',
  ],
  // An account locked after too many tries: the password article's "Locked out" (a card blocked is not).
  [
    /\b(?:cuenta|compte|konto|conta|account|accesso|acceso|acces|zugang|login|utente|benutzer\w*|usuario)\b[^.?!]{0,25}\b(?:bloquead[oa]|bloquee?|verrouille\w*|gesperrt|blockiert|bloccat[oa]|geblokkeerd|zablokowan\w*)\b|\b(?:demasiados|trop de|zu viele\w*|muitas|troppi|te veel|zbyt wiele|za duzo)\b[^.?!]{0,20}\b(?:intentos|tentatives|versuch\w*|anmeldeversuch\w*|tentativas|tentativi|pogingen|prob\w*)\b/,
    'locked out failed attempts',
  ],
  [/\b(?:fattur\w*|factuur|facturen|faktur\w*|rachun\w*|ricevuta|bon)\b/, 'invoice receipt'],
  [/\b(?:pagament\w*|betaling\w*|betaalmethode\w*|platnos\w*|karta|carta di credito)\b/, 'payment card'],
  [/\b(?:orari|openingstijden|godzin\w*)\b/, 'support hours'],
  [/\b(?:garanzia|garantie|gwarancj\w*)\b/, 'warranty'],
  [/\b(?:tracciament\w*|track(?: ?and ?trace)?|sledzeni\w*)\b/, 'tracking'],
  [new RegExp(String.raw`${NO_PLAN_NAMED}\b(?:annull\w*|annuleren|anulowa\w*)\b`), 'cancel order'],
  [/\b(?:quanto costa|costo|kosten|wat kost|ile kosztuje|koszt\w*)\b/, 'cost price'],
  [
    /\b(?:abbonament\w*|abonnement|subskrypcj\w*|contratto|contract|umow\w*|penale|boete|oplat\w*)\b/,
    'plan subscription cancel fee',
  ],
  // Topics every help center article names, in the five languages most customers write.
  [
    /\b(?:usuari\w*|utilisateurs?|membres?|miembros?|membri|utenti|benutzer\w*|nutzer\w*|mitglieder\w*|plazas|postes|lugares|posti)\b/,
    'seats team members',
  ],
  [/\b(?:equipo|equipe|squadra|mitarbeiter\w*)\b/, 'team members'],
  // Concepts every language asks about, each in all of them (issue 11: Dutch users, Spanish
  // two-step sign-in, same-day dispatch, warranty cover and broken items were not recognized).
  [/\b(?:gebruikers?|uzytkownik\w*|osob|osoby)\b/, 'seats team members'],
  [
    /\b(?:dos pasos|deux etapes|zwei schritte\w*|zweistufig\w*|dois passos|duas etapas|due passaggi|due fasi|twee stappen|tweestaps\w*|dwa etapy|dwoch etapow)\b/,
    'two-factor authentication',
  ],
  [
    /\b(?:mismo dia|meme jour|selben tag|gleichen tag|mesmo dia|stesso giorno|dezelfde dag|tego samego dnia)\b/,
    'orders placed before ship same business day',
  ],
  [/\b(?:abgedeckt|cubiert[oa]s?|couverte?s?|cobert[oa]s?|copert[oaie]|gedekt|objet[aey])\b/, 'warranty'],
  [/\b(?:kapot\w*|zepsut\w*|uszkodzon\w*|stukgegaan)\b/, 'damaged defective'],
  // "zurücksetzen" resets a password; "zurückschicken", "zurückgeben" send something back.
  [/\b(?:zuruck(?!setz)\w*|ruckgabe\w*|umtausch\w*)\b/, 'return policy'],
  [
    /\b(?:danneggiat\w*|rott[oaie]|difettos\w*|rompu\w*|cass[ée]\w*|kaputt\w*|besch[aä]digt\w*|quebrad\w*|roto|rota)\b/,
    'damaged defective',
  ],
  [/\b(?:estandar|standard|normal)\b/, 'standard shipping delivery time'],
  [/\b(?:expres\w*|ekspres\w*|urgente|rapide|schnell\w*|veloce)\b/, 'express shipping'],
  [/\b(?:plan|plano|piano|tarif\w*|abonnement|offre)\b/, 'plans pricing'],
  [
    /\b(?:exporta\w*|exporto|exporte[mn]?|exporter|exportier\w*|esporta\w*|esporto|exporteer\w*|exporteren|eksport\w*)\b/,
    'export data',
  ],
  [/\b(?:limite|limites|limit|grenze|limiti)\b/, 'rate limit'],
  [
    /\b(?:dos factores|deux facteurs|zwei-?faktor\w*|dois fatores|due fattori|doble factor)\b/,
    'two-factor authentication',
  ],
  [/\b(?:aduana|douane|zoll|alfandega|dogana)\b/, 'customs duties'],
  [/\b(?:dwuetapow\w*|dwusk\S*adnikow\w*|tweestaps\w*|twee-?factor\w*)\b/, 'two-factor authentication'],
  [/\b(?:spedition\w*|transportista|fret)\b/, 'freight shipping delivery time'],
  [
    /\b(?:devis|offerte\w*|presupuesto\w*|cotizacion\w*|orcamento\w*|preventiv\w*|wycen\w*|angebot(?:e|s)?|kostenvoranschlag\w*|(?:gro(?:ss|ß)|sammel)bestellung\w*)\b/,
    'quote bulk orders',
  ],
  // A file fetched by a link ("descargar", "herunterladen"): the export's download link, or an invoice's.
  [
    /\b(?:descarga\w*|telecharg\w*|herunterlad\w*|download\w*|baixa(?:r|do)|scaric\w*|pobra(?:c|nia)\w*)\b/,
    'download',
  ],
  // A discount for quantity is the bulk article's; one for who the customer is (a startup) is nobody's.
  [
    /\b(?:descuento|rabatt|remise|scont[oi]|korting|rabat|desconto)\w*(?=[^.?!]{0,30}\b(?:volum\w*|menge\w*|quantit\w*|hurt\w*|grandes?|grote|gross\w*|ilosc\w*|bulk)\b)/,
    'volume discount',
  ],
  // The quantity said as a count of things ("przy 60 regałach", "bei 100 Stühlen").
  [
    /\b(?:descuento|rabatt|remise|scont[oi]|korting|rabat|desconto)\w*(?=[^.?!]{0,40}\b\d{2,} [a-z])|(?<=\b\d{2,} [a-z][^.?!]{0,40})\b(?:descuento|rabatt|remise|scont[oi]|korting|rabat|desconto)/,
    'volume discount',
  ],
  [
    /\b(?:rol(?:l)?os? de etiquetas?|rouleaux? d'etiquettes|etikettenroll\w*|etiketrol\w*|rotol\w* di etichette)\b/,
    'consumables',
  ],
  // A Saturday, a Sunday or a public holiday asked about a delivery is the carriers' "business days
  // only" (the line says there is none); weekends asked about alone stay the staffed hours below.
  [
    new RegExp(
      String.raw`\b(?:${DELIVERY_STEMS})\w*\b(?=[^.?!]{0,40}\b(?:${DAYS_OFF})\b)|\b(?:${DAYS_OFF})\b(?=[^.?!]{0,40}\b(?:${DELIVERY_STEMS})\w*)|\bsamstagszustellung\w*`,
    ),
    'carriers deliver business days only saturday sunday delivery',
  ],
  // Weekends asked about deliveries are the shipping days; else the staffed hours (as in English below).
  [
    /\b(?:liefer|versand|versend|verschick|livr|exped|envi|entreg|spedi|consegn|verzend|bezorg|lever|wysy|dostaw)\w*\b(?=[^.?!]{0,40}\b(?:week-?ends?|fin(?:es)? de semana|fim de semana|wochenend\w*|fine settimana|weekend\w*)\b)|\b(?:week-?ends?|fin(?:es)? de semana|fim de semana|wochenend\w*|fine settimana|weekend\w*)\b(?=[^.?!]{0,40}\b(?:liefer|versand|versend|verschick|livr|exped|envi|entreg|spedi|consegn|verzend|bezorg|lever|wysy|dostaw)\w*)/,
    'shipping monday friday warehouse',
  ],
  [
    /(?<!\b(?:liefer|versand|versend|verschick|livr|exped|envi|entreg|spedi|consegn|verzend|bezorg|lever|wysy|dostaw)[^.?!]{0,40})\b(?:week-?ends?|fin(?:es)? de semana|fim de semana|wochenend\w*|fine settimana|weekend\w*)\b(?![^.?!]{0,40}\b(?:liefer|versand|versend|verschick|livr|exped|envi|entreg|spedi|consegn|verzend|bezorg|lever|wysy|dostaw))/,
    'support hours weekend',
  ],
  [/\b(?:impuesto|taxe|steuer\w*|imposto|tassa|iva|tva|mwst)\b/, 'tax'],
  [
    /\b(?:perdid[oa]|perdu|verloren|extraviad[oa]|smarrit[oa]|retrasad[oa]|retard|verspat\w*|atrasad[oa]|ritardo)\b/,
    'lost delayed package',
  ],
  // A delivery address (not an e-mail or a billing address): the address-change article's word.
  [
    /(?<!mail[- ]?)\b(?:direccion(?:es)?|adresse[ns]?|(?:liefer|versand|zustell)adresse[n]?|anschrift|endereco[s]?|indirizz[oi]|adres(?:u|ie|y)?)\b(?![^.?!]{0,16}\b(?:e-?mail|correo|courriel|mail|factura\w*|facturation|faturamento|fatura|rechnung|fatturazione)\b)/,
    'shipping address',
  ],
  // Paying by the year: the plans' own word ("billed yearly").
  [
    /\b(?:anual\w*|annuel\w*|jahrlich\w*|jahresabo\w*|annual\w*|jaarlijks\w*|jaarabonnement|roczn\w*|par an|al ano|por ano|all'anno|pro jahr|per jaar|za rok)\b/,
    'yearly plans pricing',
  ],
  // The status page asked for by name ("statusem" is Polish for "with a status").
  [
    /\b(?:stron\w* (?:ze |z )?status\w*|statusstron\w*|statuspagina|statusseite|pagina de (?:estado|status)|page de statut|pagina di stato)\b/,
    'status page outage',
  ],
  [
    /\b(?:orden(?:es)? de compra|bons? de commande|bestellschein\w*|ordem de compra|ordine di acquisto|inkooporder\w*|zamowieni\w* zakupu)\b/,
    'purchase orders net-30',
  ],
  // Articles the list above had no words for in these languages: planned maintenance, taking a
  // person's access away, a colleague, a card named as one word, personal data and closing the
  // account, a security hole reported, the carriers.
  [
    /\b(?:mantenimiento|maintenance|wartung\w*|manutencao|manutenzione|onderhoud\w*|konserwacj\w*|prace serwisowe|przerw\w* techniczn\w*)\b/,
    'planned maintenance',
  ],
  [
    /\b(?:retir\w*|quit\w*|supprim\w*|enlev\w*|entfern\w*|entzieh\w*|sperr\w*|remov\w*|revog\w*|rimuov\w*|revoc\w*|togli\w*|intrek\w*|verwijder\w*|ontnem\w*|odebra\w*|usun\w*|cofn\w*)\b[^.?!]{0,30}\b(?:acceso|acces|zugang|zugriff\w*|acesso|accesso|toegang|dostep\w*)\b|\b(?:acceso|acces|zugang|zugriff\w*|acesso|accesso|toegang|dostep\w*)\b[^.?!]{0,30}\b(?:retir\w*|quit\w*|supprim\w*|entfern\w*|entzieh\w*|sperr\w*|remov\w*|revog\w*|rimuov\w*|revoc\w*|togli\w*|intrek\w*|verwijder\w*|ontnem\w*|odebra\w*|usun\w*|cofn\w*)/,
    'removing a person signs them out team members',
  ],
  [
    /\b(?:colaborador\w*|collaborat(?:eur|rice)s?|collegues?|empleados?|funcionari[oa]s?|dipendent[ei]|colleg(?:a|he|hi)|medewerker\w*|collega'?s|pracownik\w*|kolleg\w*)\b/,
    'team members',
  ],
  [
    /\b(?:kreditkarte\w*|zahlungsmethode\w*|zahlungsart\w*|zahlungsmittel\w*|creditcard\w*|betaalkaart\w*|moyens? de paiement|metodos? de pago|formas? de pagamento|metod[oi] di pagamento|metod\w* platnosci)\b/,
    'payment card',
  ],
  [
    /\b(?:datos personales|donnees personnelles|personenbezogene\w* daten|personliche\w* daten|dados pessoais|dati personali|persoonsgegevens|dane osobowe|privacidad|confidentialite|datenschutz\w*|privacidade|privacy|prywatnosc\w*|rgpd|dsgvo|gdpr|rodo)\b/,
    'privacy personal data deletion',
  ],
  [
    /\b(?:cerrar|eliminar|borrar|dar de baja|cierre)\b[^.?!]{0,15}\bcuenta\b|\b(?:fermer|supprimer|cloturer|fermeture|suppression)\b[^.?!]{0,15}\bcompte\b|\bkonto\w*\b[^.?!]{0,15}\b(?:loschen|schliessen|kundigen|auflosen)\b|\b(?:encerrar|excluir|fechar|encerramento)\b[^.?!]{0,15}\bconta\b|\b(?:chiudere|eliminare|chiusura)\b[^.?!]{0,15}\baccount\b|\baccount\b[^.?!]{0,15}\b(?:opzeggen|verwijderen|opheffen)\b|\b(?:zamkn\w*|usun\w*)\b[^.?!]{0,15}\bkont\w*\b/,
    'close account',
  ],
  [
    /\b(?:vulnerabilidad\w*|vulnerabilite\w*|sicherheitslucke\w*|schwachstelle\w*|vulnerabilidade\w*|vulnerabilita|kwetsbaarhe\w*|podatnos\w*|luk\w* w zabezpieczeniach)\b/,
    'report security vulnerability',
  ],
  [
    /\b(?:transporteur\w*|paketdienst\w*|zusteller\w*|transportadora\w*|corrier[ei]|vervoerder\w*|pakketdienst\w*|kurier\w*|przewoznik\w*|mensajeria|paqueteria)\b/,
    'carriers shipping',
  ],
  // Everyday forms the entries above missed: a card refused in so many words, a card named alone
  // ("mijn kaart"), a parcel redirected or already on its way, the shipping speed as one German
  // compound, and the countries customers name for "do you ship to…".
  [
    /\b(?:kaart|karte|carte|tarjeta|cartao|carta|karta|zahlung|paiement|pago|pagamento|betaling|platnosc)\b[^.?!]{0,30}\b(?:geweigerd|afgewezen|abgelehnt|refusee?|rechazad[ao]|recusad[ao]|rifiutat[ao]|odrzucon\w*)\b|\b(?:geweigerd|afgewezen|abgelehnt|refusee?|rechazad[ao]|recusad[ao]|rifiutat[ao]|odrzucon\w*)\b[^.?!]{0,30}\b(?:kaart|karte|carte|tarjeta|cartao|carta|karta|zahlung|paiement|pago|pagamento|betaling|platnosc)\b/,
    'declined payment card',
  ],
  [/\b(?:kaart|pinpas)\b/, 'payment card'],
  // Whether a card or a wallet is taken, asked with its name ("nehmt ihr Amex?", "¿aceptan
  // PayPal?", "payer par Visa ?"): the payment article's list. The name alone says what is asked
  // about, not that it is a payment question (SHARED_TERMS).
  [
    /\b(?:nehm(?:t|en)|akzeptier\w*|acept\w*|admit\w*|accept\w*|pren(?:ez|nent|ons)|aceit\w*|accett\w*|nemen|akceptuj\w*|przyjmuj\w*|(?:be)?zahl\w*|pag(?:ar|o|amos|an|ais|are|hiamo|ate)|pay\w*|betal\w*|plac\w*)\b(?=[^.?!]{0,30}\b(?:amex|american express|visa|mastercard|discover|paypal|apple pay|google pay|klarna|maestro|diners)\b)|\b(?:amex|american express|visa|mastercard|discover|paypal|apple pay|google pay|klarna|maestro|diners)\b(?=[^.?!]{0,30}\b(?:nehm(?:t|en)|akzeptier\w*|acept\w*|admit\w*|accept\w*|pren(?:ez|nent|ons)|aceit\w*|accett\w*|nemen|akceptuj\w*|przyjmuj\w*|geht|gehen|moglich|possible|posible|possivel|possibile|mogelijk|mozliwe)\b)/,
    'payment methods visa mastercard american express',
  ],
  // PayPal and the phone wallets are named by the payment article itself ("We do not take PayPal
  // or digital wallets"): named in any language, they find that line rather than the cards'.
  [
    /\b(?:paypal|apple ?pay|google ?pay|(?:digital|mobile) wallets?|portefeuilles? (?:electroniques?|numeriques?)|billeteras? (?:digitales?|virtuales?|electronicas?)|carteiras? digita\w*|portafogli\w* digital\w*|digitale portemonnees?|portfel\w* (?:cyfrow\w*|elektroniczn\w*))\b/,
    'paypal digital wallets apple pay google pay',
  ],
  // An item exchanged for another colour, size or model, or the restocking fee: the return
  // policy's "Exchanges and fees" (a change of address, plan or password is not an exchange).
  [
    new RegExp(
      String.raw`\b(?:${EXCHANGE_VERBS})\b(?=[^.?!]{0,60}\b(?:${SIZE_COLOUR_MODEL})\b)|\b(?:${SIZE_COLOUR_MODEL})\b(?=[^.?!]{0,30}\b(?:${EXCHANGE_VERBS})\b)|\b(?:frais de (?:restockage|remise en stock)|wiedereinlagerungs\w*|tasas? de reposicion|taxas? de reposicao|cost[oi] di (?:rifornimento|riassortimento)|herbevoorradingskosten|oplat\w* za ponowne \w+)\b`,
    ),
    'exchanges swap another colour size model new order restocking fee',
  ],
  // The customer's own profile (their name, their phone number), the email they sign in with, the
  // account's owner, and moving between the accounts of several companies: the profile article.
  [
    /\b(?:perfil|profil|profilo|profiel)\b|\b(?:mi|mon|mein|meine|meu|o meu|il mio|mijn|moj|moje) (?:numero de telefono|numero de telephone|numero|telefonnummer|numero de telefone|telefone|numero di telefono|telefoonnummer|numer telefonu|numer)\b/,
    'profile name phone number settings',
  ],
  [
    /\b(?:correo|e-?mail|courriel|adresse e-?mail|endereco de e-?mail|indirizzo e-?mail|adres e-?mail)\b[^.?!]{0,25}\b(?:de connexion|de inicio de sesion|para (?:iniciar sesion|entrar)|zum (?:anmelden|einloggen)|de (?:login|acesso)|para (?:entrar|fazer login)|di (?:accesso|login)|per (?:accedere|il login)|om in te loggen|waarmee ik inlog|do logowania)\b|\b(?:anmelde|login|inlog)-?e-?mail\w*/,
    'changing the email you sign in with profile',
  ],
  [
    new RegExp(
      String.raw`\b(?:${OWNER_NOUNS})\b[^.?!]{0,30}\b(?:${ACCOUNT_NOUNS})\b|\b(?:${ACCOUNT_NOUNS})\b[^.?!]{0,30}\b(?:${OWNER_NOUNS})\b`,
    ),
    'changing the account owner make owner',
  ],
  [
    new RegExp(
      String.raw`\b(?:entre|between|zwischen|tra|tussen|miedzy)\b[^.?!]{0,30}\b(?:${ACCOUNT_NOUNS})\b[^.?!]{0,30}\b(?:${SWITCH_VERBS})\b|\b(?:${SWITCH_VERBS})\b[^.?!]{0,30}\b(?:entre|zwischen|tra|tussen|miedzy|d'un compte)\b[^.?!]{0,30}\b(?:${ACCOUNT_NOUNS}|l'autre|autre)\b`,
    ),
    'several accounts switch between companies',
  ],
  // Sending goods back in French is "renvoyer" too; an e-mail, an invoice or a code sent again is not.
  [
    /\b(?:renvoy\w*|renvoi)\b(?![^.?!]{0,30}\b(?:e-?mails?|mails?|courriels?|factures?|recus?|codes?|liens?|messages?|confirmation|invitation|mot de passe)\b)/,
    'return policy',
  ],
  // A label (the return label, in every language's word for it, compounds included).
  [
    /\b(?:etiquettes?|etiquetas?|\w*etikett\w*|etichett[ae]|\w*etiket\w*|retourlabel\w*|etykiet\w*)\b/,
    'label',
  ],
  // Furniture is what the articles collect by freight instead of sending a label.
  [/\b(?:mobilier|meubles?|muebles?|mobel\w*|moveis|mobili|meubels?|mebl\w*)\b/, 'furniture freight'],
  // Paying by bank transfer, as the scripts' entry reads it: the payment article's ACH.
  [
    /\b(?:(?:bank)?uberweisung\w*|transferencias? bancarias?|virements?(?: bancaires?)?|bonific[oi]|overschrijving\w*|overboeking\w*|przelew\w*)\b/,
    'ach bank transfer payment',
  ],
  [
    /\b(?:omgeleid|omleiden|umleit\w*|umgeleitet|redirig\w*|reachemin\w*|redireccion\w*|redirecion\w*|reindirizz\w*|przekierow\w*)\b/,
    'redirect change address after it ships',
  ],
  [
    /\b(?:onderweg|unterwegs|en camino|en transito|en transit|en route|a caminho|em transito|in transito|in viaggio|w drodze|w transporcie)\b/,
    'after it ships',
  ],
  [/\b(?:standard|normal)(?:versand|lieferung)\b/, 'standard shipping delivery time'],
  [/\b(?:express|eil)(?:versand|lieferung)\b/, 'express shipping'],
  [/\b(?:liefer|versand)(?:zeit|dauer)\w*\b/, 'shipping delivery time'],
  [
    /\b(?:portugal|espana|spanien|espagne|spagna|hiszpani\w*|alemania|deutschland|allemagne|germania|duitsland|niemc\w*|frankreich|francia|frankrijk|francj\w*|italien|italie|itali\w*|belgi\w*|schweiz|suisse|svizzera|zwitserland|szwajcari\w*|canada|kanada|japon|japan|japao|giappone|brazil\w*|brasilien|bresil)\b/,
    'international',
  ],
  // Who pays to send goods back is the return labels article's ("Who pays for return shipping"),
  // not the return policy's: the cost of a return named in so many words, or a return asked as free.
  [
    /\b(?:frais|couts?) (?:de |d'|du )?(?:retour|renvoi)|\b(?:etiquettes? de )?retour\w*\b[^.?!]{0,30}\b(?:a (?:ma|notre|nos) charge|payant\w*|gratuit\w*)|\b(?:gastos|costos?|coste) (?:de (?:la )?|del envio de )?devolucion\w*|\bdevolucion\w*\b[^.?!]{0,30}\b(?:gratis|gratuit[ao]s?|pagar|pagamos|cuesta)\b|\bruck(?:sende|versand)kosten\b|\bkosten (?:der|fur die) rucksendung|\bruck(?:sendung|versand)\w*\b[^.?!]{0,30}\b(?:kostenlos|kostet|zahlen|bezahlen)\b|\b(?:custos?|frete) (?:de |da )?devolucao|\bdevolucao\b[^.?!]{0,30}\b(?:gratis|gratuit[ao]s?|pagar|pagamos|custa)\b|\b(?:spese|costi?) (?:di |del |della )?(?:reso|restituzione)|\breso\b[^.?!]{0,30}\b(?:gratuit\w*|pagare|paghiamo|costa)\b|\bretourkosten\b|\bretour\w*\b[^.?!]{0,30}\b(?:gratis|betalen|kost)\b|\bkoszt\w* (?:zwrotu|odeslania|przesylki zwrotnej)|\bzwrot\w*\b[^.?!]{0,30}\b(?:darmow\w*|bezplatn\w*|placi\w*|kosztuje)\b/,
    'return shipping label who pays costs nothing',
  ],
];

/**
 * Names and loanwords the articles use as they are in every language ("express", "Pro", "API",
 * "SSO", the carriers): kept from the customer's own words, so "spedizione express" is about
 * express, not only about shipping.
 */
const SHARED_TERMS =
  /\b(?:express|freight|pro|free|enterprise|api|sso|saml|okta|csv|ups|fedex|usps|dhl|webhooks?|2fa|mfa|token|ach|visa|mastercard|amex|american express|discover|net-?30|status|checkout|iban|pdf|zip|vat)\b/g;
/** English search terms for a non-English text; empty when nothing is recognized. */
export function englishSearchTerms(text: string): string {
  // The patterns are written folded; Polish "ł" has no accent to drop, so it folds here ("hasło").
  const f = fold(text).replace(/ł/g, 'l');
  const terms = [...GLOSSARY, ...GLOSSARY_SCRIPTS].filter(([re]) => re.test(f)).map(([, en]) => en);
  // A name alone ("SSO", "UPS") says what the question is about, not what it asks: searched with
  // nothing else, the article on the name answered questions it does not ("über Keycloak").
  if (!terms.length) return '';
  return [...terms, ...new Set(f.match(SHARED_TERMS) ?? [])].join(' ');
}

/**
 * Everyday English for what the articles name otherwise ("backup codes" → recovery codes, "amex"
 * → American Express): the question is searched in the articles' own words, so a customer who
 * does not know them still finds the article. Written from the articles, replaced in place (the
 * question keeps its length, so coverage is not diluted).
 */
// `pointer`: the words find the article on the subject but do not name the same thing ("PayPal"
// is searched as payment methods; the article need not mention it): see `inArticleWordsSameThing`.
/** A failed payment asked to be tried again, with a payment named before or after it. */
function retryAsked(): RegExp {
  const again = String.raw`\b(?:try|trying|tries|charge|charging|bill|billing|run|running|take|taking) (?:it |the (?:card|payment|charge|fee) |us |my card |our card )?(?:again|a second time)\b|\bre-?tr(?:y|ies|ying)\b`;
  const payment = String.raw`\b(?:payments?|charges?|charged|cards?|fees?|renewals?|subscriptions?|bank|declined|bounced)\b`;
  return new RegExp(`(?<=${payment}[^]{0,80})(?:${again})|(?:${again})(?=[^]{0,80}${payment})`, 'g');
}

const ARTICLE_WORDS: Array<[RegExp, string, 'pointer'?]> = [
  // A concept one section of an article answers, first: the entries below may rename its words.
  ...ARTICLE_CONCEPTS,
  [/\b(?:backup|back-up|one[- ]time|spare|emergency) codes?\b/g, 'recovery codes'],
  [
    /\b(?:two[- ]step|2[- ]step|2fa|mfa|multi[- ]factor|two factor)(?: (?:login|verification|auth))?\b/g,
    'two-factor authentication',
  ],
  // The second step at sign-in, named by its place rather than its name ("a second factor", "the
  // extra login step"): a second step elsewhere (an order's, a form's) is not it.
  [
    /\b(?:second|extra|additional) (?:sign[- ]?in |log[- ]?in |security |verification )?(?:step|factor)\b(?=[^.?!]{0,30}\b(?:log ?in|login|logging in|sign(?:ing)?[- ]?in|security|authenticat\w*)\b)|\b(?:second|extra|additional) (?:sign[- ]?in|log[- ]?in|security|verification) (?:step|factor)\b|\bsecond factor\b/g,
    'two-factor authentication',
  ],
  // A discount or a better price asked for many units of a thing ("a price break for 60 chairs?",
  // "pricing for that many") is the bulk article's volume discount, not the plans' pricing.
  // An exact figure asked for is the quote itself, which a person gives ("what exact discount on
  // 300 stools?").
  [
    /(?<!\b(?:exact|exactly|precise|precisely|specific|actual)\b[^.?!]{0,40})(?:\b(?:price ?breaks?|discounts?|better (?:price|rate|deal)s?|(?:special |bulk )?pricing|cheaper)\b(?=[^.?!]{0,50}(?:\b\d{2,} (?!(?:days?|hours?|minutes?|weeks?|months?|years?|percent|dollars?|euros?|pounds?)\b)[a-z]|\bthat (?:many|size|quantity|volume)\b))|(?<=(?:\b\d{2,} (?!(?:days?|hours?|minutes?|weeks?|months?|years?|percent|dollars?|euros?|pounds?)\b)[a-z]|\bthat (?:many|size|quantity|volume)\b)[^.?!]{0,50})\b(?:price ?breaks?|discounts?|better (?:price|rate|deal)s?|(?:special |bulk )?pricing|cheaper)\b)/g,
    'volume discount quote',
  ],
  [/\bamex\b/g, 'american express'],
  [/\bidps?\b/g, 'identity provider'],
  // PayPal and the phone wallets keep their names: the payment article says it does not take them.
  [
    /\b(?:paypal|apple pay|google pay|(?:digital|mobile) wallets?)\b/g,
    '$& payment methods digital wallets',
    'pointer',
  ],
  [/\b(?:venmo|wire transfer|bank wire)\b/g, 'payment methods accept', 'pointer'],
  [/\b(?:annually|annual|per year|a year|every year)\b/g, 'yearly'],
  [/\b(?:chat|support) (?:history|logs?|transcripts?)\b/g, 'conversation history'],
  [/\b(?:card on file|company card|saved card)\b/g, 'card payment method'],
  [/\b(?:re-?route|reroute|redirect|divert)\b/g, 'redirect'],
  [/\b(?:import (?:duties|duty|tax(?:es)?|fees?)|customs (?:fees?|charges?))\b/g, 'duties taxes'],
  [/\b(?:overseas|abroad)\b/g, 'international'],
  [
    /\b(?:non-?profit|charity|resale certificate|tax[- ]exempt(?:ion)?)\b/g,
    'tax exemption certificate',
    'pointer',
  ],
  [/\b(?:spreadsheet|excel)\b/g, 'csv export'],
  [/\b(?:colleagues?|co-?workers?|teammates?|employees?|staff members?)\b/g, 'team members'],
  [/\b(?:take away|revoke|remove) (?:his |her |their )?access\b/g, 'removing a person signs them out'],
  [
    /\b(?:take|took|taking|kick|kicked|drop|dropped|remove|removed) (?:[a-z]+ ){0,2}?(?:him|her|them|[a-z]+) (?:off|out of|from) (?:the |our |my )?(?:team|account|workspace)\b/g,
    'removing a person signs them out team members',
  ],
  // Two-factor made compulsory for everyone is the owners' "require … for every member".
  [
    /\b(?:make|force|get|have) (?:every|all|each|everyone)\b[^.?!]{0,30}\b(?:use|turn on|set up|enable|switch on)\b(?= (?:an? |the )?(?:authenticator|two-factor|two[- ]step|2fa|mfa))|\b(?:enforce|mandate|mandatory|compulsory)\b(?=[^.?!]{0,30}\b(?:authenticator|two-factor|two[- ]step|2fa|mfa))|(?<=\b(?:authenticator|two-factor authentication|2fa|mfa)\b[^.?!]{0,20})\b(?:mandatory|compulsory|obligatory)\b/g,
    'require for every member',
  ],
  // What a person may do on the account is a role in the team article ("Viewer: see orders and
  // invoices only"); what an API key may do is its scope, the keys article's word.
  [
    /(?<!\b(?:api|keys?|tokens?|integrations?)\b[^.?!]{0,40})\b(?:(?:permission|access|user) levels?|permissions?|(?:what|which) (?:role|level))\b(?![^.?!]{0,40}\b(?:api|keys?|tokens?|integrations?|scopes?)\b)/g,
    'roles',
  ],
  // The address on invoices is the invoices article's billing details, not a delivery address.
  [
    /\b(?:(?:new|old|current|registered|company|office) )?(?:address|street)\b(?=[^]{0,60}\binvoices?\b)|(?<=\binvoices?\b[^]{0,60})\b(?:(?:new|old|current|registered|company|office) )?(?:address|street)\b/g,
    'address billing details',
  ],
  // Many invoices in one file are the data export's ("Invoices as a ZIP of PDFs"), not one invoice's page.
  [
    /\b(?:in one go|(?:all )?at once|in bulk|in one (?:file|batch|zip|download)|all together|not one by one)\b(?<=\binvoices?\b[^.?!]{0,50})|\b(?:bulk|mass) (?:download|export)\w*(?= (?:of )?(?:our |all |the )*invoices\b)/g,
    'export zip',
  ],
  // Supplies sent on a schedule without ordering each time are the bulk article's recurring orders.
  [
    /\b(?:(?:standing|repeat|recurring|scheduled|automatic|regular) (?:(?:weekly|monthly) )?|(?:weekly|monthly) )(?:orders?|deliver\w*|shipments?)\b|\bauto-?re-?order\w*|\b(?:every|each) (?:week|month|fortnight)\b(?=[^.?!]{0,30}\bautomatic\w*)|\bautomatic\w*\b(?=[^.?!]{0,30}\b(?:every|each) (?:week|month|fortnight)\b)/g,
    'recurring orders consumables',
  ],
  // A charge the bank or card refused, said without "declined": the payment article's declines,
  // told as happening again and again too ("the bank keeps rejecting it", "cards keep bouncing").
  [
    /\b(?:payments?|charges?|cards?|renewals?|fees?|subscriptions?)\b[^.?!]{0,25}?\b(?:bounced|(?:was|got|been|is being) (?:declined|blocked|rejected|refused)|(?:didn'?t|did not|won'?t|wouldn'?t) go through)\b|\bbank (?:blocked|declined|rejected|refused)\b|\b(?:bank|issuer|card)s? (?:keeps? |kept |still )?(?:blocking|declining|rejecting|refusing|bouncing|blocks|declines|rejects|refuses|bounces)\b|\b(?:payments?|charges?|cards?) (?:keeps?|kept) (?:getting |being )?(?:declined|blocked|rejected|refused|bounced|bouncing|failing)\b/g,
    'declined payment',
  ],
  // A Saturday, a Sunday or a holiday asked about a delivery, or the courier coming then, is the
  // carriers' "business days only" ("will the courier bring it on a Sunday?"); the day the
  // warehouse ships an order is its Monday to Friday, below.
  [
    /(?<=\b(?:deliver\w*|arriv\w*|couriers?|carriers?|drivers?|drop[- ]?offs?|brings?|turn up|show up|come|comes)\b[^.?!]{0,40})\b(?:saturdays?|sundays?|weekends?|(?:public |bank |national )?holidays?)\b|\b(?:saturday|sunday|weekend|holiday) (?:deliver\w*|drop[- ]?offs?)\b/g,
    '$& carriers deliver business days only',
    'pointer',
  ],
  // Weekends in a question about shipping are about the days orders go out, else about support hours.
  [
    /(?<=\b(?:ship|ships|shipping|shipped|deliver\w*|dispatch\w*|send|sent|go out|goes out)\b[^.?!]{0,40})\b(?:saturdays?|sundays?|weekends?)\b|\b(?:saturdays?|sundays?|weekends?)\b(?=[^.?!]{0,40}\b(?:ship|ships|shipping|shipped|deliver\w*|dispatch\w*)\b)/g,
    'monday friday warehouse',
    'pointer',
  ],
  [/\b(?:saturdays?|sundays?|weekends?)\b/g, 'staffed hours', 'pointer'],
  // How soon a person answers, and at night or out of hours: the support article's first response
  // and staffed hours ("how fast does a human pick it up?", "in the middle of the night").
  [
    /\bhow (?:fast|quickly|soon|long)\b(?= (?:does|do|will|would|can|until|before|till) (?:a human|a person|a real person|someone|somebody|your (?:team|staff|people|support)|support|an agent|staff)\b)/g,
    'first response time',
    'pointer',
  ],
  [
    /\b(?:in the middle of the night|after hours|out of hours|outside (?:of )?(?:office|business) hours)\b/g,
    'staffed hours',
    'pointer',
  ],
  [/\b(?:429s?|too many requests|throttl\w*)\b/g, 'rate limit 429'],
  [/\b(?:drop down|move down|go down) to a (?:smaller|cheaper|lower) plan\b/g, 'downgrade plan'],
  // A plan change said with a direction ("we dropped down from Pro", "move up to Enterprise").
  [/\b(?:drop|step|mov|go|went|switch|bump)\w* down (?=(?:from|to) )/g, 'downgrade '],
  [/\b(?:step|mov|go|went|switch|bump|jump)\w* up (?=to )/g, 'upgrade '],
  [
    /\b(?:mid[- ](?:month|cycle|period|way through the month)|(?:half|part)[- ]?way (?:through|into) the (?:month|cycle|billing period))\b/g,
    'prorated billing period',
  ],
  [
    /\b(?:rest|remainder|remaining days|unused (?:part|days|time)) of the (?:month|billing (?:period|cycle)|cycle|period)\b/g,
    'unused part of the billing period',
  ],
  [
    /\b(?:shut(?:ting)?|clos(?:e|ing)) down (?:our|my|the) (?:\w+ )?account\b|\bterminat\w* (?:our|my|the) account\b/g,
    'close account',
  ],
  // Whether a price includes tax is the prices' own note ("exclude tax"), not the exemption article's.
  [
    /\b(?:includ\w*|with or without|baked in(?:to)?|on top)\b(?=[^.?!]{0,40}\btax\b)|(?<=\btax\b[^.?!]{0,40})\b(?:includ\w*|on top|baked in(?:to)?)\b/g,
    'prices exclude',
  ],
  [/\bmaintenance windows?\b/g, 'planned maintenance'],
  [
    /\b(?:crushed|smashed|dented|cracked|shattered|busted|squashed|torn open|snapped|bent|chipped|scratched|ripped)\b/g,
    'damaged',
  ],
  // The company's phone number or a way to reach it is the support article's "Other ways to reach us" ("your
  // number?", "how do we get hold of you"); the customer's own number on their profile is not.
  [
    /\b(?:your|ur) (?:(?:support|customer service|office|main) )?(?:phone|telephone|contact|hotline)(?: number| line)?\b|\b(?:a|any) (?:phone )?number (?:i|we) (?:can|could) (?:call|ring|phone)\b|\b(?:call|ring|phone|contact|reach|get hold of|get in touch with) (?:you(?: guys| folks| people)?|your (?:support )?(?:team|support|staff|people)|support(?: team)?)(?= *(?:[?.!,]|$|\b(?:by|on|at|directly|guys|people|folks)\b))/g,
    'other ways to reach us email phone support',
    'pointer',
  ],
  // The company's email address, its office and a visit to it, or where to post a letter: the
  // support article's "Other ways to reach us" (the customer's own address or email is not it).
  [
    /\b(?:your|ur) (?:(?:support|customer service|contact|main) )?e-?mail(?: address)?\b|\be-?mail (?:address )?(?:for|of) (?:your )?(?:support|customer service|the support team)\b|\b(?:what|which) (?:e-?mail|address) (?:do|can|should) (?:i|we) (?:e-?mail|write|send|mail)\w*\b/g,
    '$& email support other ways to reach us',
    'pointer',
  ],
  [
    /\b(?:visit|visiting|come by|drop by|stop by|pop in|pop by|swing by)\b (?:you|your (?:office|premises|headquarters|hq|showroom))\b|\b(?:an? |your )?(?:office|showroom|premises) (?:i|we) (?:can|could) (?:visit|come to|drop by|stop by)\b|\byour (?:office|offices|headquarters|hq|premises|showroom)\b|\b(?:postal|mailing|physical|street|office) address\b(?![^.?!]{0,30}\b(?:on|for) (?:my|our|the) (?:order|invoice|account|profile)\b)|\bwhere are you (?:located|based)\b/g,
    '$& office visits appointment other ways to reach us',
    'pointer',
  ],
  // An item exchanged for another colour, size or model: the return policy's "Exchanges and fees".
  [
    /\b(?:exchang\w*|swap\w*|trad(?:e|ing) (?:it |them |this |that |the \w+ )?in|trad(?:e|ing))\b(?=[^.?!]{0,50}\b(?:colou?rs?|sizes?|models?|versions?|bigger|smaller|larger|newer|different one|another one)\b)/g,
    '$& exchanges another colour size model',
    'pointer',
  ],
  // The email a person signs in with, and moving between the accounts of several companies: the
  // profile article's "Changing the email you sign in with" and "Several accounts".
  [
    /\b(?:e-?mail|address) (?:(?:that )?(?:i|we) (?:use to )?(?:log|sign) ?in with|(?:i|we) use (?:to|for) (?:log|sign)(?:ging)? ?in)\b|\b(?:login|log-in|sign-in|signin) e-?mail(?: address)?\b/g,
    '$& changing the email you sign in with',
  ],
  [
    /\b(?:switch\w*|mov\w*|go(?:ing)?|toggl\w*|jump\w*|flip\w*)(?: back and forth)? between (?:(?:the|our|my|their|two|both|several|multiple|different) )*(?:\w+ )?accounts\b|\b(?:two|several|multiple|more than one) (?:companies|businesses|clients|employers)\b[^.?!]{0,60}\baccounts?\b|(?<=\baccounts\b[^]{0,80})\b(?:switch\w*|toggl\w*|mov\w*|jump\w*|flip\w*|go(?:ing)?) (?:back and forth )?between (?:them|the two|both|those)\b/g,
    'several accounts switch between companies account menu',
  ],
  // A parcel whose tracking stopped moving, and when we take it up with the carrier, is the lost
  // or delayed article's "no new scan" and "open a trace" ("no scan for four days, when do you
  // chase the courier?"); a parcel marked delivered that nobody has is its "not received".
  [
    /\b(?:(?:has|have|had)(?:n'?t| not) (?:had|got|been given) (?:a |any )?(?:new |fresh )?scans?|(?:no|zero) (?:new |fresh )?scans?|(?:hasn'?t|has not|haven'?t|not) been scanned|tracking (?:hasn'?t|has not|hasnt|didn'?t|did not|won'?t) (?:moved|updated|changed))\b/g,
    'no new scan',
  ],
  [
    /\b(?:chas(?:e|es|ing)|hound(?:s|ing)?|push(?:es|ing)?|follow(?:s|ing)? up with) (?:the |your )?(?:carriers?|couriers?|ups|fedex|usps|dhl|shipping company)\b/g,
    'open a trace with the carrier',
  ],
  [
    /\b(?:shows?|says?|marked|showing|saying) (?:as |it'?s |it was |it is )?delivered\b(?=[^?!]{0,40}\b(?:but|yet|though)\b[^?!]{0,40}\b(?:nothing|no ?one|nobody|not|never|no (?:box|parcel|package))\b)/g,
    'marked delivered but not received',
  ],
  // The time of day an order must be in to go out that day is the same-day cut-off ("until what
  // hour can we order so it leaves today?", "what's the cutoff for same-day?").
  [
    /\b(?:cut-?off(?: time)?|(?:until|till|by|before) (?:what|which) (?:time|hour)|(?:the )?latest (?:time|hour)|what time (?:do|must|should) (?:i|we) (?:order|place))\b(?=[^.?!]{0,80}\b(?:ship\w*|leave\w*|go(?:es)? out|dispatch\w*|sent|today|same day)\b)/g,
    'orders placed before ship same business day',
  ],
  // A password refused or a sign-in that fails is the password article's, not a wrong item's.
  [/\b(?:wrong|incorrect|invalid) password\b/g, 'password failed attempts'],
  [
    /\b(?:can'?t|cannot|unable to) (?:get into|log ?in(?:to)?|sign ?in(?:to)?|access) (?:my|our|the) (?:profile|account|login)\b/g,
    'sign in password',
  ],
  // Another customer's parcel in the box is a wrong item, whatever the words.
  [
    /\b(?:someone else['’]?s|somebody else['’]?s|another (?:customer|company|person)(?:['’]s)?|a different) (?:order|item|product|parcel|package|stuff|things?|box)\b|\bnot what (?:we|i) ordered\b/g,
    'wrong item',
  ],
  // Postage for sending something back ("postage to Canada" stays a shipping question).
  [/\b(?:return )?postage\b(?=[^.?!]*\b(?:back|return\w*)\b)/g, 'return shipping'],
  [/\b(?:tiers?|packages? level)\b/g, 'plans'],
  [/\b(?:over|more than|longer than|past) (?:a|one) week\b/g, 'more than 7 business days'],
  [/\b(?:over|more than|longer than) two weeks\b/g, 'more than 14 days'],
  [/\b(?:pay(?:ing)? (?:by|with|against) (?:a )?purchase order|po number)\b/g, 'purchase orders net-30'],
  // A product's name is one noun: its head is what the question is about, not the word before
  // it. "the label printer's warranty" is about a printer (equipment), and "used thermal labels"
  // about consumables; read word by word, "label" matched the return-labels article's title.
  [/\b(?:thermal )?label printers?\b/g, 'printer equipment'],
  // A device asked about with its warranty or a fault is what the warranty article calls equipment,
  // the fault told first and the question after it ("the printer stopped feeding. covered?").
  [
    /\b(?:(?:barcode )?scanners?|printers?|routers?|headsets?|(?:coffee )?grinders?|(?:espresso|coffee) machines?|lamps?)\b(?=[^?!]{0,60}\b(?:warrant\w*|covered|cover|repair\w*|broke|broken|dies|died|(?:stopped|quit|started) \w+ing|faulty|defect\w*)\b)|(?<=\b(?:warrant\w*|covered|cover|repair\w*)\b[^.?!]{0,60})\b(?:(?:barcode )?scanners?|printers?|routers?|headsets?|(?:coffee )?grinders?|(?:espresso|coffee) machines?|lamps?)\b/g,
    'equipment',
  ],
  [/\b(?:thermal labels?|label rolls?|rolls? of (?:thermal )?labels?)\b/g, 'consumables'],
  // Goods taken out of their box to look at are what the return policy calls opened items.
  [
    /\b(?:(?:been )?(?:taken )?out of (?:the|its|their) (?:box|packaging)|opened (?:the |its |their )?(?:\w+ )?(?:box|boxes|packaging|package)|unboxed|(?:box|packaging) (?:was |has been |is )?opened)\b/g,
    'opened items',
  ],
  // How many people an account may hold is the plans' seats, whoever they are: "how many users on
  // Pro?", "we want to add a fourth teacher", "hiring 6 coaches".
  [
    /\b(?:how many|the most|max(?:imum)?(?: number of)?|(?:the )?number of|limit (?:on|of) (?:the )?(?:number of )?)\s(?:user )?(?:people|persons|users|logins|members|seats)\b(?= (?:can|could|may|we|i|you|they|do (?:we|i|they)|does|are (?:allowed|included)|fit|on|per|come with|with|allowed)\b)|\b(?:add|adding|invite|inviting|hire|hiring|take on|taking on|bring on|bringing on|onboard|onboarding)\b (?:(?:a|an|one) )?(?:another|extra|additional|more|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|two|three|four|five|six|seven|eight|nine|ten|\d+)(?: more| extra)? (?:[a-z]+ )?(?:people|persons?|users?|members?|logins?|teachers?|coaches?|trainers?|instructors?|tutors?|volunteers?|nurses?|drivers?|cashiers?|baristas?|chefs?|cooks?|technicians?|agents?|assistants?|managers?|interns?|workers?|staff)\b/g,
    'seats team members',
  ],
  // A fault after some use, asked as whose it is to fix ("stopped charging after 2 months. covered?",
  // "if the hinge goes in year two, whose problem is that?"), is the warranty's question.
  [
    /(?<=\b(?:after|in|within|into|inside|during) (?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|\d+) (?:days?|weeks?|months?|years?)|(?:the )?(?:year|month) (?:one|two|three|four|five|\d)|(?:the )?(?:first|second|third|fourth|fifth) (?:year|month))\b[^]{0,80})\b(?:covered|whose (?:problem|responsibility|fault|cost)|who(?:'s| is)? (?:pays|covers|fixes|responsible))\b/g,
    '$& warranty',
  ],
  // A big or heavy item is what the shipping and returns articles send by freight ("over 30 kg").
  [
    /\b(?:something|anything|an item|items|things?|stuff|it|one) (?:that|this|so|as|too|really|very) (?:big|large|heavy|bulky)\b|\b(?:too|so|really|very) (?:big|large|heavy|bulky) (?:to|for)\b|\b\d+ ?(?:kg|kgs|kilos?)\b|\b(?:oversized?|bulky)\b/g,
    'freight over 30 kg',
  ],
  // A carrier who phones before coming is the freight row's "delivery appointment by phone".
  [
    /\b(?:call|ring|phone|text)\w* (?:us |me |you |them |the customer )?(?:ahead|first(?! thing)|beforehand|in advance)\b/g,
    'delivery appointment by phone',
  ],
  // Someone who may look at invoices or orders but not buy is the team article's Viewer role
  // ("read-only access for our accountant", "see the invoices and nothing else"); what an API key may
  // do is its scope, as for "roles" above.
  [
    /(?<!\b(?:api|keys?|tokens?|integrations?)\b[^.?!]{0,40})(?:\b(?:read|view|look)[- ]only\b|(?<=\b(?:roles?|access|logins?|permissions?|users?|person|someone|somebody|accountants?|bookkeepers?|auditors?|her|him|them)\b[^.?!]{0,40})\b(?:only|just) (?:be able to )?(?:see|view|look at|read)\b|\bsee [^.?!]{0,40}\b(?:and|but) nothing else\b|\bwithout (?:being able to |letting (?:him|her|them) )?(?:order|buy|purchas|spend)\w*|\bno (?:ordering|buying|purchasing|spending)\b)(?![^.?!]{0,40}\b(?:api|keys?|tokens?|integrations?|scopes?)\b)/g,
    '$& viewer role',
  ],
  // Whether we charge a failed payment again is the payment article's retries ("retry failed
  // charges"); "try again" beside no payment (a sign-in, a reset) is not.
  [retryAsked(), '$& retry failed charges'],
  // Signing up beside the email that confirms it ("the confirmation email after signing up"): the
  // account waits on the email, which the sign-up article's "Problems signing up" answers.
  [
    /\b(?:sign(?:ing|ed)? ?up|register(?:ing|ed)?)\b(?=[^.?!]{0,60}\b(?:confirmation|verification|activation) (?:e-?mail|link)\b)|(?<=\b(?:confirmation|verification|activation) (?:e-?mail|link)\b[^.?!]{0,60})\b(?:sign(?:ing|ed)? ?up|register(?:ing|ed)?)\b/g,
    'problems signing up no confirmation email',
  ],
  // An address refused at sign-up as taken is the sign-up article's "This email is already registered".
  [
    /\b(?:(?:email|e-mail|address) )?(?:is |was )?already (?:registered|in use|taken|used|exists?|(?:linked|tied) to an account)\b/g,
    'problems signing up this email is already registered',
  ],
  // Signing up, registering for an account or opening one is the sign-up article's; read word by
  // word, "sign up" found the single sign-on article ("sign") and "registration fails" a fault.
  // Registered as a charity, or a security key registered, is not signing up.
  [
    /\b(?:sign(?:ing|ed|s)? ?up|signups?)\b(?! for (?:sms|e-?mail|alerts?|updates|notifications|(?:the |your )?newsletter|status))|\bregister(?:ing)?\b(?=[^.?!]{0,30}\b(?:account|customer|business|company|you|northwind)\b)|\bregistration\b(?! (?:number|certificate|office))|\b(?:create|creating|open|opening|set up|setting up|make|get) (?:an?|a new|my|our|new) (?:\w+ )?account\b/g,
    '$& open an account signup',
    'pointer',
  ],
  // Single sign-on named in full is the SSO article's, not a passage that mentions it in passing.
  [/\bsingle sign[- ]?on\b/g, '$& sso identity provider', 'pointer'],
  // A parcel that has left the warehouse has shipped, and stopping it is cancelling it.
  [/\b(?:left|leaves|leave|gone out of|out of) (?:your|the|our) warehouse\b/g, 'shipped'],
  [
    /\bstop (?:it|them)\b(?<=\b(?:orders?|box(?:es)?|parcels?|packages?|shipments?|deliver(?:y|ies))\b[^.?!]{0,60})|\bstop (?:the|my|our|an?) (?:order|box|parcel|package|shipment|delivery)\b/g,
    'cancel stop',
  ],
];

/** The question in the articles' own words where everyday English names a thing otherwise. */
export function inArticleWords(text: string): string {
  let out = text.toLowerCase();
  for (const [re, words] of ARTICLE_WORDS) out = out.replace(re, words);
  return out;
}

/**
 * The question in the articles' words only where they name the same thing ("amex" → American
 * Express), not where they point at the subject ("PayPal" → payment methods): what a passage must
 * say to answer a question about that very thing.
 */
export function inArticleWordsSameThing(text: string): string {
  let out = text.toLowerCase();
  for (const [re, words, pointer] of ARTICLE_WORDS) if (!pointer) out = out.replace(re, words);
  return out;
}
