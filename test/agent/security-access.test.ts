import { describe, expect, it } from 'vitest';
import { understandOffline } from '../../src/agent/understand.js';
import type { Plan } from '../../src/domain/index.js';

// Phrasings written for the twenty-fifth round, in other words than any labelled set's: someone
// else at the door of the account, told as what happened, in the twelve languages.
const urgencyOf = (text: string, plan: Plan = 'pro') =>
  understandOffline({ text, plan, isNewTicket: true, openTickets: [] }).urgency;

describe('someone else at the door of the account is critical on any plan', () => {
  it.each([
    // someone trying to get in, a sign-in from a device nobody knows
    'somebody has been trying to log into our admin account all night',
    'we got hundreds of failed login alerts since midnight',
    'Alguien ha intentado entrar en la cuenta de compras varias veces esta noche',
    "Quelqu'un essaie de se connecter à notre compte depuis hier",
    'Jemand hat heute Nacht mehrmals versucht, sich bei uns einzuloggen',
    'Alguém tentou entrar na nossa conta três vezes hoje',
    'Qualcuno ha provato ad accedere al nostro account stanotte',
    'Iemand probeert steeds in te loggen op ons account',
    'Ktoś próbował się zalogować na nasze konto w nocy',
    'Hubo un inicio de sesión desde un dispositivo desconocido a las 3 de la mañana',
    '心当たりのないパソコンから管理者アカウントにログインされていました',
    '有人一直在尝试登录我们的账户',
    'มีคนพยายามล็อกอินบัญชีของบริษัทเราตั้งแต่เมื่อคืน',
    'شخص ما يحاول الدخول إلى حسابنا منذ الصباح',
    // someone who left the company still using the access
    'Un ex empleado hizo un pedido con su usuario la semana pasada',
    'Un ancien collègue a passé une commande avec son compte hier',
    'Ein ehemaliger Mitarbeiter hat sich gestern noch eingeloggt',
    'Um ex-funcionário fez um pedido ontem com o login antigo',
    'Un ex collega ha fatto un ordine ieri con le sue credenziali',
    'Een oud-collega heeft gisteren nog besteld met zijn account',
    'Były pracownik zamówił wczoraj towar z naszego konta',
    '退職した社員のアカウントで昨日注文されていました',
    '一个已经离职的同事昨天还登录了我们的账号',
    // someone outside holding the customer's records
    'someone outside the company has access to our invoices',
    'Alguien de fuera tiene acceso a nuestras facturas',
    'Jemand von außen hat Zugriff auf unsere Bestellungen',
    'Iemand van buiten heeft toegang tot onze facturen',
    // a key posted where anyone reads it
    'our api key is visible in a screenshot he posted on insta',
    'Un compañero ha publicado nuestra clave API en un foro público',
    'Unser API-Schlüssel wurde versehentlich öffentlich auf GitHub gepostet',
    'มีคนแชร์คีย์ API ของเราในกลุ่มเฟซบุ๊ก',
    // a message claiming to be us, asking for a card or a password
    'got an sms claiming to be northwind, they want my card number to unlock the account',
    '收到一条短信说要我们提供信用卡安全码才能发货',
    'ショートメッセージでカード番号を入力してくださいと来ました',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));
});

describe('questions about the same things are not security incidents', () => {
  it.each([
    'how many failed login attempts lock an account?',
    'how do I remove an ex-employee from our account?',
    'Wie entferne ich einen ehemaligen Mitarbeiter aus unserem Konto?',
    'I got an email from you saying my card details need updating, where do I do that?',
    'can we give someone outside the company access to our invoices?',
    '忘记密码了，邮件里的验证码输入后怎么办？',
    'パスワードを忘れました。再設定メールが届きません',
  ])('“%s” is not critical', (text) => expect(urgencyOf(text)).not.toBe('critical'));
});

describe('a whole company unable to sign in, said with the Japanese te-form', () => {
  it.each([
    '今朝から全員ログインできなくて、受注が止まっています',
    'みんなログインできなくて仕事になりません',
  ])('“%s” is critical for an enterprise customer', (text) =>
    expect(urgencyOf(text, 'enterprise')).toBe('critical'),
  );
});

describe('a whole site or every site unable to work, in Japanese, Chinese, Thai and Arabic', () => {
  it.each([
    '昼から全店舗で発注ができなくなっています',
    '倉庫全体で出荷作業が止まっています',
    '所有门店从早上开始都无法下单',
    '整个仓库都没法发货了',
    'ทุกสาขาสั่งซื้อไม่ได้ตั้งแต่เช้า',
    'جميع الفروع لا تستطيع الطلب منذ الصباح',
  ])('“%s” is critical for an enterprise customer and high otherwise', (text) => {
    expect(urgencyOf(text, 'enterprise')).toBe('critical');
    expect(urgencyOf(text, 'pro')).toBe('high');
  });

  it('one order that cannot ship is not an outage', () => {
    expect(urgencyOf('注文1042が倉庫から出荷できないのはなぜですか', 'enterprise')).not.toBe('critical');
    expect(urgencyOf('订单1042为什么不能发货？', 'enterprise')).not.toBe('critical');
  });
});

describe('a pop-up window asking for a card, in the other Latin-script languages', () => {
  it.each([
    'Nos salió una ventana emergente pidiendo el número de tarjeta para seguir',
    "Une fenêtre s'est ouverte demandant notre numéro de carte",
    'Ein Pop-up fragt nach unserer Kartennummer, kommt das von euch?',
  ])('“%s”', (text) => expect(urgencyOf(text)).toBe('critical'));
});
