import { MongoBulkWriteError, type AnyBulkWriteOperation, type Collection, type Document } from 'mongodb';
import { MAX_GROUPED_STATEMENTS } from './bulk-write-batching.js';
import { bulkWriteErrors } from './collections.js';
import { commandDeadlineMs } from './group-send.js';
import type { TurnDoc } from './turn-documents.js';
import { createWriteGroup, type Waiting } from './write-group.js';

/**
 * One accept's take of its keys' turns (turn-journal.ts): its upserts, one per key, the home's
 * first (it writes the journal record), and what tells after a refusal which of them applied.
 */
export interface TurnTake {
  /** The home key first, then the others, in the order of `ops`. */
  keys: string[];
  /** The message's journal id: what the take puts in each key's queue. */
  entry: string;
  /** The record's field in the home document (`events.<field>`), and this accept's mark on it. */
  field: string;
  mark: string;
  ops: AnyBulkWriteOperation<TurnDoc>[];
}

/**
 * What a take's statements did, as the accept's own ordered command would have told it:
 * - `taken`: all applied; `created`: the keys whose document the take created (token 1);
 * - `home`: the home statement applied, a later one was refused (that key is busy);
 * - `refused`: the home statement was refused (busy, or a redelivery's record is there) and none
 *   after it ran; `home` is the home document read after the refusal.
 */
export type TakeOutcome =
  { kind: 'taken'; created: Set<string> } | { kind: 'home' } | { kind: 'refused'; home: TurnDoc | null };

type Statement = { take: TurnTake; op: AnyBulkWriteOperation<TurnDoc> };
type Caller = Waiting<Statement, TakeOutcome>;

/**
 * A failed command whose every refusal is a duplicate key (a busy key or a stored record), judged
 * from the documents as the accept's own command always was.
 */
const onlyCollisions = (err: unknown): err is MongoBulkWriteError =>
  err instanceof MongoBulkWriteError && bulkWriteErrors(err).every((e) => e.code === 11000);

/**
 * Each take of a refused ordered command, judged from the documents read after it: the takes
 * before the refused statement applied, the one it belongs to did as far as it, the ones after
 * did nothing (`again`: to be sent again). A take's home statement applied when its record
 * carries its mark; another of its keys was taken when the key's queue holds its entry (only
 * this statement puts it there before the accept returns).
 */
export function judgeRefusal(takes: TurnTake[], docs: Map<string, TurnDoc>): (TakeOutcome | 'again')[] {
  let before = true; // every statement of the takes before this one applied
  return takes.map((t) => {
    const [home, ...others] = t.keys;
    const doc = docs.get(home!) ?? null;
    if ((doc?.events?.[t.field] as Document | undefined)?.acceptedAs === t.mark) {
      const all = others.every((k) => docs.get(k)?.queue?.includes(t.entry));
      if (!all) before = false;
      // Created or not, no longer known: the run learns the home's token when it takes it.
      return all ? { kind: 'taken', created: new Set<string>() } : { kind: 'home' };
    }
    if (!before) return 'again';
    before = false;
    return { kind: 'refused', home: doc };
  });
}

/**
 * Shared commands for the accepts' takes (issue 13): the takes made in one turn of the event loop
 * leave together at its check phase as one ordered `bulkWrite`, each take's statements together,
 * home first, in the order the messages came; a take alone is its own command, as before. Unlike
 * the other groups (write-group.ts), a take never waits behind a command on its way (`overlap`):
 * the accept is on the path to the platform's acknowledgement and of every message's first step,
 * and a wait of a round trip there cost more in flight than the shared command saved (tried in
 * the eighteenth stop: fewer commands, a lower ratio). Takes woken by the replies of one poll
 * (messages in flight that ended together, and their successors) share the command instead.
 *
 * Ordered, not unordered: a take whose home statement is refused must run none of its others (a
 * finished message's redelivery must not take its author's turn again), and an unordered command
 * runs every statement. Ordered, the command does what the takes' own commands sent one after the
 * other would have done, up to the first refusal. Which statement that was, the bundled server
 * does not say reliably, so the keys of the command are read back once (only after a refusal)
 * and each take is judged from them (judgeRefusal): the takes before it and the one it belongs to
 * get the outcome their own command would have given them; the takes after it ran nothing and go
 * again, ahead of newer ones. A command that fails otherwise (the database gone, a refusal that
 * is not a duplicate key) fails every take in it: the accepts fail, and their platforms send the
 * messages again (what the command stored of them, the redelivery finds), as a take alone fails.
 */
export function createTurnTakeGroup(durable: Collection<TurnDoc>): (take: TurnTake) => Promise<TakeOutcome> {
  const group = createWriteGroup<Statement, TakeOutcome>(
    MAX_GROUPED_STATEMENTS,
    async (batch: Caller[], requeue) => {
      const takes = batch.map((p) => p.items[0]!.take);
      try {
        const res = await durable.bulkWrite(
          batch.flatMap((p) => p.items.map((s) => s.op)),
          { ordered: true },
        );
        // A key is upserted by one take at most: another's statement on it found it held.
        const created = new Set(Object.values(res.upsertedIds).map(String));
        batch.forEach((p, i) =>
          p.resolve({ kind: 'taken', created: new Set(takes[i]!.keys.filter((k) => created.has(k))) }),
        );
        return;
      } catch (err) {
        if (!onlyCollisions(err)) {
          for (const p of batch) p.reject(err);
          return;
        }
      }
      try {
        const ids = [...new Set(takes.flatMap((t) => t.keys))];
        const docs = await durable.find({ _id: { $in: ids } }).toArray();
        const judged = judgeRefusal(takes, new Map(docs.map((d) => [d._id, d])));
        batch.forEach((p, i) => {
          const outcome = judged[i]!;
          if (outcome !== 'again') p.resolve(outcome);
        });
        requeue(batch.filter((_, i) => judged[i] === 'again'));
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    },
    commandDeadlineMs(durable),
    { overlap: true },
  );
  return async (take) => (await group(take.ops.map((op) => ({ take, op }))))!;
}
