import { describe, expect, it } from 'vitest';
import { routeWithStrongEvidence, understandAs } from '../support/offline-route.js';

// Phrasings written for these tests, in other words than any labelled set's: critical situations
// told in a shape none of the readers took (a relative clause, the next sentence, "not trying",
// a count of sites, the post before the secret), and near phrasings that must keep their urgency.
const understand = understandAs;
const routeOf = routeWithStrongEvidence;

describe('critical situations told in shapes no reader took', () => {
  it.each([
    // a sign-in code or reset that came while nobody was signing in
    'My authenticator app got two approval requests tonight, I was not trying to sign in',
    '我们没有申请过，但是刚刚收到了登录验证码。',
    '刚收到了重置密码的短信，不是我操作的。',
    '頼んでいない認証コードが夜中に何度も届きました。',
    // a secret said readable in a public post, the post told first
    'Our new hire streamed her setup on YouTube and the admin password in the config is readable for a good minute.',
    'A slide of our integration guide went up on the blog and the secret key is visible in plain text.',
    'Our marketing post on Facebook has a screenshot where the bearer token can be read.',
    // another party's records on the customer's page, named and disowned
    'Logged into the portal this morning and the latest orders belong to a dental practice in Leeds, nobody we know.',
    'We opened the orders tab and the last five are for a florist in Leeds, not ours.',
    "Opened the invoices screen and they're in the name of some catering company, no idea who they are.",
    '发票页面上前三张发票是一家面包店的，不是我们的。',
    '我们后台的订单列表里出现了另一家公司的订单。',
    '請求書の画面に知らない会社の請求書が表示されています。',
    '管理画面の注文履歴に他社の注文が並んでいます。',
  ])('is a critical concern on any plan: %s', (text) => {
    expect(understand(text, 'pro').urgency).toBe('critical');
    expect(routeOf(text, 'pro')).toBe('escalate');
  });

  it.each([
    // the whole staff, or a count of sites, whose work stopped (zh, ja)
    '我们全体员工今天上午都登不进系统，没法下单。',
    '所有员工从周一开始都无法登录。',
    '两个仓库的发货从周一起全部停了。',
    '四个门店的收银今天早上全都停摆了。',
    // everything the customer's system sent, refused (a relative clause between)
    'every invoice our SAP connector posted since Friday was refused',
    'Todos los pedidos que nuestra integración envió desde el lunes fueron rechazados.',
    'Alle Bestellungen, die unsere Schnittstelle seit Samstag geschickt hat, wurden abgelehnt.',
    'Toutes les commandes envoyées par notre ERP cette nuit ont été rejetées.',
    'Os pedidos que o nosso ERP enviou desde sábado foram todos rejeitados.',
    'Tutti gli ordini inviati dal nostro gestionale da sabato sono stati rifiutati.',
    'Alle bestellingen die onze koppeling sinds zaterdag verstuurde zijn geweigerd.',
    '所有门店从昨天起都下不了单。',
  ])('is a critical outage for an enterprise customer and high for a smaller one: %s', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('critical');
    expect(routeOf(text, 'enterprise')).toBe('escalate');
    expect(understand(text, 'pro').urgency).toBe('high');
  });

  it.each([
    "How long is a sign-in code valid? I wasn't logging in often lately",
    'Please remove the old address from our account, the orders should go to the warehouse, not us.',
    'Our account page has invoices for March, can you resend them to finance, not us',
    'we posted our new catalogue on LinkedIn, is the price list visible to guests?',
    '所有员工的发票抬头要怎么修改？',
    '我们所有员工都很喜欢你们的新界面。',
    '我们想在后台看到其他公司的订单，可以吗？',
    '注文履歴の画面で他の店舗の注文も見られますか？',
    'Os pedidos que o nosso ERP enviou ontem chegaram bem, obrigado.',
    'one order our ERP sent was rejected because the SKU is discontinued, which one replaces it?',
    'every order our integration sends gets a confirmation email, can we turn that off?',
  ])('near phrasings that tell no such thing stay below critical: %s', (text) => {
    expect(understand(text, 'enterprise').urgency).not.toBe('critical');
    expect(understand(text, 'pro').urgency).not.toBe('critical');
  });
});
