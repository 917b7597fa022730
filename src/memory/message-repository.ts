import type { Document } from 'mongodb';
import {
  MessageSchema,
  TicketTranscriptSchema,
  recentMessages,
  transcriptKey,
  type Message,
} from '../domain/index.js';
import type { MessageStore, TranscriptWriteOptions } from '../conversation/stores.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  isDuplicateKeyError,
  type RepositoryDeps,
} from './collections.js';
import { keyedDocuments } from './keyed-documents.js';
import { createOrderedInsertGroup } from './ordered-insert-batching.js';
import { createTicketTranscriptWriter } from './ticket-transcript.js';
import { ONLY_MESSAGES, decisionDocument, interactionDocument } from './turn-decisions.js';
import { OutboxEntrySchema } from '../conversation/outbox.schema.js';

const ticketKeys = keyedDocuments('ticketId');

/**
 * The `_id` of a turn's answer that carries its outbox entry (issue 13): derived from the turn's
 * customer message id, itself derived from the inbound event (the turn's journal record), so the
 * recovery of a run that died finds the entry by key, never by a query over `messages`. One such
 * answer per turn (`OutboxStore.ride`); keyed by organization, as every keyed document.
 */
export const riddenPostId = (tenantId: string, turnMessageId: string) => `${tenantId}:post:${turnMessageId}`;

