import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEAMS,
  teamsChannelMessage,
  teamsMessageDelete,
  teamsMessageEdit,
  users,
} from '../../support/teams-builders.js';
import { startTeamsEnv, type TeamsTestEnv } from './teams-setup.js';

describe('Teams message edits and deletes', () => {
  let env: TeamsTestEnv;
  beforeEach(async () => {
    env = await startTeamsEnv();
  });
  afterEach(async () => {
    await env.close();
  });

  const chain = (rootId: string) => `${TEAMS.customerChannelId};messageid=${rootId}`;
  const stored = (messageId: string) =>
    env.app.stores.messages.findByPlatformId(env.app.tenantId, 'teams', messageId);

  /** Maya asks a question and the bot answers it; returns her post's id. */
  async function askAndWait(text: string): Promise<string> {
    const { connector, post, teams } = env;
    const question = teamsChannelMessage({ serviceUrl: connector.url, from: users.maya, text });
    expect((await post(question)).status).toBe(200);
    const id = question.id as string;
    await connector.waitFor(() => connector.sent().some((c) => c.conversationId === chain(id)));
    await teams.idle();
    return id;
  }

  it('records a customer’s edit on the ticket’s message and does not answer it', async () => {
    const { connector, post, teams } = env;
    const id = await askAndWait('Where is order 1042?');
    const repliesBefore = connector.sent().filter((c) => c.conversationId === chain(id)).length;
    const before = await stored(id);
    expect(before?.ticketId).toBeTruthy();

    const edit = teamsMessageEdit({
      serviceUrl: connector.url,
      from: users.maya,
      messageId: id,
      text: 'Where is order 1042? It was due yesterday.',
      timestamp: '2026-11-20T10:05:00.000Z',
    });
    expect((await post(edit)).status).toBe(200);
    await teams.idle();

    const after = await stored(id);
    expect(after?.text).toBe('Where is order 1042? It was due yesterday.');
    expect(after?.edited).toBe(true);
    expect(after?.ticketId).toBe(before?.ticketId);
    expect(connector.sent().filter((c) => c.conversationId === chain(id))).toHaveLength(repliesBefore);

    // A second edit of the same message is a new event; Teams redelivering the first is not.
    const second = teamsMessageEdit({
      serviceUrl: connector.url,
      from: users.maya,
      messageId: id,
      text: 'Where is order 1042? Never mind the date.',
      timestamp: '2026-11-20T10:06:00.000Z',
    });
    await post(second);
    await teams.idle();
    expect((await stored(id))?.text).toBe('Where is order 1042? Never mind the date.');
    await post(edit);
    await teams.idle();
    expect((await stored(id))?.text).toBe('Where is order 1042? Never mind the date.');
    expect(connector.sent().filter((c) => c.conversationId === chain(id))).toHaveLength(repliesBefore);
  });

  it('records a customer’s delete of a reply in the chain; the text is gone, the bot says nothing', async () => {
    const { connector, post, teams } = env;
    const rootId = await askAndWait('Can you check order 1042 for me?');
    const reply = teamsChannelMessage({
      serviceUrl: connector.url,
      from: users.maya,
      rootId,
      text: 'My phone number is 555-0100 if you need it',
    });
    await post(reply);
    await teams.idle();
    const replyId = reply.id as string;
    expect((await stored(replyId))?.text).toMatch(/555-0100/);
    const sentBefore = connector.sent().length;

    const del = teamsMessageDelete({
      serviceUrl: connector.url,
      from: users.maya,
      messageId: replyId,
      rootId,
    });
    expect((await post(del)).status).toBe(200);
    await teams.idle();

    const after = await stored(replyId);
    expect(after?.deleted).toBe(true);
    expect(after?.text ?? '').not.toMatch(/555-0100/);
    expect(connector.sent()).toHaveLength(sentBefore);
    // The ticket keeps its other messages.
    expect((await stored(rootId))?.deleted).toBe(false);
  });

  it('ignores an edit of a message the bot never recorded, without answering', async () => {
    const { connector, post, teams } = env;
    const sentBefore = connector.sent().length;
    const edit = teamsMessageEdit({
      serviceUrl: connector.url,
      from: users.maya,
      messageId: '1763599999999',
      text: 'Where is order 1042?',
    });
    expect((await post(edit)).status).toBe(200);
    await teams.idle();
    expect(await stored('1763599999999')).toBeNull();
    expect(connector.sent()).toHaveLength(sentBefore);
  });
});
