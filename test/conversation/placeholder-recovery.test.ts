import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOfflineAgent } from '../../src/agent/offline/offline-agent.js';
import type { Agent, AgentResult } from '../../src/agent/types.js';
import { createSeededEnv } from '../support/seeded.js';
import { journalRecords } from '../support/journal.js';
import { startProcess } from '../support/restart.js';
import { createTestChannel, type TestChannel } from '../support/test-channel.js';
import { inbound } from './engine-builders.js';

const logger = pino({ level: 'silent' });
/** The placeholder shows after this instead of 2 s, so a held run shows it at once. */
const engine = { inbound: { working: { placeholderAfterMs: 5 } } };

async function until(what: string, ok: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What the customer's thread shows: texts, and whether any "Looking into this…" is left. */
function shownIn(channel: TestChannel, threadId: string) {
  const posts = channel.messages.filter((m) => m.threadId === threadId);
  return { texts: posts.map((p) => p.text), placeholders: posts.filter((p) => p.placeholder).length };
}

/**
 * Maya asks a question; the model never answers, the placeholder shows (and is recorded), and
 * the process is killed. Returns what a restarted process on the same database and Slack needs.
 */
async function killedAfterPlaceholder(eventId: string) {
  const env = await createSeededEnv({ logger });
  const offline = createOfflineAgent({ logger, clock: env.clock });
  const hung: Agent = {
    kind: 'offline',
    phrase: offline.phrase.bind(offline),
    run: () => new Promise(() => {}),
  };
  // One Slack workspace, seen by both processes.
  const slack = createTestChannel({ withWorking: true });
  const app1 = await startProcess(env, slack, { engine, agent: hung });
  const m = inbound('maya', 'My order 1042 never arrived, please help?', { eventId });
  void app1.engine.handleInbound(m).catch(() => undefined);
  await until('the placeholder to be shown', () => shownIn(slack, m.messageId).placeholders === 1);
  // Killed once the placeholder is in the journal too (a kill between the post and that write
  // leaves the placeholder unknown to the next process, as every placeholder was before).
  await until('the placeholder to be recorded', async () =>
    (await journalRecords(env.db, eventId)).some((r) => r.placeholder !== undefined),
  );
  await app1.stop();
  return { env, slack, m };
}

describe('a "Looking into this…" placeholder outlives the run that showed it', () => {
  it('is taken down and the message run again when the process died after showing it', async () => {
    const { env, slack, m } = await killedAfterPlaceholder('EV-PH-KILL');
    const app2 = await startProcess(env, slack, { engine });
    try {
      // The dead process's lease runs out; the restarted one takes the event over. Its run had
      // stored and queued nothing (issue 13: the customer message rides in the turn's last
      // insert): the placeholder is removed and the message is run again from its record.
      env.clock.advance(5 * 60_000);
      const swept = await app2.engine.recoverUnanswered?.();
      expect(swept?.resumed).toBe(1);
      expect(await env.db.collection('messages').countDocuments({ text: m.text })).toBe(1);
      // One bot post, the rerun's; no "Looking into this…" left.
      const shown = shownIn(slack, m.messageId);
      expect(shown.placeholders).toBe(0);
      expect(shown.texts).toHaveLength(1);
      expect(shown.texts[0]).not.toContain('Looking into this');

      // Swept again and redelivered, nothing more is said.
      env.clock.advance(20 * 60_000);
      await app2.engine.recoverUnanswered?.();
      expect((await app2.engine.handleInbound(m)).status).toBe('duplicate');
      expect(shownIn(slack, m.messageId).texts).toHaveLength(1);
    } finally {
      await app2.stop();
      await env.close();
    }
  });

  it('is removed when the process died after showing it and nothing is to be said', async () => {
    const { env, slack, m } = await killedAfterPlaceholder('EV-PH-DRAFT');
    // While the bot was down, staff put the channel in draft mode: the bot says nothing there.
    await env.stores.channels.setMode(m.tenantId, m.platform, m.channelId, 'draft', 'U_STAFF');
    const app2 = await startProcess(env, slack, { engine });
    try {
      env.clock.advance(5 * 60_000);
      // Run again from its record, in draft mode now: a draft for staff, nothing said.
      expect((await app2.engine.recoverUnanswered?.())?.resumed).toBe(1);
      expect(shownIn(slack, m.messageId)).toEqual({ texts: [], placeholders: 0 });
    } finally {
      await app2.stop();
      await env.close();
    }
  });

  it('is replaced by the handoff when the run fails after showing it', async () => {
    const env = await createSeededEnv({ logger });
    const slack = createTestChannel({ withWorking: true });
    let placeholderId: string | undefined;
    // A slow model whose result is broken (a bug, a bad deploy): applying it throws.
    const broken: Agent = {
      kind: 'offline',
      phrase: (key, _lang, params) => `[${key}] ${params?.ticketId ?? ''}`,
      async run() {
        await until('the placeholder', () => {
          placeholderId = slack.messages.find((p) => p.placeholder)?.messageId;
          return placeholderId !== undefined;
        });
        return { route: 'answer' } as unknown as AgentResult;
      },
    };
    const app = await startProcess(env, slack, { engine, agent: broken });
    try {
      const m = inbound('maya', 'Where is my order 1042?', { eventId: 'EV-PH-FAIL' });
      const out = await app.engine.handleInbound(m);
      expect(out.status).toBe('escalated');
      // The placeholder itself now says it (edited in place, not removed and posted anew).
      const posts = slack.messages.filter((p) => p.threadId === m.messageId);
      expect(posts.map((p) => ({ id: p.messageId, text: p.text, placeholder: p.placeholder }))).toEqual([
        { id: placeholderId, text: `[escalated] ${out.ticketId}`, placeholder: false },
      ]);
    } finally {
      await app.stop();
      await env.close();
    }
  });
});
