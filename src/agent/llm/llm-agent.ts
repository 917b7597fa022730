import type OpenAI from 'openai';
import { z } from 'zod';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { proposalContextOf, type ProposalContext } from '../actions.js';
import type { DecisionRecorder } from '../decision-recorder.js';
import type { Resolution } from '../offline/resolve-offline.js';
import { phrase, supportedLanguage } from '../phrases.js';
import { runPipeline, type EngineStages, type StageContext } from '../pipeline.js';
import { isEmojiOnly } from '../pleasantry.js';
import type { Evidence } from '../retrieve.js';
import type { Agent, AgentEscalation, Understanding } from '../types.js';
import { UnderstandingSchema } from '../types.js';
import { applyCodeRules, understandOffline, type UnderstandInput } from '../understand.js';
import { judgeAnswer, type ModelAnswer } from './judge.js';
import { chat, parseModelJson, repairMessages, type ModelSettings } from './model-call.js';
import { covers, OneCallSchema, prefetchEvidence, type Prepared } from './one-call.js';
import { echoesPrompt } from './prompt-echo.js';
import { answerSystemPrompt, escalateSystemPrompt, fence, resolveSystemPrompt } from './prompts.js';
import { voiceOf } from '../voice.js';
import { runModelTool, toolDefinitionsFor } from './tool-runner.js';
import type { ToolContext, ToolRunState } from './tool.js';
import { customerLine, evidenceBlock, historyBlock } from './views.js';

export interface LlmAgentOptions {
  client: OpenAI;
  model: string;
  logger: Logger;
  clock: Clock;
  timeoutMs: number;
  maxRetries: number;
}

const MAX_TOOL_ROUNDS = 4;

const ModelResolutionSchema = z.object({
  reply: z.string().max(4000).default(''),
  citations: z.array(z.string()).default([]),
  needsEscalation: z.boolean().default(false),
  escalationReason: z.string().nullish(),
  summary: z.string().nullish(),
});

const ModelEscalationSchema = z.object({
  summary: z.string().min(1).max(1500),
  internalNote: z.string().max(1500).default(''),
  customerMessage: z.string().min(1).max(1500),
});

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** Structured call with one repair turn; a second bad answer is a failure with the reason. */
async function structured<T>(
  settings: ModelSettings,
  recorder: DecisionRecorder,
  messages: ChatMessage[],
  schema: z.ZodType<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  const first = await chat(settings, recorder, messages);
  const parsed = parseModelJson(first.content, schema);
  if (parsed.ok) return parsed;
  const second = await chat(settings, recorder, [
    ...messages,
    ...repairMessages(first.content, parsed.error),
  ]);
  const again = parseModelJson(second.content, schema);
  return again.ok ? again : { ok: false, error: `model answer invalid twice: ${again.error}` };
}

/**
 * The model engine. A new message costs one model call: code fetches the evidence first, and the
 * model understands and answers in one structured answer; the tool loop runs only when that
 * answer cannot be used. Every decision is checked by code (judge.ts).
 */
