import { executionAsyncId } from 'node:async_hooks';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { startProcess } from '../support/restart.js';
import { createSeededEnv } from '../support/seeded.js';
import { createTestChannel } from '../support/test-channel.js';
import { actor, inbound } from './engine-builders.js';

const logger = pino({ level: 'silent' });

/**
 * Whether Node's promise hooks are on: with them, every promise is an async resource of its own,
 * so two awaits run under different async ids; without them, under the same one.
 */
async function promiseHooksOn(): Promise<boolean> {
  await null;
  const first = executionAsyncId();
  await null;
  return executionAsyncId() !== first;
}

/**
 * Issue 13: a thread's run, its posts and an approval's run carry their context explicitly. An
 * AsyncLocalStorage would turn on Node's promise hooks for every promise of the process, for good,
 * the first time one ran: CPU on Node's one thread for each of a message's hundreds of promises.
 */
describe('promise hooks', () => {
  it('stay off through a new question, a refund request and its Approve click', async () => {
    const env = await createSeededEnv({ logger });
    const channel = createTestChannel();
    const app = await startProcess(env, channel);
    try {
      expect(await promiseHooksOn()).toBe(false);
      const question = await app.engine.handleInbound(
        inbound('maya', 'How long does standard shipping take?', { eventId: 'EV-HOOKS-1' }),
      );
      expect(question.status).toBe('answered');
      const refund = inbound('maya', 'The grinder from order 1043 arrived broken, I want a refund please.', {
        eventId: 'EV-HOOKS-2',
      });
      const asked = await app.engine.handleInbound(refund);
      expect(asked.status).toBe('approval_requested');
      const [request] = (await env.stores.approvals.listPending(DEMO.tenantId)).filter(
        (r) => r.orderId === '1043',
      );
      const decided = await app.engine.handleStaffAction(actor('dana'), {
        v: 1,
        action: 'approval.approve',
        approvalId: request!.approvalId,
      });
      expect(decided.ok).toBe(true);
      // What the customer read: the answer, the bot's reply to the request and the approval's notice.
      expect(channel.thread(refund.messageId).length).toBeGreaterThanOrEqual(2);
      expect((await env.orderSystem.getOrder(DEMO.tenantId, '1043'))?.refunds).toHaveLength(1);
      expect(await promiseHooksOn()).toBe(false);
    } finally {
      await app.stop();
      await env.close();
    }
  });
});
