import { afterEach, describe, expect, it } from 'vitest';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

/** Teams throttling over HTTP: the fake Bot Connector answers 429 with a Retry-After header. */
describe('Teams throttling (Retry-After)', () => {
  let env: TeamsTestEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  const replyChain = (rootId: string) => `${TEAMS.customerChannelId};messageid=${rootId}`;
  const answersTo = (e: TeamsTestEnv, id: string) =>
    e.connector.sent().filter((c) => c.conversationId === replyChain(id) && c.body?.type === 'message');

  it('waits the 20 s Teams asks for (not 8), then delivers the answer once', async () => {
    const waits: number[] = [];
    env = await startTeamsEnv({ retry: { sleep: async (ms) => void waits.push(ms) } });
    env.connector.failNext(1, 429, 'POST', 20);
    const question = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from: users.maya,
      text: 'Where is order 1042 right now?',
    });
    await env.post(question);
    await env.teams.idle();
    expect(waits).toContain(20_000);
    expect(env.connector.calls.filter((c) => c.status === 429)).toHaveLength(1);
    expect(answersTo(env, question.id as string)).toHaveLength(1);
  });

  it('a Retry-After beyond TEAMS_MAX_RETRY_AFTER_MS is not waited in process: the outbox delivers later', async () => {
    const waits: number[] = [];
    env = await startTeamsEnv({ retry: { sleep: async (ms) => void waits.push(ms) } });
    const question = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from: users.maya,
      text: 'Where is order 1042 right now?',
    });
    // Every POST in the next minutes is throttled for two minutes (typing indicator and answer).
    env.connector.failNext(5, 429, 'POST', 120);
    await env.post(question);
    await env.teams.idle();
    expect(waits.filter((ms) => ms >= 60_000)).toEqual([]);
    // The answer was tried once, not repeated in process against a two-minute throttle.
    const answerTries = env.connector.calls.filter(
      (c) => c.conversationId === replyChain(question.id as string) && c.body?.type === 'message',
    );
    expect(answerTries.map((c) => c.status)).toEqual([429]);
    expect(answersTo(env, question.id as string)).toHaveLength(0);
    env.connector.failNext(0);
    env.app.clock.advance(31 * 60_000);
    const swept = await env.app.app.outbox.sweep();
    expect(swept.sent).toBe(1);
    expect(answersTo(env, question.id as string)).toHaveLength(1);
  });
});
