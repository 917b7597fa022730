import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';
import type { Plan } from '../../src/domain/index.js';

// Phrasings written for the twenty-sixth round, in other words than any labelled set's: crises told
// as what someone saw or what stopped, without the words "hacked", "breach" or "outage".
const urgencyOf = (text: string, plan: Plan = 'pro') =>
  understandOffline({ text, plan, isNewTicket: true, openTickets: [] }).urgency;

describe('a message that looks like ours and asks for a card is critical', () => {
  it.each([
    'our bookkeeper got a mail that looked just like yours, asking him to re-enter the card — the long number and the 3 digits on the back',
    'a text that looks exactly like one of yours wants the full card number before Friday',
    'an email that looks like your billing team asked our cashier for the three-digit code on the back of the card',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));
});

describe('orders nobody placed, said as a relative clause, are critical', () => {
  it.each([
    'we found four orders in last month’s history going to a warehouse in Leeds that nobody here placed',
    'there is an order for twenty laptops on our account from Sunday night which none of us made',
    'Hay dos pedidos en nuestro historial para una dirección en Bilbao que nadie de nosotros hizo',
    "Il y a trois commandes sur notre compte pour un hôtel à Nice que personne n'a passées",
    'In unserem Konto stehen zwei Bestellungen nach Wien, die niemand von uns aufgegeben hat',
    'Apareceram pedidos na nossa conta para um endereço em Braga que ninguém fez',
    'Ci sono tre ordini nel nostro storico per un indirizzo a Bari che nessuno di noi ha fatto',
    'Er staan twee bestellingen op ons account naar een adres in Gent die niemand van ons heeft geplaatst',
    'Na naszym koncie są dwa zamówienia do Gdańska, których nikt z nas nie złożył',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));
});

describe('a device nobody knows that signed in is critical', () => {
  it.each([
    'this morning a laptop I have never seen signed into the admin account',
    'a phone nobody here recognises logged in to our shop account overnight',
    'Un móvil que no conocemos inició sesión en la cuenta de la empresa anoche',
    "Un ordinateur que nous ne connaissons pas s'est connecté à notre compte cette nuit",
    'Ein Gerät, das keiner von uns kennt, hat sich heute Nacht in unser Konto eingeloggt',
    'Um celular que nenhum de nós conhece entrou na conta da loja ontem à noite',
    'Un telefono che non conosciamo ha fatto accesso al nostro account stanotte',
    'Een laptop die we niet kennen heeft vannacht ingelogd op ons account',
    'Nieznany nam telefon zalogował się wczoraj na konto firmy',
    '昨夜、見覚えのないスマホが会社のアカウントにログインしていました',
    '昨晚有一台我们不认识的电脑登录了公司账号',
    'เมื่อเช้ามีมือถือที่เราไม่รู้จักเข้าสู่ระบบบัญชีบริษัท',
    'جهاز لا نعرفه سجل الدخول إلى حساب الشركة الليلة الماضية',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));
});

describe('a checkout or a page that hangs for everyone is an outage', () => {
  it.each([
    'the order screen keeps spinning for all 12 of our pickers since lunch',
    'checkout hangs for every one of our buyers, nothing goes through',
    'payment page just freezes for all of our staff this morning',
    'El pago se queda cargando para todos nuestros compradores desde las nueve',
    'La page de paiement tourne en boucle pour tous nos acheteurs',
    'Der Checkout hängt seit heute früh bei allen Einkäufern',
    'O checkout fica carregando para todos os nossos compradores',
    'Il checkout resta in caricamento per tutti i nostri buyer',
    'De kassa blijft laden voor iedereen bij ons sinds vanochtend',
    'Strona płatności zawiesza się dla wszystkich naszych kupców',
    '我们所有的同事从中午开始都没法登录',
    '所有采购同事下单时一直转圈，订单提交不了',
    '社員全員、注文画面が読み込み中のまま固まっています',
    'ทุกคนในบริษัทหน้าชำระเงินหมุนค้างตั้งแต่เช้า',
    'صفحة الدفع عالقة عند الجميع منذ الصباح',
  ])('“%s” is critical for an enterprise customer and high otherwise', (text) => {
    expect(urgencyOf(text, 'enterprise')).toBe('critical');
    expect(urgencyOf(text, 'pro')).toBe('high');
  });
});

