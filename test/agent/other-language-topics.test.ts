import { describe, expect, it } from 'vitest';
import { MAYA, PRIYA, useOfflineAgent } from './agent-input.js';

const runAs = useOfflineAgent();
const run = (text: string) => runAs(MAYA, text);

describe('questions in other languages on articles the glossary had no words for (offline engine)', () => {
  // The article is what the glossary decides; whether it is sure enough to answer is the
  // answerability model's call, so only the article is pinned here.
  it('planned maintenance, a colleague’s access taken away, a card on file, the carriers: found in their article', async () => {
    for (const [text, article] of [
      ['Wanneer plannen jullie onderhoud?', 'service-status-and-outages'],
      ['Wann ist die nächste Wartung?', 'service-status-and-outages'],
      ['Quand faites-vous la maintenance ?', 'service-status-and-outages'],
      ['メンテナンスはいつですか？', 'service-status-and-outages'],
      ['你们什么时候维护？', 'service-status-and-outages'],
      ['Comment retirer l’accès d’une collaboratrice qui quitte la clinique ?', 'manage-team-members'],
      ['Wie entziehe ich einem Kollegen, der uns verlässt, den Zugang?', 'manage-team-members'],
      ['Come tolgo l’accesso a un collega che se ne va?', 'manage-team-members'],
      ['Jak odebrać dostęp pracownikowi, który odchodzi?', 'manage-team-members'],
      ['Wo kann ich die hinterlegte Kreditkarte austauschen?', 'payment-methods'],
      ['Quel transporteur utilisez-vous pour la Belgique ?', 'shipping-carriers-and-times'],
      ['Welchen Paketdienst nutzt ihr?', 'shipping-carriers-and-times'],
      ['Wo melde ich eine Sicherheitslücke?', 'reporting-security-issues'],
    ] as const) {
      const r = await run(text);
      expect(r.articleIds[0], text).toBe(article);
    }
  });
});

describe('what happens to the data after the customer closes the account, asked in twelve languages', () => {
  it('is a privacy question the article answers, not lost data', async () => {
    for (const text of [
      'Wenn wir das Konto kündigen, wann werden unsere Daten gelöscht?',
      'Si on ferme le compte, nos données sont supprimées quand ?',
      'Se encerrarmos a conta, quando os dados são apagados?',
      'Als we ons account opzeggen, wanneer worden de gegevens verwijderd?',
      'Jeśli zamkniemy konto, kiedy dane zostaną usunięte?',
      '解約したら、データはいつ削除されますか？',
      '注销账户后，我们的数据什么时候会被删除？',
      'إذا أغلقنا الحساب، متى يتم حذف البيانات؟',
      'ถ้าเรายกเลิกบัญชี ข้อมูลจะถูกลบเมื่อไหร่',
    ]) {
      const r = await run(text);
      expect(r.reason, text).not.toMatch(/data loss/);
      expect(r.understanding.urgency, text).not.toBe('critical');
      expect(r.articleIds[0], text).toBe('privacy-and-account-deletion');
    }
  });

  it('records said gone, with or without a question, still go to a person', async () => {
    for (const text of [
      'Nos données ont disparu, pourquoi ?',
      'Unsere Daten sind weg, was ist passiert?',
      'Todos nuestros datos desaparecieron, ¿qué pasó?',
      '我们的数据不见了，怎么回事？',
      'データが消えました。どうすればいいですか？',
      'ข้อมูลหายหมด ทำไม',
      'اختفت كل البيانات، ماذا حدث؟',
      'Wszystkie dane zniknęły, co się stało?',
    ]) {
      const r = await runAs(PRIYA, text);
      expect(r.route, text).toBe('escalate');
    }
  });
});
