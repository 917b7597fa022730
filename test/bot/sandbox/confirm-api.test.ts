import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../../src/bot/sandbox/posts.js';
import type { TestApp } from '../../support/app-harness.js';
import { apiClient, startSandboxApp, type ApiClient } from './sandbox-app.js';

interface Posts {
  posts: Array<SandboxPost & { createdAt: string }>;
}
type Answer = { ok: boolean; message: string };

const PRIYA = { customerId: 'cus_cobalt', contactEmail: 'priya@cobaltlabs.example' };
const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The refund question's Yes / No buttons in the sandbox's customer pane, over its HTTP API. */
describe('sandbox: the customer confirms an automatic refund with a button', () => {
  let t: TestApp;
  let api: ApiClient;

  beforeEach(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
  });
  afterEach(() => t?.close());

  const refunds = async () => (await t.app.orders.getOrder(t.tenantId, '1045'))?.refunds ?? [];
  const thread = async (threadId: string) =>
    (await api.get<Posts>('/channels/sandbox-customers/posts')).body.posts.filter(
      (p) => p.postId === threadId || p.threadId === threadId,
    );

  async function ask() {
    const { body } = await api.post<{ post: SandboxPost }>('/customer-messages', {
      ...PRIYA,
      text: 'The monitor arm from order 1045 is faulty, please refund it.',
    });
    const threadId = body.post.postId;
    const question = await until(async () => (await thread(threadId)).find((p) => p.confirm));
    const data = (answer: 'yes' | 'no') => ({
      v: 1,
      action: 'refund.confirm',
      ticketId: question.confirm!.ticketId,
      confirmationId: question.confirm!.confirmationId,
      answer,
    });
    return { threadId, question, data };
  }
  const press = (q: Awaited<ReturnType<typeof ask>>, answer: 'yes' | 'no', who = PRIYA) =>
    api.post<Answer>('/confirmations', { ...who, postId: q.question.postId, data: q.data(answer) });

  it('shows Yes and No under the question; Yes refunds once, however often it is pressed', async () => {
    const q = await ask();
    expect(q.question.text).toBe('Refund $89.99 on order 1045? Reply yes or no.');
    expect(q.question.confirm).toMatchObject({ yesLabel: 'Yes, refund', noLabel: 'No' });

    const answers = await Promise.all([press(q, 'yes'), press(q, 'yes'), press(q, 'yes')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.message).sort()).toEqual([
      'This question has already been answered.',
      'This question has already been answered.',
      'You answered yes.',
    ]);
    const made = await refunds();
    expect(made).toHaveLength(1);
    const posts = await thread(q.threadId);
    expect(posts.filter((p) => p.text.includes(made[0]!.refundId))).toHaveLength(1);
    const question = posts.find((p) => p.postId === q.question.postId)!;
    expect(question.confirm).toBeUndefined();
    expect(question.text).toContain('You answered yes.');
  });

  it('refuses another customer’s press and keeps the buttons', async () => {
    const q = await ask();
    const res = await press(q, 'yes', MAYA);
    expect(res).toMatchObject({
      status: 200,
      body: { ok: false, message: 'Only the person who asked for this refund can answer this question.' },
    });
    expect(await refunds()).toHaveLength(0);
    expect((await thread(q.threadId)).find((p) => p.postId === q.question.postId)?.confirm).toBeDefined();
  });

  it('No refunds nothing and the bot says so', async () => {
    const q = await ask();
    expect((await press(q, 'no')).body).toEqual({ ok: true, message: 'You answered no.' });
    await until(async () => (await thread(q.threadId)).find((p) => /won’t refund order 1045/.test(p.text)));
    expect(await refunds()).toHaveLength(0);
  });

  it('says the question expired when Yes is pressed a day later', async () => {
    const q = await ask();
    t.clock.advance(25 * 3_600_000);
    expect((await press(q, 'yes')).body).toEqual({
      ok: false,
      message:
        'This question expired: it was open for 24 hours. Write to us again if you still want the refund.',
    });
    expect(await refunds()).toHaveLength(0);
    expect((await thread(q.threadId)).find((p) => p.postId === q.question.postId)?.confirm).toBeUndefined();
  });

  it('rejects button data that is not a refund question’s', async () => {
    const q = await ask();
    const res = await api.post<{ error: string }>('/confirmations', {
      ...PRIYA,
      postId: q.question.postId,
      data: { ...q.data('yes'), amountMinor: 1, answer: 'maybe' },
    });
    expect(res.status).toBe(400);
    expect(await refunds()).toHaveLength(0);
  });
});
