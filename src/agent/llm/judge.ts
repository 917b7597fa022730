import { checkProposedAction, type ProposalContext } from '../actions.js';
import { extractEntities } from '../entities.js';
import { detectLanguage } from '../language.js';
import { citationOf } from '../offline/kb-citation.js';
import type { Resolution } from '../offline/resolve-offline.js';
import type { StageContext } from '../pipeline.js';
import type { Evidence } from '../retrieve.js';
import type { Understanding } from '../types.js';
import { echoesPrompt } from './prompt-echo.js';
import { knownAmounts, strayAmount } from './reply-amounts.js';
import type { ToolRunState } from './tool.js';

/** The model's answer as the judge reads it (from the one call or the tool loop). */
export interface ModelAnswer {
  reply: string;
  citations: string[];
  needsEscalation: boolean;
  escalationReason?: string | null;
}

export interface JudgeContext extends StageContext {
  understanding: Understanding;
  evidence: Evidence;
  state: ToolRunState;
  /** The system prompt the answer was written under. */
  system: string;
  proposalContext: ProposalContext;
  /** Tool results the model saw in this run. */
  shown: unknown[];
  currency: string;
}

// Below this many letters a language guess says little ("OK, 1042 ✓").
const MIN_LETTERS_FOR_LANGUAGE = 40;

/** The language the reply is written in differs from the customer's; null when it matches or cannot tell. */
function wrongLanguage(reply: string, language: string): string | null {
  const letters = reply.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_LETTERS_FOR_LANGUAGE) return null;
  const want = language.split('-')[0]!.toLowerCase();
  // An unreliable guess falls back to the customer's language, so only a clear mismatch counts.
  const got = detectLanguage(reply, want);
  return got !== want ? `the model answered in ${got}, the customer wrote in ${want}` : null;
}

/**
 * The code's verdict on the model's answer: what it may say and propose. Every text that may
 * reach the customer, the draft staff can send with one click included, is checked for prompt
 * leaks; order ids and amounts must come from the records; the language must be the customer's.
 */
export async function judgeAnswer(out: ModelAnswer, ctx: JudgeContext): Promise<Resolution> {
  const { evidence: ev, state, system } = ctx;
  if (out.needsEscalation) {
    const draft = out.reply.trim() && !echoesPrompt(out.reply, system) ? out.reply : undefined;
    return {
      kind: 'escalate',
      reason: out.escalationReason ?? 'the model says a person should handle this',
      draft,
    };
  }
  if (state.refused.length) return { kind: 'escalate', reason: `refused proposal: ${state.refused[0]}` };
  if (!out.reply.trim()) return { kind: 'escalate', reason: 'the model gave no reply' };
  if (echoesPrompt(out.reply, system))
    return { kind: 'escalate', reason: 'the model answer quoted its instructions' };
  // Order numbers in the reply must be the customer's own or ones they wrote themselves.
  const own = new Set([...(ev.order ? [ev.order.orderId] : []), ...ev.orders.map((o) => o.orderId)]);
  const mentioned = new Set(extractEntities(ctx.input.text).orderIds);
  for (const id of extractEntities(out.reply).orderIds) {
    if (!own.has(id) && !mentioned.has(id) && !(await ctx.tools.getOrder(id))) {
      return {
        kind: 'escalate',
        reason: `the model answer mentioned order ${id}, which is not on this account`,
      };
    }
  }
  let proposal = state.proposal;
  let currency = ev.order?.currency ?? ev.orders[0]?.currency ?? ctx.currency;
  if (proposal) {
    const check = await checkProposedAction(proposal, ctx.tools, ctx.proposalContext);
    if (!check.ok) return { kind: 'escalate', reason: `refused proposal: ${check.reason}` };
    proposal = check.action;
    currency = check.currency ?? currency;
  }
  const known = knownAmounts({
    currency,
    evidence: ev,
    proposalContext: ctx.proposalContext,
    proposal,
    shown: ctx.shown,
  });
  const stray = strayAmount(out.reply, known, currency, proposal);
  // No draft: a one-click send would tell the customer the wrong amount.
  if (stray) return { kind: 'escalate', reason: stray };
  const language = wrongLanguage(out.reply, ctx.understanding.language);
  if (language) return { kind: 'escalate', reason: language, draft: out.reply };
  const cited = new Map(ev.articles.map((a) => [a.article.articleId, a.article]));
  const citations = out.citations.filter((id) => cited.has(id)).map((id) => citationOf(cited.get(id)!));
  const note = state.notes.length ? state.notes.join('; ') : undefined;
  return { kind: 'reply', reply: { text: out.reply, citations }, proposedAction: proposal, note };
}
