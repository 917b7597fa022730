import { APIConnectionTimeoutError, APIError } from 'openai';
import type OpenAI from 'openai';
import type { z } from 'zod';
import { describeZodIssues, UpstreamError } from '../../errors.js';
import type { DecisionRecorder } from '../decision-recorder.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ChatTool = OpenAI.Chat.Completions.ChatCompletionTool;

export interface ModelSettings {
  client: OpenAI;
  model: string;
  timeoutMs: number;
  /** Retries on 429, 5xx and timeouts, with the SDK's exponential backoff (honours Retry-After). */
  maxRetries: number;
}

/** One chat completion, timed and counted on the decision record; transport failures become UpstreamError. */
export async function chat(
  settings: ModelSettings,
  recorder: DecisionRecorder,
  messages: ChatMessage[],
  tools?: readonly ChatTool[],
): Promise<OpenAI.Chat.Completions.ChatCompletionMessage> {
  const started = performance.now();
  try {
    const res = await settings.client.chat.completions.create(
      {
        model: settings.model,
        messages,
        response_format: { type: 'json_object' },
        temperature: 0.2,
        ...(tools ? { tools: [...tools], tool_choice: 'auto' as const } : {}),
      },
      { timeout: settings.timeoutMs, maxRetries: settings.maxRetries },
    );
    recorder.addModelCall({
      tokensIn: res.usage?.prompt_tokens,
      tokensOut: res.usage?.completion_tokens,
      latencyMs: performance.now() - started,
    });
    const message = res.choices?.[0]?.message;
    if (!message) throw new UpstreamError('model returned no choices');
    return message;
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    // A failed call still cost time; it is counted so the record shows what was spent.
    recorder.addModelCall({ latencyMs: performance.now() - started });
    const what =
      err instanceof APIConnectionTimeoutError
        ? `the model timed out after ${settings.timeoutMs} ms`
        : err instanceof APIError && err.status
          ? `the model endpoint answered ${err.status}`
          : `the model could not be reached (${err instanceof Error ? err.message.slice(0, 80) : 'unknown error'})`;
    throw new UpstreamError(what, { cause: err });
  }
}

/** Parses a model's JSON answer against a schema; the error text is what the repair prompt shows it. */
export function parseModelJson<T>(
  content: string | null | undefined,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  if (!content || !content.trim()) return { ok: false, error: 'the answer was empty' };
  let json: unknown;
  try {
    json = JSON.parse(stripCodeFence(content));
  } catch (err) {
    return {
      ok: false,
      error: `the answer was not valid JSON (${err instanceof Error ? err.message : 'parse error'})`,
    };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: `the JSON did not match the schema: ${describeZodIssues(parsed.error.issues)}`,
    };
  return { ok: true, value: parsed.data };
}

/** The one repair turn: the model sees its answer and what was wrong with it. */
export function repairMessages(content: string | null | undefined, error: string): ChatMessage[] {
  return [
    { role: 'assistant', content: content ?? '' },
    {
      role: 'user',
      content: `Your previous answer was invalid: ${error}. Reply again with only the corrected JSON object.`,
    },
  ];
}

/** The answer without a Markdown code fence around it (string steps: a regex here was quadratic on long spaces). */
function stripCodeFence(content: string): string {
  let s = content.trim();
  if (s.startsWith('```')) {
    s = s.slice(3);
    if (s.startsWith('json')) s = s.slice(4);
    s = s.trimStart();
  }
  if (s.endsWith('```')) s = s.slice(0, -3).trimEnd();
  return s;
}
