import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countOf as count,
  fromMaya as mayaSays,
  startCountedApp,
  type CountedApp,
} from '../support/counted-app.js';
import { DEMO } from '../../src/memory/demo-data.js';
import type { TestApp } from '../support/app-harness.js';

/**
 * What one customer message asks the database, counted on the wire as `npm run bench` counts it:
 * the run itself and the report's recount it causes. The figures the README quotes come from
 * the bench; these pin what each change took away. `find tickets {_id}` is the occasional look
 * for documents of before keyed ids (keyed-documents.ts), timed, not a message's.
 */
let counted: CountedApp;
let env: TestApp;

beforeAll(async () => {
  counted = await startCountedApp();
  env = counted.env;
  // Start-up work (sweeps, one-time migrations, the knowledge index) is not a message's.
  await env.engine.handleInbound(fromMaya('What is your return policy?'));
  await env.app.reports.recorder.idle();
}, 60_000);
afterAll(async () => {
  await counted?.close();
});

let seq = 0;
function fromMaya(text: string, threadId?: string) {
  seq += 1;
  return mayaSays(env, text, `trips-${seq}`, threadId);
}
const measured = (run: () => Promise<unknown>) => counted.measured(run);

describe('round trips of a customer message', () => {
  it('a new question: its thread turn is taken when it is accepted, its open tickets are one read, its account is read once, its recount reads nothing', async () => {
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(fromMaya('How long does standard shipping take?'));
      expect(out.status).toBe('answered');
    });
    expect(count(list, 'findAndModify thread_leases')).toBe(0);
    expect(count(list, 'update thread_leases')).toBe(2); // taken when accepted; released
    // The journal record rides on those two writes (kept in the thread's turn document).
    expect(count(list, 'insert inbound_journal')).toBe(0);
    expect(count(list, 'update inbound_journal')).toBe(0);
    expect(count(list, 'find ticket_keys')).toBe(1);
    // Answered at once, its ticket is stored resolved under its thread's own id (found by that
    // `_id`): no key is written for it, neither its thread's nor an open list's.
    expect(count(list, 'update ticket_keys')).toBe(0);
    expect(count(list, 'find customers {tenantId,customerId}')).toBe(0);
    expect(count(list, 'delete sla_timers')).toBe(0);
    for (const read of ['find report_facts', 'find csat', 'find approvals'])
      expect(count(list, read)).toBe(0);
    // The ticket is never read: its insert a moment before the answer is its fresh state (has a
    // person taken over?).
    expect(count(list, 'find tickets {_id,')).toBe(0);
    // Its insert carries the answer's transcript entry too: no update of the ticket follows.
    expect(count(list, 'update tickets')).toBe(0);
    // The reply's outbox entry rides in the answer's insert into messages, before the post; its
    // sent mark in the write that ends the turn (two commands of thread_leases, counted above):
    // the outbox is not written at all.
    expect(count(list, 'insert outbox')).toBe(0);
    expect(count(list, 'update outbox')).toBe(0);
  });

  it("a new question writes its turn record in its answer's insert: the decision carries the interaction entry, and the report fact goes with its day in one command", async () => {
    let ticketId = '';
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(fromMaya('What is your return policy?'));
      expect(out.status).toBe('answered');
      ticketId = out.ticketId!;
    });
    // The customer's message and the decision ride in the bot message's insert: ONE insert of
    // messages (the customer's, the decision, the bot's), none of decisions.
    expect(count(list, 'insert decisions')).toBe(0);
    expect(count(list, 'insert messages')).toBe(1);
    expect(count(list, 'insert interactions')).toBe(0);
    expect(count(list, 'insert report_facts')).toBe(0);
    expect(count(list, 'update report_days')).toBe(0);
    expect(count(list, 'update report_facts')).toBe(1); // the fact and its day's counters
    expect(list.length).toBeLessThanOrEqual(6);
    // What the history tool reads is what it read before: the answer, as resolved.
    const history = await env.stores.interactions.listForCustomer(DEMO.tenantId, 'cus_bluebird', 50);
    const entry = history.find((i) => i.ticketId === ticketId);
    expect(entry).toMatchObject({ outcome: 'resolved', customerId: 'cus_bluebird' });
    expect(entry?.summary).toMatch(/return/i);
    // Staff see the decision; the transcript shows the two messages only.
    const decisions = await env.stores.decisions.listByTicket(DEMO.tenantId, ticketId);
    expect(decisions.map((d) => d.route)).toEqual(['resolve']);
    const said = await env.db
      .collection('messages')
      .find({ tenantId: DEMO.tenantId, ticketId, kind: { $ne: 'decision' } })
      .toArray();
    expect(said.map((m) => m.role).sort()).toEqual(['bot', 'customer']);
  });

  it('a new question answered at once is written once: its SLA clocks, stopped, go in with its insert', async () => {
    let ticketId = '';
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(fromMaya('Do you ship to Canada?'));
      expect(out.status).toBe('answered');
      ticketId = out.ticketId!;
    });
    expect(count(list, 'insert tickets')).toBe(1);
    expect(count(list, 'findAndModify tickets')).toBe(0);
    const ticket = await env.stores.tickets.get(DEMO.tenantId, ticketId);
    expect(ticket?.status).toBe('resolved');
    expect(ticket?.sla?.clocks.resolution?.stoppedAt).toBeInstanceOf(Date);
    expect(ticket?.sla?.clocks.firstResponse?.stoppedAt).toBeInstanceOf(Date);
  });

  it("a reply in a thread finds its ticket by its first write (the thread's turn names it), and its resolving write before the post answers whether a person took over", async () => {
    const first = fromMaya('Where is order 1042?');
    await env.engine.handleInbound(first);
    await env.app.reports.recorder.idle();
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(
        fromMaya('And what about order 1043, has it been delivered?', first.messageId),
      );
      expect(out.status).toBe('answered');
    });
    expect(count(list, 'findAndModify thread_leases')).toBe(1); // taken when accepted
    expect(count(list, 'update thread_leases')).toBe(1); // released
    expect(count(list, 'insert inbound_journal')).toBe(0); // stored by the taking write
    expect(count(list, 'update inbound_journal')).toBe(0); // finished by the releasing write
    // Neither the thread's key nor the ticket is read: the reopening write is the ticket's read.
    expect(count(list, 'find ticket_keys')).toBe(0);
    expect(count(list, 'find tickets {_id,')).toBe(0);
    expect(count(list, 'findAndModify tickets')).toBe(2); // reopened; resolved before the post
    // Reopened and resolved in one turn: never put on the open lists, so nothing to take off.
    expect(count(list, 'update ticket_keys')).toBe(0);
    // The resolving write carries the answer's transcript entry: no update of the ticket follows.
    expect(count(list, 'update tickets')).toBe(0);
    for (const read of ['find report_facts', 'find csat', 'find approvals'])
      expect(count(list, read)).toBe(0);
    // The customer's message and the turn's record (the decision with its interaction entry) in
    // the answer's insert, one report write.
    expect(count(list, 'insert decisions')).toBe(0);
    expect(count(list, 'insert messages')).toBe(1);
    expect(count(list, 'insert interactions')).toBe(0);
    expect(count(list, 'update report_days')).toBe(0);
    expect(count(list, 'update report_facts')).toBe(1);
    // The answer's outbox entry rides in its insert, its sent mark in the releasing write.
    expect(count(list, 'insert outbox')).toBe(0);
    expect(count(list, 'update outbox')).toBe(0);
    expect(list.length).toBeLessThanOrEqual(7);
  });

  it('an escalation tells the customer without reading the ticket first: its escalating write answers whether a person has it', async () => {
    const first = fromMaya('Where is order 1043?');
    await env.engine.handleInbound(first);
    let ticketId = '';
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(
        fromMaya(
          'Our whole warehouse system is down, this is an outage! I need a human now.',
          first.messageId,
        ),
      );
      expect(out.status).toBe('escalated');
      ticketId = out.ticketId!;
    });
    // Found by its reopening write, read by the staff card it builds, nowhere else; the customer
    // was told.
    expect(count(list, 'find ticket_keys')).toBe(0);
    expect(count(list, 'find tickets {_id,')).toBe(1);
    // The card shows the decision the turn just recorded (with its history entry: one insert).
    expect(count(list, 'find decisions')).toBe(0);
    expect(count(list, 'find messages')).toBe(0);
    // Its requests waiting for approval come from the ticket's list (issue 13): it lists none, so
    // nothing is read (was a scan of every request ever made, by the ticket's id).
    expect(count(list, 'find approvals')).toBe(0);
    // The decision rides in the insert of the message that tells the customer.
    expect(count(list, 'insert decisions')).toBe(0);
    expect(count(list, 'insert interactions')).toBe(0);
    // The staff card and the customer's notice: both marked sent by the write that ends the turn;
    // the notice's entry rides in its insert into messages, the card's alone is the outbox's.
    expect(count(list, 'insert outbox')).toBe(1);
    expect(count(list, 'update outbox')).toBe(0);
    const ticket = await env.stores.tickets.get(DEMO.tenantId, ticketId);
    expect(ticket?.status).toBe('escalated');
    const said = await env.stores.messages.listByTicket(DEMO.tenantId, ticketId, 20);
    expect(said.some((m) => m.role === 'bot')).toBe(true);
    const history = await env.stores.interactions.listForCustomer(DEMO.tenantId, 'cus_bluebird', 50);
    expect(history.filter((i) => i.ticketId === ticketId).map((i) => i.outcome)).toContain('escalated');
  });

  it('a new question handed to a person starts its SLA clocks in its insert and puts it on the due-list', async () => {
    // Past the join window and on a topic of its own (a top-level message on the topic of the one
    // open ticket of that topic joins it: the escalation before left one asking for a person): a
    // new ticket. A charge the customer disputes goes to a person on every path.
    env.clock.advance(60 * 60_000);
    let ticketId = '';
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(
        fromMaya('You charged us twice for our last invoice, we did not agree to that. Please fix it.'),
      );
      expect(out.status).toBe('escalated');
      ticketId = out.ticketId!;
    });
    expect(count(list, 'insert tickets')).toBe(1);
    // The escalating write and the staff card's link, no SLA write: the clocks went in with the insert.
    expect(count(list, 'findAndModify tickets')).toBe(2);
    const ticket = await env.stores.tickets.get(DEMO.tenantId, ticketId);
    expect(ticket?.sla?.clocks.firstResponse?.runningSince).toBeInstanceOf(Date);
    const later = new Date(env.clock.now().getTime() + 30 * 86_400_000);
    const due = await env.stores.slaTimers.due(later, 1000);
    expect(due.map((d) => d.ticketId)).toContain(ticketId);
  });

  it('the journal and the thread turn: accepting a message is one command, finishing it and giving its turn back one', async () => {
    const journalOrTurn = (list: string[]) => list.filter((c) => / (inbound_journal|thread_leases) /.test(c));
    // Past the join window: a ticket of its own.
    env.clock.advance(60 * 60_000);
    const root = fromMaya('How long does standard shipping take?');
    const reply = fromMaya('Do you ship to Canada?', root.messageId);
    for (const m of [root, reply]) {
      let accepted: Awaited<ReturnType<typeof env.engine.acceptInbound>> | undefined;
      const accept = await measured(async () => {
        accepted = await env.engine.acceptInbound(m);
      });
      // The record, and its places in its keys' queues (both keys of a top-level message, with the
      // free turns taken), in one write: one statement per key.
      expect(journalOrTurn(accept)).toHaveLength(1);
      const keys = m === root ? 2 : 1;
      expect(counted.statements.get('thread_leases')).toBe(keys);
      const run = await measured(async () => {
        expect((await accepted!.process()).status).toBe('answered');
      });
      // Done, and the turn given back (every key, the thread's ticket noted), in one write of one
      // statement per key (were two per key and the record's own: 5 and 3).
      expect(journalOrTurn(run)).toHaveLength(1);
      expect(counted.statements.get('thread_leases')).toBe(keys);
    }
    // A redelivery of a finished message is known as one, with its first message id.
    const again = await env.engine.acceptInbound(reply);
    expect(again).toMatchObject({ redelivery: true, messageId: reply.messageId });
    expect((await again.process()).status).toBe('duplicate');
  });

  it('a reply to a thread quiet for weeks (its turn document gone) finds its ticket by _id reads: no key, no scan of messages', async () => {
    env.clock.advance(60 * 60_000);
    const root = fromMaya('Do you ship internationally?');
    const asked = await env.engine.handleInbound(root);
    expect(asked.status).toBe('answered');
    await env.app.reports.recorder.idle();
    // No key names the thread: its ticket has the thread's own id.
    expect(await env.db.collection('ticket_keys').countDocuments({ ids: asked.ticketId })).toBe(0);
    // Weeks later the thread's turn document is gone (purged after 7 idle days), with the ticket
    // it named for the thread's next run.
    await env.db.collection('thread_leases').deleteMany({});
    env.clock.advance(21 * 86_400_000);
    const list = await measured(async () => {
      const out = await env.engine.handleInbound(
        fromMaya('And how long does standard shipping take?', root.messageId),
      );
      expect(out.status).toBe('answered');
      expect(out.ticketId).toBe(asked.ticketId);
    });
    expect(count(list, 'find tickets {_id,')).toBe(1);
    expect(count(list, 'find ticket_keys')).toBe(0);
    expect(count(list, 'find messages')).toBe(0);
    expect(await env.db.collection('tickets').countDocuments({ 'thread.threadId': root.messageId })).toBe(1);
  });
});
