import path from 'node:path';
import { systemClock, type KbArticle } from '../../domain/index.js';
import { importKnowledge } from '../../knowledge/import-articles.js';
import { DEFAULT_KB_DIR } from '../../memory/seed.js';
import { answerabilityVector, type LabelledSignals } from '../answerability.js';
import { loadGoldenSet, type GoldenMessage } from '../eval/golden.js';
import { createKnowledgeBase } from '../knowledge-base.js';
import { looksLikeInjection } from '../offline/classify-intent.js';
import { fold } from '../offline/text.js';
import { isAboutOwnOrder, retrieve } from '../retrieve.js';
import type { AgentTools, KnowledgeBase } from '../types.js';
import { understandOffline } from '../understand.js';
import { mentionsDataLoss } from '../urgency.js';
import { KB_QUESTIONS } from './kb-questions.js';

const TENANT = 'train';
export const WRITTEN_WEIGHT = 0.3;

/** The repository's kb/ articles, imported as the demo seed imports them, kept in memory. */
export async function memoryKnowledgeBase(kbDir = DEFAULT_KB_DIR): Promise<KnowledgeBase> {
  const articles = new Map<string, KbArticle>();
  await importKnowledge(
    {
      articles: {
        hashes: async () => new Map(),
        writeMany: async (list) => {
          for (const a of list) articles.set(a.articleId, a);
          return [];
        },
        removeMany: async () => 0,
      },
      syncs: { record: async () => undefined },
      clock: systemClock,
      ids: { id: () => 'train' },
    },
    { tenantId: TENANT, target: kbDir, source: 'demo:kb', record: 'changes' },
  );
  const sorted = [...articles.values()].sort((a, b) => a.articleId.localeCompare(b.articleId));
  return createKnowledgeBase({
    source: { listArticles: async () => sorted, revision: async () => 'train' },
    revisionTtlMs: Number.MAX_SAFE_INTEGER,
  });
}

// Questions that reach the article search never touch order tools; any call is a bug here.
const noTools = new Proxy({} as AgentTools, {
  get: (_t, prop) =>
    prop === 'ordersAvailable' || prop === 'ordersUnreachable' || prop === 'cancelUnsupported'
      ? undefined
      : () => {
          throw new Error(`answerability training: unexpected tool call ${String(prop)}`);
        },
});

/**
 * The knowledge-base question's signals and whether it is answerable, or null when something else
 * decides its route (an order question, a person asked for, a security concern, critical urgency,
 * a request no tool carries out, a billing dispute, a thread): those are not the model's to learn.
 */
export async function labelledSignals(
  kb: KnowledgeBase,
  m: Pick<GoldenMessage, 'text' | 'route' | 'thread' | 'customerEmail'>,
): Promise<LabelledExample | null> {
  if (m.thread?.length || (m.route !== 'resolve' && m.route !== 'escalate')) return null;
  const u = understandOffline({ text: m.text, isNewTicket: true, openTickets: [] });
  if (u.isPleasantry || u.wantsHuman || u.securityConcern || u.urgency === 'critical') return null;
  if (u.intent === 'human_request' || isAboutOwnOrder(u, m.text)) return null;
  if (mentionsDataLoss(fold(m.text)) || looksLikeInjection(m.text)) return null;
  const ev = await retrieve(u, {
    tenantId: TENANT,
    text: m.text,
    searchText: m.text,
    identified: !!m.customerEmail,
    tools: noTools,
    kb,
  });
  if (ev.kind !== 'kb' || !ev.signals || ev.unanswerable) return null;
  if (ev.notes.some((n) => n.startsWith('billing dispute'))) return null;
  return {
    x: answerabilityVector(ev.signals),
    y: m.route === 'resolve' ? 1 : 0,
    confidence: ev.confidence,
    text: m.text,
    threshold: u.urgency === 'high' || u.sentiment === 'negative' ? 0.75 : 0.6,
  };
}

/** The signals with the confidence retrieval gave them (for comparing with the hand-set figure). */
export type LabelledExample = LabelledSignals & { confidence: number; text: string; threshold: number };

export interface AnswerabilitySet {
  source: string;
  examples: LabelledExample[];
}

/** Labelled examples from the golden train and dev splits (never test) and the written KB questions. */
export async function answerabilitySets(
  kb: KnowledgeBase,
  splits: Array<'train' | 'dev'> = ['train', 'dev'],
): Promise<AnswerabilitySet[]> {
  const out: AnswerabilitySet[] = [];
  const collect = async (source: string, messages: Array<Pick<GoldenMessage, 'text' | 'route'>>) => {
    const examples: LabelledExample[] = [];
    for (const m of messages) {
      const e = await labelledSignals(kb, m);
      if (e) examples.push(e);
    }
    out.push({ source, examples });
  };
  for (const split of splits)
    await collect(split, await loadGoldenSet(path.resolve(`test/golden/${split}.jsonl`)));
  await collect('kb-questions', KB_QUESTIONS);
  // Written questions count less than labelled customer messages: fewer of them are like what customers ask.
  for (const e of out.at(-1)!.examples) e.weight = WRITTEN_WEIGHT;
  return out;
}
