import { describe, expect, it } from 'vitest';
import { routeWithStrongEvidence, understandAs } from '../support/offline-route.js';

// Phrasings written for these tests (never taken from the golden test split): the cases the
// issue measured (enterprise outages said differently, a bill for ten times the sum, a sign-in
// from abroad, vanished records), each through the offline understanding and the route.
const understand = understandAs;
const routeOf = routeWithStrongEvidence;

describe('critical urgency holds however an enterprise outage is phrased', () => {
  it.each([
    'your app keeps crashing for all of our users',
    'getting 502s from your API all morning',
    'your platform stopped responding, orders are piling up',
    'the integration is down and every call comes back with an error',
    'none of our 200 buyers can sign in right now',
    'nobody here can place an order since 9am',
  ])('“%s” is critical and goes to a person', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('critical');
    expect(routeOf(text, 'enterprise')).toBe('escalate');
  });

  it('a pro customer’s outage is high, a single user’s bug is not an outage', () => {
    expect(understand('your platform stopped responding for everyone', 'pro').urgency).toBe('high');
    expect(understand('no one can tell me where my order is', 'enterprise').urgency).not.toBe('critical');
    expect(understand('how do I add a new user to our account', 'enterprise').urgency).toBe('medium');
  });

  it('a product word counts as a whole word: "happens" names no app, "down to Free" is a plan', async () => {
    const { ruleUrgency } = await import('../../src/agent/urgency.js');
    const happens = "what happens to people's access if we go from Pro down to Free?";
    expect(ruleUrgency(happens, 'account', 'pro', 'medium').urgency).toBe('medium');
    for (const text of ['our website is down', 'the application is down since noon', 'our apps are down'])
      expect(ruleUrgency(text, 'account', 'pro', 'medium').urgency, text).toBe('high');
  });
});

describe('a bill for another sum than agreed is a billing error', () => {
  it.each([
    'you billed us $4,000 instead of $400',
    'this month the invoice is ten times what it should be',
    'there is an extra zero on our last invoice',
    'we were invoiced 12,000 but our contract says 1,200',
    'nos cobraron 4000 € en lugar de 400 €',
  ])('“%s” is high for an enterprise customer', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('high');
  });

  it('a double charge said in so many words is high on any plan', () => {
    expect(understand('you charged me twice for order 1045', 'free').urgency).toBe('high');
    expect(understand('Me cobraron dos veces el pedido 1024', 'pro').urgency).toBe('high');
    expect(understand('can I get an invoice for order 1045', 'pro').urgency).toBe('medium');
  });
});

describe('suspicious sign-ins and codes nobody asked for are security concerns', () => {
  it.each([
    'two factor codes keep arriving that we did not ask for',
    'we received password reset emails nobody here requested',
    'a login from an unknown location shows in our account activity',
    'somebody accessed our account from a device we do not own',
  ])('“%s” is critical and never a pleasantry', (text) => {
    const u = understand(text, 'pro');
    expect(u.securityConcern).toBe(true);
    expect(u.urgency).toBe('critical');
    expect(u.isPleasantry).toBe(false);
    expect(routeOf(text, 'pro')).toBe('escalate');
  });

  it('asking for a password reset is not one', () => {
    expect(understand('password reset pls', 'pro').securityConcern).toBe(false);
    expect(understand('how do I change my password', 'free').urgency).not.toBe('critical');
  });
});

describe('records that vanished from the account are data loss', () => {
  it.each([
    'after the migration our invoices are missing from the account',
    'all of our saved shipping addresses have disappeared',
    'our entire order history is empty this morning',
  ])('“%s” is critical for an enterprise customer', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('critical');
  });

  it('a question about what follows closing the account is a privacy question, not a loss or a breach', () => {
    for (const text of [
      'if we close our account, when do you erase our data?',
      'once I delete the account how long until the records are wiped?',
    ]) {
      const u = understand(text, 'enterprise');
      expect(u.urgency, text).not.toBe('critical');
      expect(u.securityConcern, text).toBe(false);
    }
    // Something that already happened still is.
    expect(understand('when we signed in today all our invoices were deleted', 'enterprise').urgency).toBe(
      'critical',
    );
  });

  it('a parcel that has not arrived is not data loss', () => {
    expect(understand('my order 1042 is missing, it never arrived', 'enterprise').urgency).not.toBe(
      'critical',
    );
  });
});

// Written from the categories for this change (not from any golden message).
describe('a security concern said in other words is critical on any plan', () => {
  it.each([
    'the phone number on our account was changed last night and none of us did that',
    'somebody reset the owner password on our account',
    'an admin user appeared on our team that we did not invite, none of us created it',
    'my manager clicked a link in a fake invoice email from you',
    'our staging token ended up in a public github repo',
    'creo que alguien entró en mi cuenta',
    'quelqu’un s’est connecté à notre compte cette nuit',
    'jemand hat sich mit meinem Konto angemeldet',
    'alguém acessou a nossa conta ontem à noite',
    'qualcuno è entrato nel nostro account',
    'iemand heeft ingelogd op ons account',
    'ktoś zalogował się na nasze konto',
    'a member called "billing-bot" is on our team since this morning. not ours.',
    '身に覚えのない注文がアカウントにあります',
    '誰かが勝手にログインしたようです',
  ])('“%s” is critical and goes to a person', (text) => {
    expect(understand(text, 'pro').urgency).toBe('critical');
    expect(routeOf(text, 'pro')).toBe('escalate');
  });

  it.each([
    'I requested a password reset but I didn’t get the email',
    'I clicked the link in the reset email and set a new password, all good',
    'how do I use API keys with GitHub Actions?',
    'I changed my card yesterday, will the next charge use it?',
  ])('“%s” is not a breach', (text) => {
    expect(understand(text, 'pro').urgency).not.toBe('critical');
  });
});

