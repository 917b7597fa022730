import { fill, supportedLanguage } from '../phrases.js';
import type { AgentReply } from '../types.js';
import type { Voice } from '../voice.js';
import { t } from './templates.js';

/** Formal replies open and close like a letter, signed with the business name when there is one. */
const FORMAL: Record<string, { greet: string; greetNoName: string; close: string }> = {
  en: { greet: 'Hello {name},', greetNoName: 'Hello,', close: 'Kind regards,' },
  es: { greet: 'Hola, {name}:', greetNoName: 'Hola:', close: 'Saludos cordiales,' },
  fr: { greet: 'Bonjour {name},', greetNoName: 'Bonjour,', close: 'Cordialement,' },
  de: { greet: 'Guten Tag {name},', greetNoName: 'Guten Tag,', close: 'Mit freundlichen Grüßen' },
  pt: { greet: 'Olá, {name},', greetNoName: 'Olá,', close: 'Atenciosamente,' },
};

/**
 * The offline engine's templates are written in the friendly voice; this adapts a finished reply
 * to the organization's (or the customer's own) tone: `formal` adds a greeting and a signed
 * closing, `concise` drops the help-center lead-in and the closing question. Facts are untouched.
 */
export function applyOfflineVoice(
  reply: AgentReply,
  voice: Voice,
  language: string,
  authorName?: string,
): AgentReply {
  if (voice.tone === 'friendly') return reply;
  const lang = supportedLanguage(language);
  if (voice.tone === 'concise') {
    const drop = new Set([t('kb_intro', lang), t('kb_intro_translated', lang), t('anything_else', lang)]);
    const text = reply.text
      .split('\n')
      .filter((line) => !drop.has(line.trim()))
      .join('\n')
      .replace(/^\n+/, '')
      .replace(/\n{3,}/g, '\n\n');
    return { ...reply, text };
  }
  const words = FORMAL[lang] ?? FORMAL.en!;
  const name = authorName?.trim();
  const greet = name ? fill(words.greet, { name }) : words.greetNoName;
  const signature = voice.businessName ? `${words.close}\n${voice.businessName}` : words.close;
  return { ...reply, text: `${greet}\n\n${reply.text}\n\n${signature}` };
}
