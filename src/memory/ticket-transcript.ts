import { ObjectId, type Collection, type Document, type Filter, type UpdateFilter } from 'mongodb';
import {
  TicketTranscriptSchema,
  TRANSCRIPT_KEEP,
  TRANSCRIPT_TEXT_MAX,
  TRANSCRIPT_TRIM_AT,
  carriedEntry,
  isCut,
  sortedEntries,
  toTranscriptEntry,
  transcriptKey,
  type Message,
  type TicketTranscript,
  type TranscriptEntry,
} from '../domain/index.js';
import { keyedDocuments } from './keyed-documents.js';

const ticketKeys = keyedDocuments('ticketId');

/** An entry as it is kept now: `seq` orders it after every entry kept before it in this process. */
export function keptNow(message: Message, answer = false): TranscriptEntry {
  return {
    ...(answer ? carriedEntry(message) : toTranscriptEntry(message)),
    seq: new ObjectId().toHexString(),
  };
}

/** A transcript about to be stored with its ticket: entries not kept before get their `seq`. */
export function withSeqs(transcript: TicketTranscript): TicketTranscript {
  const entries = sortedEntries(transcript).map((e) =>
    e.seq ? e : { ...e, seq: new ObjectId().toHexString() },
  );
  return { ...transcript, entries: Object.fromEntries(entries.map((e) => [transcriptKey(e.messageId), e])) };
}
const ENTRIES = 'transcript.entries';

/**
 * Keeps the recent transcript on the ticket document in step with `messages` (the only writer of
 * `ticket.transcript`; the message store calls it for every insert, edit, delete and re-filing,
 * so a new writer of the transcript cannot forget it). Every write addresses the ticket by `_id`
 * and changes one entry in one atomic update, so it costs the same at any size and two processes
 * writing one ticket lose nothing. A ticket without `transcript` (stored before it) is left
 * alone: its readers use `messages`, and a partial transcript must never look like a whole one.
 */
export interface TicketTranscriptWriter {
  /** Adds a message to its ticket's transcript (once: a rerun sets the same key again). */
  added(message: Message): Promise<void>;
  /** Changes a kept message in place; nothing when the ticket no longer keeps it. */
  changed(
    tenantId: string,
    ticketId: string,
    messageId: string,
    set: Record<string, unknown>,
    unset?: string[],
  ): Promise<void>;
  /** Drops a message from a ticket's transcript (re-filed elsewhere or under no ticket). */
  removed(tenantId: string, ticketId: string, messageId: string): Promise<void>;
  /**
   * Called with a ticket's transcript as a write just returned it: drops the oldest entries when
   * it holds `TRANSCRIPT_TRIM_AT` or more (one more write, about every tenth message of a long
   * ticket). The ticket store calls it after each of its updates, so adding a message stays one
   * blind `$set`.
   */
  trim(tenantId: string, ticketId: string, transcript: unknown): Promise<void>;
}

export function createTicketTranscriptWriter(tickets: Collection): TicketTranscriptWriter {
  const byId = (tenantId: string, ticketId: string): Filter<Document> => ({
    _id: ticketKeys.id(tenantId, ticketId) as never,
    tenantId,
    ticketId,
  });

  /** Drops the oldest entries once the ticket holds `TRANSCRIPT_TRIM_AT` (one more write, now and then). */
  async function trim(tenantId: string, ticketId: string, transcript: unknown): Promise<void> {
    const held = (transcript as { entries?: object } | undefined)?.entries;
    if (!held || Object.keys(held).length < TRANSCRIPT_TRIM_AT) return;
    const parsed = TicketTranscriptSchema.safeParse(transcript);
    if (!parsed.success) return;
    const entries = sortedEntries(parsed.data);
    if (entries.length < TRANSCRIPT_TRIM_AT) return;
    const dropped = entries.slice(0, entries.length - TRANSCRIPT_KEEP);
    // Naming the entries dropped (not "all but the newest"): one added meanwhile is kept.
    const unset = Object.fromEntries(dropped.map((e) => [`${ENTRIES}.${transcriptKey(e.messageId)}`, '']));
    await tickets.updateOne(byId(tenantId, ticketId), {
      $unset: unset,
      $set: { 'transcript.trimmed': true },
    } as UpdateFilter<Document>);
  }

  return {
    trim,
    async added(message) {
      if (!message.ticketId) return;
      // Where the ticket keeps a transcript; the ticket store trims it after its own writes.
      await tickets.updateOne(
        { ...byId(message.tenantId, message.ticketId), 'transcript.whole': true },
        { $set: { [`${ENTRIES}.${transcriptKey(message.messageId)}`]: keptNow(message) } },
      );
    },
    async changed(tenantId, ticketId, messageId, set, unset = []) {
      const at = `${ENTRIES}.${transcriptKey(messageId)}`;
      const update: Document = {};
      const fields = Object.entries(set);
      // A text too long to keep whole marks the entry: its readers go to `messages`.
      if (fields.some(([, v]) => typeof v === 'string' && isCut(v))) fields.push(['cut', true]);
      if (fields.length > 0)
        update.$set = Object.fromEntries(
          fields.map(([k, v]) => [
            `${at}.${k}`,
            typeof v === 'string' && isCut(v) ? v.slice(0, TRANSCRIPT_TEXT_MAX) : v,
          ]),
        );
      if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((k) => [`${at}.${k}`, '']));
      if (Object.keys(update).length === 0) return;
      // Only where the entry is kept: a field set on a dropped one would leave half an entry.
      await tickets.updateOne({ ...byId(tenantId, ticketId), [at]: { $exists: true } }, update);
    },
    async removed(tenantId, ticketId, messageId) {
      await tickets.updateOne(byId(tenantId, ticketId), {
        $unset: { [`${ENTRIES}.${transcriptKey(messageId)}`]: '' },
      });
    },
  };
}
