import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../src/memory/demo-data.js';
import { armedFreezingDb } from '../support/freezing-db.js';
import { startProcess, sweepPastLeases } from '../support/restart.js';
import { createSeededEnv } from '../support/seeded.js';
import { createTestChannel } from '../support/test-channel.js';
import { inbound } from './engine-builders.js';

const logger = pino({ level: 'silent' });

describe('issue 13: a message killed after its ticket write, at its messages insert', () => {
  // The instant the customer's message would move to if it were folded into the turn's last
  // `insertMany` (issue 13, "one insert"): the ticket is stored (a new question's insert, a
  // reply's resolving write), and so is the reply's outbox entry, which today is written before
  // that insert. After a restart the customer must have one ticket and one answer to the message:
  // a rerun of it would open nothing new and say nothing again.
  for (const [name, asksFirst] of [
    ['a new question', false],
    ['a reply in a thread', true],
  ] as const) {
    it(`leaves ${name} one ticket and one answer after restart`, async () => {
      const env = await createSeededEnv({ logger });
      const ch1 = createTestChannel();
      // Once armed, the next `insertMany` into `messages` (the turn's ordered insert of its
      // decision and the bot's message) never returns: the process dies right there. Everything
      // the run wrote before it (its ticket, its outbox entry) is stored.
      const freezing = armedFreezingDb(env.db, 'messages', { method: 'insertMany' });
      const app1 = await startProcess(env, ch1, { db: freezing.db });
      let threadId: string | undefined;
      if (asksFirst) {
        const first = inbound('maya', 'Hi, where is my order 1042?');
        expect((await app1.engine.handleInbound(first)).status).toBe('answered');
        threadId = first.messageId;
        env.clock.advance(60_000);
      }
      const m = inbound(
        'maya',
        asksFirst ? 'And when will order 1042 arrive?' : 'Hi, where is my order 1042?',
        {
          eventId: `EV-KILL-AT-MESSAGES-${asksFirst ? 'R' : 'Q'}`,
          ...(threadId ? { threadId, at: env.clock.now() } : {}),
        },
      );
      const thread = threadId ?? m.messageId;
      const shownBefore = ch1.thread(thread).length;
      const repliesBefore = await env.db.collection('outbox').countDocuments({ kind: 'reply' });
      freezing.arm();
      void app1.engine.handleInbound(m).catch(() => undefined);
      await freezing.reached();
      await app1.stop();
      const inThread = async () =>
        (await env.db.collection('tickets').find({ tenantId: DEMO.tenantId }).toArray()).filter(
          (t) => (t.thread as { threadId?: string } | undefined)?.threadId === thread,
        );
      // Killed after the ticket's write and the reply's outbox entry, with nothing posted.
      expect(await inThread()).toHaveLength(1);
      expect(ch1.thread(thread)).toHaveLength(shownBefore);
      // The outbox entry rides in that very insert: not stored, so the rerun answers anew.
      expect(await env.db.collection('outbox').countDocuments({ kind: 'reply' })).toBe(repliesBefore);

      const ch2 = createTestChannel();
      const app2 = await startProcess(env, ch2);
      try {
        // Past the journal's lease and the outbox poster's: every sweep has its turn, twice.
        await sweepPastLeases(app2, env.clock);
        expect(await inThread()).toHaveLength(1);
        // One message from the bot in the customer's thread after the restart: the answer.
        const shown = ch2.thread(thread);
        expect(shown).toHaveLength(1);
        expect(shown[0]).toMatch(/1042/);
      } finally {
        await app2.stop();
        await env.close();
      }
    });
  }
});
