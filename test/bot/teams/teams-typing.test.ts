import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';
import { TEAMS, teamsChannelMessage, users } from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

describe('Teams typing indicator', () => {
  let env: TeamsTestEnv | undefined;
  let model: FakeOpenAi | undefined;
  afterEach(async () => {
    await env?.close();
    await model?.close();
    env = undefined;
    model = undefined;
  });

  it('shows typing in the customer’s reply chain while the model works, before anything is said there', async () => {
    model = await startFakeOpenAi();
    env = await startTeamsEnv({ openaiBaseURL: model.baseURL });
    expect(env.app.app.agent.kind).toBe('llm');
    const question = teamsChannelMessage({
      serviceUrl: env.connector.url,
      from: users.maya,
      text: 'Where is my order 1042?',
    });
    expect((await env.post(question)).status).toBe(200);
    await env.teams.idle();
    const chain = `${TEAMS.customerChannelId};messageid=${question.id as string}`;
    const inChain = env.connector.sent().filter((c) => c.conversationId === chain);
    // Whatever the model made of it (here: an unscripted model fails and a person is called),
    // the customer saw the bot typing first, then one message.
    expect(inChain.map((c) => c.body?.type)).toEqual(['typing', 'message']);
    expect(model.requests.length).toBeGreaterThan(0);
  });
});
