import { systemClock, type KbArticle } from '../../domain/index.js';
import { importKnowledge } from '../../knowledge/import-articles.js';
import { DEFAULT_KB_DIR } from '../../memory/seed.js';
import { answerabilityVector, ANSWERABILITY_FEATURES, type LabelledSignals } from '../answerability.js';
import { neighbourIndex, neighbourVote, type AnswerMemory } from '../answer-memory.js';
import { CONSUMED_SPLITS, TRAINING_SPLITS, type GoldenMessage, type TrainingSplit } from '../eval/golden.js';
import { createKnowledgeBase } from '../knowledge-base.js';
import { looksLikeInjection } from '../offline/classify-intent.js';
import { fold } from '../offline/text.js';
import { isAboutOwnOrder, retrieve } from '../retrieve.js';
import type { AgentTools, KnowledgeBase } from '../types.js';
import { understandOffline } from '../understand.js';
import { mentionsDataLoss } from '../data-loss.js';
import { INTENT_HEAD_ONLY } from './golden-labels.js';
import { KB_QUESTIONS, readWrittenQuestions } from './kb-questions.js';
import { heldOutKeys, heldOutOf, lineKey, loadTrainingSplit } from './training-splits.js';

const TENANT = 'train';
export const WRITTEN_WEIGHT = 0.3;
export const CONSUMED_WEIGHT = 2;
export const BOUNDARY_WEIGHT = 0.5;

/** The repository's kb/ articles, imported as the demo seed imports them, by id. */
export async function kbArticles(kbDir = DEFAULT_KB_DIR): Promise<KbArticle[]> {
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
  return [...articles.values()].sort((a, b) => a.articleId.localeCompare(b.articleId));
}

/** The repository's kb/ articles as a knowledge base kept in memory. */
export async function memoryKnowledgeBase(kbDir = DEFAULT_KB_DIR): Promise<KnowledgeBase> {
  const sorted = await kbArticles(kbDir);
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
    terms: ev.signals.terms,
    articleKey: ev.signals.article,
    confidence: ev.confidence,
    text: m.text,
    article: ev.articles[0]!.article.articleId,
    threshold: u.urgency === 'high' || u.sentiment === 'negative' ? 0.75 : 0.6,
  };
}

/** The signals with the confidence retrieval gave them (for comparing with the hand-set figure). */
export type LabelledExample = LabelledSignals & {
  confidence: number;
  text: string;
  /** The article retrieval chose: paraphrases of one question find the same one. */
  article: string;
  threshold: number;
  /** The question's search terms and its article's key, for the neighbour vote. */
  terms: readonly string[];
  articleKey: string;
  /** Written from the articles (data/kb-questions.jsonl): in the memory beside customers' questions, not as one. */
  written?: boolean;
};

export interface AnswerabilitySet {
  source: string;
  examples: LabelledExample[];
}

/** The golden splits the answerability model is fitted on: every training split but the intent head's own (never test nor a set not yet consumed). */
export const ANSWERABILITY_SPLITS: readonly TrainingSplit[] = TRAINING_SPLITS.filter(
  (s) => !(INTENT_HEAD_ONLY as readonly string[]).includes(s),
);

/**
 * Labelled examples from the golden training splits (train2 was written for this boundary:
 * answerable questions and near-misses on the same topics; dev2–dev11 are consumed held-out sets
 * in customers' voices) and the written KB questions.
 */
