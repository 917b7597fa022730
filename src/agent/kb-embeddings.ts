import { z } from 'zod';
import type { Clock } from '../domain/index.js';
import type { Logger } from '../logger.js';

/** An embeddings endpoint (OpenAI's, or any compatible one). Optional: lexical search works alone. */
export interface EmbeddingsClient {
  embed(texts: string[]): Promise<number[][]>;
}

/** After a failure the endpoint is left alone this long; searches use keywords meanwhile (1 min). */
export const EMBEDDINGS_RETRY_MS = 60_000;

const VectorsSchema = z.array(z.array(z.number()).min(1));

/**
 * The embeddings endpoint as search uses it: never throws. A failure, or an answer that is not
 * one vector per text, yields null (the caller searches by keywords), is logged once per outage
 * and keeps the endpoint alone for EMBEDDINGS_RETRY_MS so a dead endpoint costs no latency.
 */
export function createSafeEmbedder(
  client: EmbeddingsClient,
  deps: { clock: Clock; logger?: Logger },
): (texts: string[]) => Promise<number[][] | null> {
  let downSince: number | null = null;
  return async (texts) => {
    const now = deps.clock.now().getTime();
    if (downSince !== null && now - downSince < EMBEDDINGS_RETRY_MS) return null;
    try {
      const vectors = VectorsSchema.parse(await client.embed(texts));
      if (vectors.length !== texts.length)
        throw new Error(`expected ${texts.length} vectors, got ${vectors.length}`);
      if (downSince !== null) deps.logger?.info('embeddings endpoint answers again: hybrid search resumed');
      downSince = null;
      return vectors;
    } catch (err) {
      if (downSince === null)
        deps.logger?.warn({ err }, 'embeddings endpoint failed: knowledge-base search uses keywords only');
      downSince = now;
      return null;
    }
  };
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Embeddings through the `openai` package (any compatible endpoint). Floats are asked for by
 * name: the SDK otherwise asks for base64 and decodes whatever comes back as base64, which turns
 * the plain arrays of endpoints that ignore `encoding_format` into silent garbage.
 */
export function createOpenAiEmbeddings(
  client: {
    embeddings: {
      create(body: {
        model: string;
        input: string[];
        encoding_format: 'float';
      }): Promise<{ data: Array<{ embedding: number[]; index?: number }> }>;
    };
  },
  model: string,
): EmbeddingsClient {
  return {
    async embed(texts) {
      const res = await client.embeddings.create({ model, input: texts, encoding_format: 'float' });
      // Vectors are matched to texts by their index, whatever order they come back in.
      return [...res.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((d) => d.embedding);
    },
  };
}
