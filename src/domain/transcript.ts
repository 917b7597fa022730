import type { Message, Ticket, TicketTranscript, TranscriptEntry } from './ticket.js';

/**
 * The recent transcript kept on the ticket document (issue 13): the last messages of a ticket,
 * so the paths that need a ticket's history (the model's history on a reply, the customer-asked
 * rule of a refund, the staff card, the answered check, the report's gap question) read it with
 * the ticket, by primary key, however many messages the database holds. The full history is
 * still written to `messages` for the views and exports.
 */

/** How many messages a ticket keeps; older ones are dropped once it holds `TRANSCRIPT_TRIM_AT`. */
export const TRANSCRIPT_KEEP = 50;
/** Dropping the oldest is one more write: done in a batch, not on every message. */
export const TRANSCRIPT_TRIM_AT = 60;
/**
 * A kept text is cut at this length (a Slack message may hold 40,000 characters), so 60 such
 * messages stay under 0.5 MB of the 16 MB a document may hold. The entry is marked `cut`, and a
 * read whose messages include it goes to `messages`, which keep the whole text: no reader ever
 * sees a cut text.
 */
export const TRANSCRIPT_TEXT_MAX = 4_000;

/** A field name safe on every server: no dot, no leading `$` (message ids are `msg_…`). */
export function transcriptKey(messageId: string): string {
  return `m_${messageId.replace(/[%.$]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`;
}

/** Whether a text is longer than a ticket keeps. */
export const isCut = (text: string | undefined): boolean => (text?.length ?? 0) > TRANSCRIPT_TEXT_MAX;
const cut = (text: string) => (isCut(text) ? text.slice(0, TRANSCRIPT_TEXT_MAX) : text);

export function toTranscriptEntry(message: Message): TranscriptEntry {
  const entry: TranscriptEntry = {
    messageId: message.messageId,
    thread: message.thread,
    role: message.role,
    author: message.author,
    text: cut(message.text),
    edited: message.edited,
    deleted: message.deleted,
    createdAt: message.createdAt,
  };
  if (message.language !== undefined) entry.language = message.language;
  if (message.englishText !== undefined) entry.englishText = cut(message.englishText);
  if (isCut(message.text) || isCut(message.englishText)) entry.cut = true;
  if (message.platformMessageId !== undefined) entry.platformMessageId = message.platformMessageId;
  return entry;
}

/**
 * A ticket's transcript holding these messages (a new ticket's insert carries its first ones),
 * and the bot's `answer` when the insert resolves the ticket before the answer is queued (see
 * `TranscriptEntry.carried`).
 */
export function transcriptOf(messages: readonly Message[], answer?: Message): TicketTranscript {
  const entries = messages.map((m) => [transcriptKey(m.messageId), toTranscriptEntry(m)] as const);
  if (answer) entries.push([transcriptKey(answer.messageId), carriedEntry(answer)] as const);
  return { entries: Object.fromEntries(entries), whole: true };
}

/** The bot's answer as its ticket's resolving write keeps it, ahead of its delivery. */
export function carriedEntry(answer: Message): TranscriptEntry {
  return { ...toTranscriptEntry(answer), carried: true };
}

const compare = (a: string | undefined, b: string | undefined) =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1;

/**
 * Oldest first; same-millisecond messages in the order they were kept (`seq`), as `messages` does;
 * a new ticket's insert keeps its answer after the message it answers.
 */
export function sortedEntries(transcript: TicketTranscript): TranscriptEntry[] {
  return Object.values(transcript.entries).sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      compare(a.seq, b.seq) ||
      Number(a.carried ?? false) - Number(b.carried ?? false) ||
      compare(a.messageId, b.messageId),
  );
}

/**
 * The newest `limit` messages of a ticket, oldest first, from the transcript it carries; undefined
 * when it carries none (stored before this) or cannot tell (it dropped older messages and holds
 * fewer than `limit`): the caller reads `messages` then.
 */
export function recentMessages(
  ticket: Pick<Ticket, 'tenantId' | 'ticketId' | 'transcript'>,
  limit: number,
): Message[] | undefined {
  const transcript = ticket.transcript;
  if (!transcript?.whole) return undefined;
  const entries = sortedEntries(transcript);
  if (transcript.trimmed && entries.length < limit) return undefined;
  const newest = entries.slice(-limit);
  if (newest.some((e) => e.cut)) return undefined;
  return newest.map(({ cut: _cut, seq: _seq, carried: _carried, ...e }) => ({
    ...e,
    tenantId: ticket.tenantId,
    ticketId: ticket.ticketId,
  }));
}

/**
 * The ticket as it is once `message` is kept in its transcript (the message store's write of it):
 * a run that holds the ticket from a write made before it stored the message keeps using it.
 */
export function withKept<T extends Pick<Ticket, 'transcript'>>(ticket: T, message: Message): T {
  if (!ticket.transcript?.whole || ticket.transcript.entries[transcriptKey(message.messageId)]) return ticket;
  return {
    ...ticket,
    transcript: {
      ...ticket.transcript,
      entries: {
        ...ticket.transcript.entries,
        [transcriptKey(message.messageId)]: toTranscriptEntry(message),
      },
    },
  };
}
