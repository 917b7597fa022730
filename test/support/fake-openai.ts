import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake model endpoint. */
export type FakeStep =
  | { kind: 'content'; content: string; usage?: { prompt: number; completion: number } }
  | {
      kind: 'tools';
      calls: Array<{ name: string; args: unknown }>;
      usage?: { prompt: number; completion: number };
    }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' };

/** What the agent sent, for assertions on prompts (fencing, no secrets). */
export interface RecordedRequest {
  path: string;
  body: {
    model: string;
    messages: Array<{ role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: unknown[];
    response_format?: unknown;
  };
}

/** How the fake answers POST /embeddings: a vector per input text, or a failure status. */
export type FakeEmbedder = ((input: string) => number[]) | { status: number };

export interface FakeOpenAi {
  baseURL: string;
  /** Chat-completion requests (embeddings requests are kept apart, in `embeddingRequests`). */
  requests: RecordedRequest[];
  /** Every POST /embeddings: the model and the texts asked for. */
  embeddingRequests: Array<{ model: string; input: string[] }>;
  /** Answer /embeddings with this from now on (unset: 404, as an endpoint without embeddings). */
  embeddings(embedder: FakeEmbedder | null): void;
  /** Queue answers in order; a function is called with the request and returns the step. */
  script(...steps: Array<FakeStep | ((req: RecordedRequest) => FakeStep)>): void;
  close(): Promise<void>;
}

export const say = (json: unknown, usage = { prompt: 100, completion: 20 }): FakeStep => ({
  kind: 'content',
  content: typeof json === 'string' ? json : JSON.stringify(json),
  usage,
});
export const callTools = (...calls: Array<{ name: string; args: unknown }>): FakeStep => ({
  kind: 'tools',
  calls,
  usage: { prompt: 120, completion: 15 },
});

export interface FakeOpenAiOptions {
  /** How long the model "thinks" before every chat answer (benchmarks: a real model's latency). */
  latencyMs?: number;
  /** Answers every request once the script is exhausted (a model that never runs out), instead of a 500. */
  otherwise?: (req: RecordedRequest) => FakeStep;
  /** Keep no request bodies (benchmarks send thousands); `requests` then stays empty. */
  recordRequests?: boolean;
}

/**
 * An OpenAI-compatible chat-completions server on loopback: scripted answers per test, every
 * request recorded, and the failure modes the agent must survive (429, 5xx, hangs, bad JSON).
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const queue: Array<FakeStep | ((req: RecordedRequest) => FakeStep)> = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const embeddingRequests: FakeOpenAi['embeddingRequests'] = [];
  let embedder: FakeEmbedder | null = null;
  let n = 0;

  function answerEmbeddings(
    body: { model?: string; input?: string | string[]; encoding_format?: string },
    res: ServerResponse,
  ): void {
    const input = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
    embeddingRequests.push({ model: body.model ?? '', input });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (!embedder) return send(404, { error: { message: 'fake-openai: no embeddings', type: 'fake' } });
    if (typeof embedder !== 'function')
      return send(embedder.status, { error: { message: `status ${embedder.status}`, type: 'fake' } });
    const embed = embedder;
    send(200, {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => {
        const vector = embed(text);
        // As OpenAI does: base64 of little-endian float32 when asked, plain floats otherwise.
        const embedding =
          body.encoding_format === 'base64'
            ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
            : vector;
        return { object: 'embedding', index, embedding };
      }),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    });
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if ((req.url ?? '').endsWith('/embeddings'))
        return answerEmbeddings(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'), res);
      const recorded: RecordedRequest = {
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
      };
      if (options.recordRequests !== false) requests.push(recorded);
      const next = queue.shift() ?? options.otherwise;
      const step = typeof next === 'function' ? next(recorded) : next;
      if (!step) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'fake-openai: script exhausted', type: 'server_error' } }),
        );
        return;
      }
      if (step.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (step.kind === 'status') {
        res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
        res.end(JSON.stringify(step.body ?? { error: { message: `status ${step.status}`, type: 'fake' } }));
        return;
      }
      if (options.latencyMs) setTimeout(() => answer(res, recorded, step), options.latencyMs);
      else answer(res, recorded, step);
    });
  });
  function answer(
    res: ServerResponse,
    recorded: RecordedRequest,
    step: FakeStep & { kind: 'content' | 'tools' },
  ): void {
    if (res.destroyed) return;
    n++;
    const message =
      step.kind === 'content'
        ? { role: 'assistant', content: step.content }
        : {
            role: 'assistant',
            content: null,
            tool_calls: step.calls.map((c, i) => ({
              id: `call_${n}_${i}`,
              type: 'function',
              function: { name: c.name, arguments: JSON.stringify(c.args) },
            })),
          };
    const usage = step.usage ?? { prompt: 100, completion: 20 };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: recorded.body.model,
        choices: [{ index: 0, message, finish_reason: step.kind === 'tools' ? 'tool_calls' : 'stop' }],
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
        },
      }),
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    embeddingRequests,
    embeddings: (next) => {
      embedder = next;
    },
    script: (...steps) => {
      queue.length = 0;
      queue.push(...steps);
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