describe('everyday questions on the same topics stay calm', () => {
  it.each([
    'does the checkout page ever hang when many people order at once?',
    'what are the three digits on the back of the card called, and where do I type them at checkout?',
    'can I see which devices are signed into our account?',
    'how do I check who placed an order on our account?',
    'is there a way to see orders placed by a colleague who left?',
    'will you ever send an email asking for my full card number?',
    '¿Cómo veo qué dispositivos han iniciado sesión en la cuenta?',
    '怎么查看哪些设备登录了我们的账号？',
  ])('“%s” is not critical', (text) => expect(urgencyOf(text, 'enterprise')).not.toBe('critical'));
});

describe('asking where to send a suspected phishing mail is a question, not an incident', () => {
  it.each([
    'who do we tell about the phishing emails that keep landing in our shared inbox? happy to forward them on',
    'where should I report a few phishing-looking texts that use your logo?',
    'who can we notify about suspicious-looking emails claiming to be your accounts team?',
  ])('“%s” is not critical', (text) => expect(urgencyOf(text)).not.toBe('critical'));

  it('is still critical when someone handed the secret over', () => {
    expect(
      urgencyOf('who do I tell? one of those phishing emails got our cashier to type in the card number'),
    ).toBe('critical');
  });
});

describe('a card, an account or a payout that is not ours is critical on any plan', () => {
  it.each([
    'the card saved for our monthly order now ends in 0093, and none of us owns a card like that',
    'the payouts for November were sent to an account that is not ours',
    'Los pagos de este mes fueron a una cuenta bancaria que no es nuestra',
    "La carte enregistrée se termine par 5521, ce n'est pas la nôtre",
    'Die hinterlegte Karte endet auf 5521, das ist nicht unsere',
    'O cartão registado termina em 5521 e não é nosso',
    'La carta registrata finisce con 5521, non è nostra',
    'De betaalkaart op ons account eindigt op 5521, dat is niet onze kaart',
    'Karta zapisana na koncie kończy się na 5521, to nie jest nasza karta',
    '账户里绑定的卡尾号5521，不是我们的卡',
    '登録されているカードは末尾5521で、うちのカードではありません',
    'บัตรที่ผูกกับบัญชีลงท้าย 5521 ไม่ใช่บัตรของเรา',
    'البطاقة المسجلة تنتهي بـ 5521 وهي ليست بطاقتنا',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));

  it('a card that is no longer ours, or a parcel, is not', () => {
    expect(
      urgencyOf('the card on file isn’t ours anymore, we changed banks — where do I update it?'),
    ).not.toBe('critical');
    expect(urgencyOf('we got a parcel that isn’t ours, who collects it?')).not.toBe('critical');
  });
});

describe('work waiting on a failure, and a feed that stopped, are an outage', () => {
  it.each([
    'the couriers are standing around because not one label will print since 7',
    'our packers are idle, the pick list screen won’t load',
    'your order sync stalled overnight and the morning wave has nothing to pick',
    'Los repartidores están esperando y no podemos generar ni un albarán',
    "Les livreurs attendent depuis une heure, impossible d'imprimer les bons",
    'Die Fahrer warten, wir können keine Lieferscheine drucken',
    'Os estafetas estão à espera e não conseguimos imprimir as guias',
    'I corrieri sono fermi, non riusciamo a stampare le etichette',
    'De koeriers staan te wachten, we kunnen geen labels printen',
    'Kierowcy czekają, a my nie możemy wydrukować etykiet',
    '司机都在等，运单一直打印不出来',
    'ドライバーが待機しているのに、伝票が印刷できません',
    'รถบรรทุกรออยู่ แต่พิมพ์ใบส่งของไม่ได้',
    'الشاحنات تنتظر منذ ساعة ولا يمكننا طباعة بوليصة الشحن',
    'La integración dejó de funcionar anoche y no entra ningún pedido',
    "L'intégration s'est arrêtée cette nuit, plus aucune commande n'arrive",
    'Die Schnittstelle ist seit Mitternacht ausgefallen',
    'A integração parou de madrugada',
    "L'integrazione si è fermata stanotte",
    'De koppeling ligt sinds vannacht stil',
    'Integracja przestała działać w nocy',
    '订单同步昨晚中断了',
    '受注連携が昨夜から止まっています',
    'การซิงค์คำสั่งซื้อหยุดตั้งแต่เมื่อคืน',
    'توقفت المزامنة منذ الليلة الماضية',
  ])('“%s” is critical for an enterprise customer', (text) =>
    expect(urgencyOf(text, 'enterprise')).toBe('critical'),
  );

  it.each([
    'the driver is waiting at the gate, which dock should he use?',
    'our kitchen is waiting on order 1028 — can’t wait to try the beans!',
    'how do I pause the sync over the holidays?',
  ])('“%s” is not critical', (text) => expect(urgencyOf(text, 'enterprise')).not.toBe('critical'));
});

