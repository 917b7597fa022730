import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';
import { proposalContextOf } from './actions.js';
import { isInformationQuestion } from './answer-type.js';
import { DecisionRecorder } from './decision-recorder.js';
import { composeEscalation } from './escalate.js';
import { extractEntities } from './entities.js';
import { isAppError } from '../errors.js';
import { filterCustomerText } from './guardrails/output-filter.js';
import { reportsMalfunction } from './malfunction.js';
import { looksLikeInjection } from './offline/classify-intent.js';
import type { Resolution } from './offline/resolve-offline.js';
import { resolveOffline } from './offline/resolve-offline.js';
import { retrieve, type Evidence } from './retrieve.js';
import { findEmails } from '../text/emails.js';
import { fold } from './offline/text.js';
import { routeMessage } from './route.js';
import { routedSentiment, threadSignals } from './thread-signals.js';
import { withThreadUrgency } from './thread-urgency.js';
import { mentionsDataLoss } from './data-loss.js';
import type {
  AgentEscalation,
  AgentHooks,
  AgentInput,
  AgentResult,
  AgentTools,
  Understanding,
} from './types.js';
import type { UnderstandInput } from './understand.js';

/** What differs between the engines; everything else (retrieve, route, checks, filters) is shared code. */
export interface EngineStages {
  kind: 'llm' | 'offline';
  /** A `failure` means the engine could not understand reliably: the run escalates with that reason. */
  understand(
    input: UnderstandInput,
    ctx: StageContext,
  ): Promise<{ understanding: Understanding; failure?: string }>;
  resolve(ctx: StageContext & { understanding: Understanding; evidence: Evidence }): Promise<Resolution>;
  /** Optional richer escalation (the LLM writes it in any language); the code's version otherwise. */
  escalate?(
    ctx: StageContext & { understanding: Understanding; evidence: Evidence | null; reason: string },
  ): Promise<AgentEscalation | null>;
}

export interface StageContext {
  input: AgentInput;
  tools: AgentTools;
  recorder: DecisionRecorder;
}

export interface PipelineDeps {
  clock: Clock;
  logger: Logger;
}

/** "And when will it arrive?": an order named earlier in the thread is the one meant now. */
function withThreadContext(u: Understanding, history: AgentInput['history']): Understanding {
  if (u.entities.orderIds.length) return u;
  for (const m of [...history.slice(0, -1)].reverse()) {
    if (m.role !== 'customer' && m.role !== 'bot') continue;
    const ids = extractEntities(m.text).orderIds;
    if (ids.length) return { ...u, entities: { ...u.entities, orderIds: ids.slice(0, 1) } };
  }
  return u;
}