export function createLlmAgent(options: LlmAgentOptions): Agent {
  const settings: ModelSettings = {
    client: options.client,
    model: options.model,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
  };
  const log = options.logger;
  // The one-call answer, from the understand stage to the resolve and escalate stages of the same run.
  const prepared = new WeakMap<DecisionRecorder, Prepared>();

  async function understand(
    input: UnderstandInput,
    ctx: StageContext,
  ): Promise<{ understanding: Understanding; failure?: string }> {
    const fallback = understandOffline(input);
    // Emoji alone is a pleasantry by code: no model call to spend, and none to fail.
    if (isEmojiOnly(input.text)) return { understanding: fallback };
    try {
      const evidence = await prefetchEvidence(ctx, fallback);
      const system = answerSystemPrompt(input.openTickets, voiceOf(ctx.input));
      const facts = evidence && evidence.kind !== 'identify' ? evidenceBlock(evidence) : '{}';
      const out = await structured(
        settings,
        ctx.recorder,
        [
          { role: 'system', content: system },
          {
            role: 'user',
            content: `${historyBlock(ctx.input)}Customer: ${customerLine(ctx.input)}\nFacts: ${facts}\n\n${fence(input.text)}`,
          },
        ],
        OneCallSchema,
      );
      if (!out.ok) return { understanding: fallback, failure: out.error };
      const m = out.value;
      prepared.set(ctx.recorder, { answer: m, evidence, system });
      const proposed = UnderstandingSchema.parse({
        ...m,
        englishText: m.englishText ?? undefined,
        continuesTicketId: m.continuesTicketId ?? null,
        urgencySignals: [],
        entities: { orderIds: m.orderIds, amounts: [], emails: [] },
      });
      return { understanding: applyCodeRules(proposed, input) };
    } catch (err) {
      log.warn({ err, ticketId: ctx.input.ticket.ticketId }, 'model understand failed');
      return { understanding: fallback, failure: err instanceof Error ? err.message : 'the model failed' };
    }
  }

  async function resolve(
    ctx: StageContext & { understanding: Understanding; evidence: Evidence },
  ): Promise<Resolution> {
    const { understanding: u, evidence: ev, input } = ctx;
    if (ev.kind === 'identify')
      return { kind: 'reply', reply: { text: phrase('identify_for_orders', u.language), citations: [] } };
    const state: ToolRunState = { refused: [], notes: [] };
    const proposalContext: ProposalContext = proposalContextOf(input);
    const toolCtx: ToolContext = { tools: ctx.tools, state, proposal: proposalContext };
    const trace = (r: (typeof ctx.recorder.tools)[number]) => ctx.recorder.tools.push(r);
    const judge = (out: ModelAnswer, system: string, shown: unknown[]) =>
      judgeAnswer(out, {
        ...ctx,
        state,
        system,
        proposalContext,
        shown,
        currency: input.settings.currency,
      });

    const one = prepared.get(ctx.recorder);
    if (
      one &&
      !one.answer.needsTools &&
      (one.answer.reply.trim() || one.answer.needsEscalation) &&
      covers(one.evidence, ev)
    ) {
      const p = one.answer.proposal;
      const shown: unknown[] = [];
      if (p) {
        // The proposal goes through the same registry tool as a tool call: scoped by intent, checked by code.
        const result = await runModelTool(
          p.type === 'refund' ? 'propose_refund' : 'propose_cancellation',
          JSON.stringify({ orderId: p.orderId, ...(p.amountMinor ? { amountMinor: p.amountMinor } : {}) }),
          u.intent,
          toolCtx,
          trace,
        );
        // Its reply was written around the proposal: one the code would not even consider is refused.
        if (result && typeof result === 'object' && 'error' in result)
          state.refused.push(`the model proposed a ${p.type} on a question read as ${u.intent}`);
        shown.push(result);
      }
      return judge(one.answer, one.system, shown);
    }

    const system = resolveSystemPrompt(u.language, voiceOf(input));
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      {
        role: 'user',
        content: `${historyBlock(input)}Customer: ${customerLine(input)}\nIntent: ${u.intent}\nEvidence: ${evidenceBlock(ev)}\n\n${fence(input.text)}`,
      },
    ];
    const tools = toolDefinitionsFor(u.intent);
    const shown: unknown[] = [];
    let repaired = false;
    for (let round = 0; ; round++) {
      const msg = await chat(settings, ctx.recorder, messages, round < MAX_TOOL_ROUNDS ? tools : undefined);
      if (msg.tool_calls?.length) {
        if (round >= MAX_TOOL_ROUNDS)
          return { kind: 'escalate', reason: `more than ${MAX_TOOL_ROUNDS} tool rounds` };
        messages.push({ role: 'assistant', content: msg.content ?? null, tool_calls: msg.tool_calls });
        for (const call of msg.tool_calls) {
          const result =
            call.type === 'function'
              ? await runModelTool(call.function.name, call.function.arguments, u.intent, toolCtx, trace)
              : { error: 'unsupported tool type' };
          shown.push(result);
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
        continue;
      }
      const parsed = parseModelJson(msg.content, ModelResolutionSchema);
      if (!parsed.ok) {
        if (repaired) return { kind: 'escalate', reason: `model answer invalid twice: ${parsed.error}` };
        repaired = true;
        messages.push(...repairMessages(msg.content, parsed.error));
        continue;
      }
      return judge(parsed.value, system, shown);
    }
  }

  async function escalate(
    ctx: StageContext & { understanding: Understanding; evidence: Evidence | null; reason: string },
  ): Promise<AgentEscalation | null> {
    const u = ctx.understanding;
    const stock = supportedLanguage(u.language) === u.language.split('-')[0];
    const stockMessage = phrase('escalated', u.language, { ticketId: ctx.input.ticket.ticketId });
    // The one call already wrote the staff summary: no second call for it.
    const one = prepared.get(ctx.recorder);
    if (stock && one?.answer.summary?.trim())
      return { summary: one.answer.summary, internalNote: '', customerMessage: stockMessage };
    const system = escalateSystemPrompt(u.language, voiceOf(ctx.input));
    const out = await structured(
      settings,
      ctx.recorder,
      [
        { role: 'system', content: system },
        {
          role: 'user',
          content: `Why it escalates: ${ctx.reason}\nWhat was looked up: ${ctx.evidence?.notes.join('; ') || 'nothing'}\n\n${fence(ctx.input.text)}`,
        },
      ],
      ModelEscalationSchema,
    ).catch(() => null);
    if (!out?.ok) return null;
    // The stock sentence wherever we have one: a customer-facing line a model cannot bend. Where
    // we have none, the model's sentence only if it does not retell its instructions.
    const customerMessage =
      stock || echoesPrompt(out.value.customerMessage, system) ? stockMessage : out.value.customerMessage;
    return { summary: out.value.summary, internalNote: out.value.internalNote, customerMessage };
  }

  const stages: EngineStages = { kind: 'llm', understand, resolve, escalate };
  return { kind: 'llm', run: (input, hooks) => runPipeline(stages, input, options, hooks), phrase };
}