describe('payments refused at every shop are an outage', () => {
  it.each([
    'card payments are being declined at every one of our tills since opening',
    'across all 9 of our stores the card payments keep failing this morning',
    'En todas nuestras tiendas los pagos con tarjeta salen rechazados desde las diez',
    'Dans toutes nos boutiques les paiements par carte sont refusés depuis midi',
    'In allen Filialen werden Kartenzahlungen seit Mittag abgelehnt',
    'Em todas as filiais os pagamentos com cartão estão a ser recusados',
    'In tutti i negozi i pagamenti con carta vengono respinti da mezzogiorno',
    'In al onze filialen worden pinbetalingen sinds de middag afgewezen',
    'We wszystkich oddziałach płatności kartą są odrzucane od południa',
    '所有门店从中午开始刷卡都失败',
    '全店舗でカード決済が通らない状態です',
    'ทุกสาขารูดบัตรไม่ได้ตั้งแต่เที่ยง',
    'في جميع الفروع الدفع بالبطاقات مرفوض منذ الظهر',
  ])('“%s” is critical for an enterprise customer', (text) =>
    expect(urgencyOf(text, 'enterprise')).toBe('critical'),
  );

  it('a question about which cards are accepted is not', () => {
    expect(
      urgencyOf('which cards are declined at your checkout, and do all your shops take Amex?', 'enterprise'),
    ).not.toBe('critical');
  });
});

describe('records counted as none that were there, and an account used while its owner is away', () => {
  it.each([
    'the invoices tab lists no invoices at all for 2025 — they were all there on Tuesday',
    'Os pedidos do ano passado desapareceram do histórico da conta',
  ])('“%s” is critical for an enterprise customer', (text) =>
    expect(urgencyOf(text, 'enterprise')).toBe('critical'),
  );

  it.each([
    'our buyer’s account placed three orders last night while he was on a plane to Tokyo',
    '有人拿我们的账号订了十台电脑，我们完全不知道',
  ])('“%s” is critical on any plan', (text) => expect(urgencyOf(text)).toBe('critical'));

  it('a question whether orders go on while someone is away is not', () => {
    expect(urgencyOf('can my account keep placing scheduled orders while I’m on holiday?')).not.toBe(
      'critical',
    );
  });
});

describe('a 5xx on every page, and a removed person still placing orders', () => {
  it.each([
    'every single page gives us a 502 now, nothing loads for the buyers',
    'all the pages come back 503 since lunch, we cant order anything',
    'every page throws a 500 at us, cant buy a single thing',
    'every screen shows a 504 now, cant order a thing',
  ])('an enterprise customer’s “%s” is critical', (text) =>
    expect(urgencyOf(text, 'enterprise')).toBe('critical'),
  );
  it.each([
    'we deleted a buyer who left in june but she is still placing orders under her login',
    'took the old intern off the account last week yet someone is still putting in orders as him',
  ])('“%s” is critical', (text) => expect(urgencyOf(text)).toBe('critical'));
  it.each([
    'scroll down the page to see the return window?',
    'we are placing orders for the new shop, how long does delivery take?',
  ])('an everyday question is not: “%s”', (text) => expect(urgencyOf(text)).not.toBe('critical'));
});