export function createMessageRepository({ db, logger }: RepositoryDeps): MessageStore {
  const col = collection(db, COLLECTIONS.messages);
  const tickets = collection(db, COLLECTIONS.tickets);
  const codec = createCodec(MessageSchema, COLLECTIONS.messages, logger);
  // Turns finishing meanwhile share their inserts' command, each turn's documents in its order.
  const insertInOrder = createOrderedInsertGroup(col);
  // Every change below reaches the ticket's recent transcript through this one writer.
  const transcript = createTicketTranscriptWriter(tickets);

  /** The newest `limit`, returned oldest first; _id breaks ties between same-millisecond messages. */
  async function scanned(tenantId: string, ticketId: string, limit: number): Promise<Message[]> {
    const docs = await col
      .find({ tenantId, ticketId, ...ONLY_MESSAGES })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
    return codec.outMany(docs).reverse();
  }

  /** A message changed in place: the same change on its ticket's kept copy. */
  async function changed(
    tenantId: string,
    messageId: string,
    set: Record<string, unknown>,
    unset: string[],
  ): Promise<void> {
    const update: Document = { $set: set };
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((k) => [k, '']));
    // The message's own write says which ticket keeps it: no read of its own. (The embedded
    // server takes no projection on findAndModify: the whole message comes back.)
    const doc = await col.findOneAndUpdate({ tenantId, messageId }, update);
    if (typeof doc?.ticketId === 'string')
      await transcript.changed(tenantId, doc.ticketId, messageId, set, unset);
  }

  /**
   * The turn's messages in one ordered insert (issue 13): the customer's message when it rides
   * here, then the turn's decision (or the history entry an approval's notice carries), then the
   * bot's message. Every one has a deterministic id: one found stored (a resumed delivery of the same turn, a rerun of a killed one) is done, and the
   * rest go one by one; a collision on the bot's message is the caller's, as for a message
   * inserted alone; each earlier one is looked up by its id. Turns inserting at the same time
   * share one command, each told what its own insert would have given it
   * (ordered-insert-batching.ts).
   */
  async function together(
    message: Document,
    options: Pick<TranscriptWriteOptions, 'decision' | 'customer' | 'delivery' | 'interaction'>,
  ): Promise<void> {
    // The answer carrying its outbox entry is keyed by its turn (see riddenPostId).
    const doc = options.delivery
      ? {
          _id: riddenPostId(options.delivery.entry.tenantId, options.delivery.turnMessageId),
          ...message,
          delivery: OutboxEntrySchema.parse(options.delivery.entry),
        }
      : message;
    const before: Array<{ doc: Document; filter: Document }> = [];
    if (options.customer) {
      const c = options.customer;
      before.push({ doc: codec.in(c), filter: { tenantId: c.tenantId, messageId: c.messageId } });
    }
    if (options.decision) {
      const d = decisionDocument(options.decision.record, options.decision.interaction);
      before.push({ doc: d, filter: { _id: d._id } });
    }
    if (options.interaction) {
      const i = interactionDocument(options.interaction);
      before.push({ doc: i, filter: { _id: i._id } });
    }
    try {
      await insertInOrder([...before.map((b) => b.doc), doc]);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      let known = false;
      for (const b of before) {
        if ((await col.countDocuments(b.filter, { limit: 1 })) > 0) {
          known = true;
          continue;
        }
        await col.insertOne(b.doc);
      }
      // None of the earlier ones was there: the bot's message collided, as a message alone would.
      if (!known) throw err;
      await col.insertOne(doc);
    }
  }

  return {
    async insert(message, options = {}) {
      const doc = codec.in(message);
      try {
        if (options.decision || options.customer || options.delivery || options.interaction)
          await together(doc, options);
        else await col.insertOne(doc);
      } catch (err) {
        // Stored by a run that died before keeping it on the ticket: kept now, refused as before.
        if (isDuplicateKeyError(err) && message.ticketId && !options.ticketCarries)
          await transcript.added(message);
        if (isDuplicateKeyError(err) && options.once) return;
        throw err;
      }
      if (message.ticketId && !options.ticketCarries) await transcript.added(message);
    },
    async ensureKept(message) {
      await transcript.added(message);
    },
    async dropCarried(tenantId, ticketId, messageId) {
      // Only while it is still the carried answer (a delivery that kept another text replaced it).
      const at = `transcript.entries.${transcriptKey(messageId)}`;
      await tickets.updateOne(
        { _id: ticketKeys.id(tenantId, ticketId) as never, tenantId, ticketId, [`${at}.carried`]: true },
        { $unset: { [at]: '' } },
      );
    },
    async listByTicket(tenantId, ticketId, limit = 50, known) {
      if (known?.transcript && known.tenantId === tenantId && known.ticketId === ticketId) {
        const kept = recentMessages(known, limit);
        if (kept) return kept;
      } else {
        const doc = await tickets.findOne(
          { _id: ticketKeys.id(tenantId, ticketId) as never, tenantId, ticketId },
          { projection: { transcript: 1 } },
        );
        const parsed = TicketTranscriptSchema.safeParse(doc?.transcript);
        const kept = parsed.success
          ? recentMessages({ tenantId, ticketId, transcript: parsed.data }, limit)
          : undefined;
        if (kept) return kept;
      }
      // A ticket stored before it kept a transcript (or one that dropped older messages than
      // asked for): `messages`, which the embedded server answers by scanning.
      return scanned(tenantId, ticketId, limit);
    },
    async riddenPost(tenantId, turnMessageId) {
      const doc = await col.findOne(
        { _id: riddenPostId(tenantId, turnMessageId) as never },
        { projection: { delivery: 1 } },
      );
      if (!doc?.delivery) return null;
      const parsed = OutboxEntrySchema.safeParse(doc.delivery);
      if (parsed.success) return parsed.data;
      logger.error(
        { collection: COLLECTIONS.messages, id: String(doc._id) },
        'a ridden outbox entry is invalid',
      );
      return null;
    },
    async findByPlatformId(tenantId, platform, platformMessageId) {
      return codec.out(await col.findOne({ tenantId, 'thread.platform': platform, platformMessageId }));
    },
    async markEdited(tenantId, messageId, text) {
      await changed(tenantId, messageId, { text, edited: true }, ['englishText']);
    },
    async markDeleted(tenantId, messageId) {
      // The author took it back: keep the fact, drop the words.
      await changed(tenantId, messageId, { deleted: true, text: '' }, ['englishText']);
    },
    async annotate(tenantId, messageId, patch, options = {}) {
      const set: Record<string, unknown> = {};
      const unset: Record<string, ''> = {};
      if (patch.ticketId === null) unset.ticketId = '';
      else if (patch.ticketId !== undefined) set.ticketId = patch.ticketId;
      if (patch.language !== undefined) set.language = patch.language;
      if (patch.englishText !== undefined) set.englishText = patch.englishText;
      const update: Record<string, Record<string, unknown>> = {};
      if (Object.keys(set).length > 0) update.$set = set;
      if (Object.keys(unset).length > 0) update.$unset = unset;
      if (Object.keys(update).length === 0) return;
      const before = await col.findOneAndUpdate({ tenantId, messageId }, update, {
        returnDocument: 'before',
      });
      if (!before || options.ticketCarries) return;
      const was = typeof before.ticketId === 'string' ? before.ticketId : undefined;
      const now = patch.ticketId === undefined ? was : (patch.ticketId ?? undefined);
      if (was && was !== now && !options.fromUnstored) await transcript.removed(tenantId, was, messageId);
      if (!now) return;
      if (now !== was) {
        const moved = codec.out({ ...before, ...set });
        if (moved) await transcript.added(moved);
      } else {
        const understood = { ...set };
        delete understood.ticketId;
        await transcript.changed(tenantId, now, messageId, understood, []);
      }
    },
    async listCustomerBetween(from, to, limit) {
      const docs = await col
        .find({ role: 'customer', ticketId: { $exists: true }, createdAt: { $gt: from, $lte: to } })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return codec.outMany(docs);
    },
    async countSince(tenantId, since) {
      const docs = await col
        .find({ tenantId, createdAt: { $gte: since }, ...ONLY_MESSAGES }, { projection: { createdAt: 1 } })
        .toArray();
      const buckets = new Map<string, number>();
      for (const d of docs) {
        if (!(d.createdAt instanceof Date)) continue;
        const hour = `${d.createdAt.toISOString().slice(0, 13)}:00:00.000Z`;
        buckets.set(hour, (buckets.get(hour) ?? 0) + 1);
      }
      return [...buckets.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([hour, count]) => ({ hour, count }));
    },
  };
}
