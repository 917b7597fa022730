import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createKnowledgeBase, invalidatingArticleStore } from '../../src/agent/knowledge-base.js';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import type { Agent, AgentResult, KnowledgeBase } from '../../src/agent/types.js';
import { importKnowledge, type KbImportOptions } from '../../src/knowledge/import-articles.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';
import { inputFor } from '../agent/agent-input.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/kb');

export interface KbTestEnv {
  env: SeededEnv;
  kb: KnowledgeBase;
  agent: Agent;
  import(
    options: Omit<KbImportOptions, 'tenantId'> & { tenantId?: string },
  ): ReturnType<typeof importKnowledge>;
  ask(text: string, email?: string | null): Promise<AgentResult>;
  close(): Promise<void>;
}

/**
 * The demo organization with no articles (an empty kb folder), the import writing through the
 * same invalidating store the app uses, and the offline engine answering over the real KB.
 */
export async function startKbEnv(): Promise<KbTestEnv> {
  const env = await createSeededEnv({ kbDir: mkdtempSync(path.join(tmpdir(), 'kb-empty-')) });
  const kb = createKnowledgeBase({ source: env.stores.kbArticles });
  const articles = invalidatingArticleStore(env.stores.kbArticles, kb);
  const agent = createOfflineAgent({ clock: env.clock, logger: pino({ level: 'silent' }) });
  return {
    env,
    kb,
    agent,
    import: (options) => {
      // Each run at its own moment, as runs are: the latest one is the one staff see.
      env.clock.advance(1000);
      return importKnowledge(
        { articles, syncs: env.stores.kbSyncs, clock: env.clock, ids: env.ids },
        { tenantId: env.tenantId, ...options },
      );
    },
    ask: async (text, email = null) => agent.run(await inputFor(env, kb, email, text)),
    close: () => env.close(),
  };
}