export async function answerabilitySets(
  kb: KnowledgeBase,
  splits: readonly TrainingSplit[] = ANSWERABILITY_SPLITS,
  /** Called before a source (a split, then 'kb-questions') is read: puts in place the heads it is read through (cross-fit.ts). */
  beforeSource: (source: string) => void = () => undefined,
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
  for (const split of splits) {
    beforeSource(split);
    await collect(split, await loadTrainingSplit(split, heldOutOf(splits)));
  }
  beforeSource('kb-questions');
  // A written question can repeat a held-out line word for word (one repeated a test line).
  const held = await heldOutKeys(heldOutOf(splits));
  const listed = KB_QUESTIONS.filter((q) => !held.has(lineKey(q.text)));
  const known = new Set(listed.map((q) => lineKey(q.text)));
  await collect('kb-questions', listed);
  const { examples } = out.at(-1)!;
  const fromFile: LabelledExample[] = [];
  for (const q of readWrittenQuestions()) {
    if (held.has(lineKey(q.text)) || known.has(lineKey(q.text))) continue;
    const e = await labelledSignals(kb, q);
    if (e) fromFile.push({ ...e, written: true });
  }
  examples.push(...fromFile);
  // Written questions count less than labelled customer messages: fewer of them are like what customers ask.
  for (const e of examples) e.weight = WRITTEN_WEIGHT;
  // The file was written about half near-misses on purpose, like train2: fitted as it is, it
  // would move the model's base rate.
  reweightToPrior(
    fromFile,
    out.filter((s) => s.source !== 'train2' && s.source !== 'kb-questions'),
  );
  // The customers' prior is read from every split of customers' messages (train, dev and the
  // consumed sets: 72–91% answerable each, about 81% pooled); train2 alone was written off it.
  const boundary = out.find((s) => s.source === 'train2');
  if (boundary)
    reweightToPrior(
      boundary.examples,
      out.filter((s) => s.source !== 'train2' && s.source !== 'kb-questions'),
    );
  // The consumed sets are customers' own words, written blind: the input the model meets. train2
  // was written around the boundary on purpose; it still teaches it, at a lower voice. Leave-one-
  // set-out on dev9, dev10 and dev11: route 659 -> 661 of 750, escalation precision / recall
  // 77.9 / 79.8% -> 78.4 / 80.3%, the rest unchanged (small: chosen of six weightings on those sets).
  for (const set of out) {
    const w = (CONSUMED_SPLITS as readonly string[]).includes(set.source)
      ? CONSUMED_WEIGHT
      : set.source === 'train2'
        ? BOUNDARY_WEIGHT
        : 1;
    if (w !== 1) for (const e of set.examples) e.weight = (e.weight ?? 1) * w;
  }
  crossFitNeighbourVotes(out);
  return out;
}

const VOTE = ANSWERABILITY_FEATURES.indexOf('neighbourVote');
const MEMORY_SOURCES = (s: AnswerabilitySet) => s.source !== 'kb-questions';

/**
 * The labelled customer questions (every golden split read) and the questions written from the
 * articles (data/kb-questions.jsonl; not the short list) as the model file keeps them.
 */
export function answerMemory(sets: AnswerabilitySet[]): AnswerMemory {
  const examples = sets.filter(MEMORY_SOURCES).flatMap((s) => s.examples);
  const written = sets.flatMap((s) => s.examples.filter((e) => e.written));
  const entry = (e: LabelledExample): [string, 0 | 1] => [e.terms.join(' '), e.y];
  return {
    articles: [...new Set([...examples, ...written].map((e) => e.articleKey))].sort(),
    entries: examples.map(entry),
    ...(written.length ? { written: written.map(entry) } : {}),
  };
}

/**
 * Each example's neighbour vote, from the other sources' questions only: a set's own lines (and
 * its writer's paraphrases of them) would vote for themselves, and the fit would trust the vote
 * far more than a new message's earns. A new message meets the memory of every split.
 */
export function crossFitNeighbourVotes(sets: AnswerabilitySet[]): void {
  for (const set of sets) {
    const index = neighbourIndex(answerMemory(sets.filter((s) => s.source !== set.source)));
    for (const e of set.examples) e.x[VOTE] = neighbourVote(index, e.terms, e.articleKey) ?? Number.NaN;
  }
}

/**
 * train2 was written half near-misses on purpose (about 47% answerable where customers' messages
 * are about 75%): fitted as it is, it moves the model's base rate and sends answerable questions to
 * a person. Its unanswerable examples are weighted so its answerable share is that of the
 * customer-message splits; what it teaches about the boundary stays.
 */
export function reweightToPrior(examples: LabelledExample[], reference: AnswerabilitySet[]): void {
  const ref = reference.flatMap((s) => s.examples);
  const share = ref.filter((e) => e.y === 1).length / ref.length;
  const yes = examples.filter((e) => e.y === 1).length;
  const no = examples.length - yes;
  if (!ref.length || !yes || !no || share >= 1) return;
  // yes / (yes + no * w) = share
  const w = Math.round(((yes * (1 - share)) / (share * no)) * 1000) / 1000;
  for (const e of examples) if (e.y === 0) e.weight = (e.weight ?? 1) * w;
}