describe("forgetting one's own password is not a breach, in any supported language (issue 11, round five: train misses)", () => {
  it.each([
    'Hilfe, ich habe das Passwort für unser Konto vergessen',
    'esqueci a senha da minha conta, como faço?',
    'olvidé mi contraseña otra vez',
    'j’ai oublié mon mot de passe',
    'ho dimenticato la password del mio account',
  ])('“%s” is answered, not sent to a person as a security concern', (text) => {
    const u = understand(text, 'pro');
    expect(u.securityConcern).toBe(false);
    expect(u.urgency).not.toBe('critical');
  });

  it('a forgotten password with a sign-in nobody made is still a breach', () => {
    const u = understand('I forgot my password and now there is a login from Brazil none of us made', 'pro');
    expect(u.securityConcern).toBe(true);
  });
});

describe('records gone or a failure for everyone, in the supported languages', () => {
  it.each([
    'todas nuestras direcciones guardadas desaparecieron',
    "l'historique de nos commandes a disparu",
    'unsere Rechnungen sind plötzlich weg',
    'i dati del nostro account sono spariti',
    'onze facturen zijn verdwenen',
    'erreur pour tous nos acheteurs depuis ce matin',
  ])('“%s” is critical for an enterprise customer', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('critical');
  });
});

describe('words about security that are not a concern', () => {
  it.each([
    'how do I report a security issue in your checkout?',
    'where can I find the security settings page?',
    'do you have a security questionnaire we can fill in for our vendor review?',
  ])('“%s” is not critical', (text) => {
    expect(understand(text, 'pro').urgency).not.toBe('critical');
  });

  it('a breach reported with the same words still is', () => {
    expect(
      understand('I want to report a security issue: someone logged into our account', 'pro').urgency,
    ).toBe('critical');
  });
});

describe('a secret put where others can read it is a security concern (issue 11, round eleven: dev9 critical misses)', () => {
  // Written for this test in other words than dev9's: a key, token or password shown in a public
  // place, in English, Japanese and Chinese, and a Thai account entered without permission.
  it.each([
    'our intern tweeted a screenshot that shows our live api token',
    'I posted our API key on a public forum thread by accident this morning',
    'someone committed the client secret to our open-source project on gitlab',
    'the admin password was visible on the livestream we did an hour ago',
    'our screen share in the webinar showed the production token for a few seconds',
    'APIトークンをうっかりGitHubの公開リポジトリにアップしてしまった',
    '不小心把API密钥上传到了公开的代码仓库',
    'บัญชีของเราถูกแฮ็กเมื่อคืนนี้',
    'มีคนล็อกอินเข้าบัญชีเราโดยไม่ได้รับอนุญาต',
  ])('“%s” is critical and goes to a person', (text) => {
    expect(understand(text, 'pro').urgency).toBe('critical');
    expect(routeOf(text, 'pro')).toBe('escalate');
  });

  it.each([
    'is it safe to keep our API key in a public repo if it is read-only?',
    'how do we rotate the token we show in our public docs example?',
    'can I share an API key with a teammate?',
    'where do I find our API key in the dashboard?',
  ])('“%s” is not a breach', (text) => {
    expect(understand(text, 'pro').urgency).not.toBe('critical');
  });
});

describe('a breach said as a key used from an unknown place, a stolen signed-in device, or records vanished in ar/zh/ja/th', () => {
  it.each([
    "our API key is being used from an IP we don't recognise",
    'someone is calling the API with our token from a country we do not know',
    'my laptop got stolen on the train and I was still signed into the portal',
    "Jo's phone was stolen last night, she was logged in to your app on it",
    'شخص ما غيّر كلمة المرور لحسابنا دون علمنا',
    'تم تغيير رقم الهاتف في الحساب بدون علمنا',
  ])('“%s” is a security concern: critical, to a person', (text) => {
    expect(understand(text, 'pro').urgency).toBe('critical');
    expect(routeOf(text, 'pro')).toBe('escalate');
  });

  it.each([
    '我们的发票记录全部不见了',
    '注文履歴がすべて消えました',
    'اختفت كل الفواتير من حسابنا',
    'ประวัติคำสั่งซื้อในบัญชีหายหมดเลย',
  ])('“%s” is data loss: critical for an enterprise customer', (text) => {
    expect(understand(text, 'enterprise').urgency).toBe('critical');
  });

  it.each([
    'and if I lose my phone after that, how do I get back in?',
    'can we restrict API keys to our office IP?',
    'we lost the tracking email, where is order 1045?',
  ])('“%s” is no breach', (text) => {
    expect(understand(text, 'pro').urgency).not.toBe('critical');
  });
});