/** One agent run: understand → retrieve → route → resolve or escalate, with the decision record. */
export async function runPipeline(
  engine: EngineStages,
  input: AgentInput,
  deps: PipelineDeps,
  hooks?: AgentHooks,
): Promise<AgentResult> {
  const recorder = new DecisionRecorder(deps.clock, hooks);
  const tools = recorder.wrapTools(input.tools);
  const ctx: StageContext = { input, tools, recorder };
  const settings = input.settings;
  const understandInput: UnderstandInput = {
    text: input.text,
    plan: input.customer?.plan,
    preferredLanguage: input.customer?.preferences.language,
    isNewTicket: input.ticket.isNew,
    openTickets: input.openTickets,
  };
  const understood = await recorder.stage(
    'understand',
    () => engine.understand(understandInput, ctx),
    (o) =>
      o.failure
        ? `fallback: ${o.failure}`
        : `${o.understanding.intent}/${o.understanding.urgency}/${o.understanding.language}`,
  );
  const { failure } = understood;
  const u = withThreadUrgency(
    withThreadContext(understood.understanding, input.history),
    input.history,
    input.text,
    input.customer?.plan,
  );
  // The customer's own addresses, and (once retrieved) the ones the cited articles publish.
  const allowedEmails = [...(input.allowedEmails ?? [])];
  const clean = (text: string) =>
    filterCustomerText(text, { ticketId: input.ticket.ticketId, allowedEmails });

  const finish = (r: Omit<AgentResult, 'record' | 'understanding'>): AgentResult => ({
    ...r,
    understanding: u,
    record: {
      engine: engine.kind,
      stages: recorder.stages,
      modelCalls: { ...recorder.model },
      tools: recorder.tools,
      understanding: {
        language: u.language,
        intent: u.intent,
        urgency: u.urgency,
        sentiment: u.sentiment,
        urgencySignals: u.urgencySignals,
      },
      confidence: Math.round(r.confidence * 100) / 100,
      threshold: r.threshold,
      route: r.route,
      reason: r.reason,
      articleIds: r.articleIds,
    },
  });

  // Code decides what must reach a person, whatever the engine made of the message.
  const signals = threadSignals(input.history, input.text);
  const dataLoss = mentionsDataLoss(fold(input.text));
  if (u.isPleasantry && !failure && !u.securityConcern && !dataLoss) {
    return finish({
      confidence: 1,
      threshold: 0,
      route: 'ignore',
      reason: 'pleasantry: recorded, no answer needed',
      articleIds: [],
    });
  }

  let evidence: Evidence | null = null;
  let escalateReason: string | undefined = failure;
  if (!escalateReason && looksLikeInjection(input.text))
    escalateReason = 'the message contains instructions aimed at the assistant';
  // Order data can say what was charged, not whether it was right: a person checks a disputed charge.
  if (!escalateReason && u.billingDispute)
    escalateReason = 'billing dispute: the customer says a charge is wrong; a person must check it';
  // The help center explains how things work, not why they fail for this customer today.
  if (!escalateReason && reportsMalfunction(input.text))
    escalateReason = 'a report that part of our product does not work: a person looks into it';
  try {
    evidence = await recorder.stage(
      'retrieve',
      () =>
        retrieve(u, {
          tenantId: input.tenantId,
          text: input.text,
          searchText: u.englishText ?? input.text,
          identified: !!input.customer,
          inThread: input.history.length > 1,
          tools,
          kb: input.kb,
        }),
      (e) => `${e.kind} ${e.confidence.toFixed(2)}`,
    );
  } catch (err) {
    deps.logger.warn({ err, ticketId: input.ticket.ticketId }, 'agent retrieve failed');
    escalateReason ??= 'the order system or knowledge base could not be reached';
  }
  // The help center's own addresses ("email security@…") are the answer, not a leak.
  for (const a of evidence?.articles ?? [])
    allowedEmails.push(...findEmails(a.article.body).map((s) => a.article.body.slice(s.start, s.end)));
  if (evidence?.ordersUnavailable === 'not_connected')
    escalateReason ??= 'no order system is connected (ORDER_SYSTEM=none): a person must look at the order';
  if (evidence?.ordersUnavailable === 'cannot_cancel') escalateReason ??= evidence.notes.at(-1);
  if (evidence?.ordersUnavailable === 'unreachable')
    escalateReason ??= `the order system could not be reached: ${evidence.notes.at(-1) ?? ''}`.trim();
  // A refund or cancellation is only as sure as the understanding that the customer asked for
  // one: an intent the model is unsure of (its calibrated probability) caps the confidence, so
  // a misread address change never turns into an automatic cancellation.
  // An answer from the help center alone, with no order in hand, can propose nothing: there the
  // intent's probability says nothing about the answer ("how many days does a refund take?").
  const moneyIntent = u.intent === 'refund' || u.intent === 'cancel';
  const articleOnly = evidence?.kind === 'kb' && !evidence.order;
  // A returned order's refund is on record and the resolver answers with it: whatever the
  // customer meant, nothing can be proposed on it, so the intent model's doubt caps nothing.
  const refunded =
    u.intent === 'refund' && evidence?.order?.status === 'returned' && evidence.order.refunds.length > 0;
  const confidence = Math.min(
    evidence?.confidence ?? 0,
    moneyIntent && !articleOnly && !refunded ? (u.intentConfidence ?? 1) : 1,
  );
  const routed = await recorder.stage(
    'route',
    () =>
      routeMessage({
        urgency: u.urgency,
        confidence,
        wantsHuman: u.wantsHuman,
        securityConcern: u.securityConcern,
        sentiment: routedSentiment(u.sentiment, signals),
        dataLoss,
        plainQuestion:
          !u.urgencySignals.length &&
          !u.securityConcern &&
          !dataLoss &&
          evidence?.kind === 'kb' &&
          isInformationQuestion(input.text),
        thread: signals,
        needsEscalation: !!escalateReason,
        needsEscalationReason: escalateReason,
        settings,
      }),
    (d) => `${d.route}: ${d.reason}`,
  );
  const articleIds = evidence?.articles.map((a) => a.article.articleId) ?? [];

  let route = routed.route;
  let reason = routed.reason;
  let draft: string | undefined;
  let engineFailed = !!failure;
  if (route === 'resolve' && evidence) {
    const ev = evidence;
    let resolution: Resolution;
    try {
      resolution = await recorder.stage(
        'resolve',
        () => engine.resolve({ ...ctx, understanding: u, evidence: ev }),
        (r) => r.kind,
      );
    } catch (err) {
      deps.logger.warn({ err, ticketId: input.ticket.ticketId }, 'agent resolve failed');
      engineFailed = true;
      resolution = {
        kind: 'escalate',
        reason: isAppError(err) ? err.message : 'the answer could not be composed',
      };
    }
    if (resolution.kind === 'reply') {
      return finish({
        confidence,
        threshold: routed.threshold,
        route: 'resolve',
        reason: resolution.note ? `${reason}; ${resolution.note}` : reason,
        reply: { text: clean(resolution.reply.text), citations: resolution.reply.citations },
        proposedAction: resolution.proposedAction,
        articleIds: resolution.reply.citations
          .map((c) => c.articleId)
          .concat(articleIds.filter((id) => !resolution.reply.citations.some((c) => c.articleId === id))),
      });
    }
    route = 'escalate';
    reason = `resolver: ${resolution.reason}`;
    draft = resolution.draft;
  } else if (evidence && evidence.kind !== 'none' && !u.securityConcern) {
    // A grounded draft staff can send with one click; proposals are dropped, only text is kept.
    const ev = evidence;
    const offline = await resolveOffline({
      understanding: u,
      evidence: ev,
      tools,
      returnWindowDays: settings.returnWindowDays,
      currency: settings.currency,
      proposal: proposalContextOf(input),
    }).catch(() => null);
    if (offline?.kind === 'reply' && !offline.proposedAction) draft = offline.reply.text;
    else if (offline?.kind === 'escalate') draft = offline.draft;
  }

  const threshold = routed.threshold;
  const escalation = await recorder.stage('escalate', async () => {
    // Order data missing for a known reason: the fixed sentence that says so, not a model's words.
    const fromEngine =
      engineFailed || evidence?.ordersUnavailable
        ? null
        : await engine.escalate?.({ ...ctx, understanding: u, evidence, reason }).catch(() => null);
    return (
      fromEngine ??
      composeEscalation(
        {
          ticketId: input.ticket.ticketId,
          customerName: input.customer?.name,
          plan: input.customer?.plan,
          text: input.text,
          reason,
          confidence,
          threshold,
        },
        u,
        evidence,
      )
    );
  });
  return finish({
    confidence,
    threshold,
    route,
    reason,
    draft: draft ? clean(draft) : undefined,
    escalation: { ...escalation, customerMessage: clean(escalation.customerMessage) },
    articleIds,
  });
}
