import { describe, expect, it } from 'vitest';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const run = useOfflineAgent();

// Phrasings written for the twenty-fourth round, in other words than any labelled set's.
describe('security incidents told as what someone saw, in the twelve languages, are critical (offline engine)', () => {
  it('two-factor switched off, and the person it protects says it was not them', async () => {
    for (const text of [
      "Sarah's two-factor was disabled on Tuesday and she swears she never touched it",
      'La verificación en dos pasos de Marta aparece desactivada y dice que no fue ella',
      'Die Zwei-Faktor-Authentifizierung von Jonas wurde deaktiviert, er sagt, er habe das nicht gemacht',
      "l'authentification à deux facteurs de Paul a été désactivée, ce n'est pas lui",
      '二段階認証がオフになっていて、本人は何もしていないと言っています',
      '同事的两步验证被关闭了，他说不是他关的',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a sign-in from a place none of the team has been to', async () => {
    for (const text of [
      'the audit log has a sign-in from a city nobody on the team has ever been to',
      'Hay un inicio de sesión desde un país en el que nadie ha estado',
      'Er staat een inlog vanuit een land waar niemand van ons ooit is geweest',
      'W historii jest logowanie z kraju, w którym nikt z nas nigdy nie był',
      'C’è un accesso da un paese dove nessuno di noi è mai stato',
      '账户有从一个我们谁都没去过的国家登录的记录',
      'มีการเข้าสู่ระบบจากประเทศที่ไม่มีใครเคยไป',
      'يوجد تسجيل دخول من دولة لم يزرها أحد منا',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a page like ours that took a password', async () => {
    for (const text of [
      'A colega recebeu um e-mail, a página parecia o site de vocês e ela digitou a senha',
      'La página parecía la vuestra y Luis introdujo su contraseña antes de darse cuenta',
      'De pagina leek op jullie inlogpagina en ze heeft haar wachtwoord ingevuld',
      '那个网站看起来像你们的登录页，我们会计已经输入了密码',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('a message asking for a secret in other languages, orders nobody placed, a device nobody knows', async () => {
    for (const text of [
      'Recibimos un mensaje de "soporte" que pide el número de tarjeta para desbloquear la cuenta',
      'Ich habe eine Nachricht erhalten, die nach meinem Passwort fragt, angeblich von euch',
      'We kregen een mail die om ons wachtwoord vraagt met jullie logo erop',
      'Dostaliśmy wiadomość, która prosi o hasło do panelu',
      '账户里有三张订单，我们没人下过单',
      '誰も注文していないのに注文が二件入っています',
      'มีคนล็อกอินบัญชีเราจากอุปกรณ์ที่ไม่รู้จักเมื่อคืน',
      'هناك طلبات على حسابنا لم يطلبها أحد منا',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('protection changed that nobody changed, someone removed whose login is used, a source that is not ours', async () => {
    for (const text of [
      'three "your backup codes were regenerated" notices overnight and we did nothing',
      'we offboarded Lena last month and yesterday two orders went in under her login',
      'our audit log shows API calls from servers that aren’t ours with the live key',
    ]) {
      const r = await run(PRIYA, text);
      expect(r.understanding.urgency, text).toBe('critical');
      expect(r.route, text).toBe('escalate');
    }
  });

  it('how two-factor is switched off, or a place no one has been to without a sign-in, raises nothing', async () => {
    for (const text of [
      'how do I turn off 2FA for a user who lost their phone',
      'we have never been to your showroom, where is it',
      '我们从来没去过你们的门店，地址在哪里',
      'our team has never been to a country you ship from, how long does customs take',
      'can I change my password? I did nothing wrong, it just expired',
      'Ich habe eine E-Mail erhalten: wie ändere ich mein Passwort?',
      'do you ship from a warehouse that isn’t ours if we use our own carrier account',
    ]) {
      const r = await run(MAYA, text);
      expect(r.understanding.urgency, text).not.toBe('critical');
    }
  });
});
