import type { PlaceholderSlot } from './working.js';
import type { Actor, Interaction, Message, PostedRef, Ticket, ThreadRef } from '../domain/index.js';
import type { DeliveryDeps } from './engine-deps.js';
import { botSilenced, silencedNote, withoutUnbackedClaims, type BotSilenced } from './bot-voice.js';
import { deliver, type Delivery } from './outbox.js';
import type { OutboundMessage } from './ports.js';
import type { RidingEntry, TranscriptWriteOptions } from './stores.js';

/** Stores one message of a ticket's transcript and tells watchers. */
export async function recordMessage(
  deps: DeliveryDeps,
  input: Omit<Message, 'messageId' | 'createdAt' | 'edited' | 'deleted'> & {
    createdAt?: Date;
    messageId?: string;
  },
  /**
   * `ticketStored: false`: filed under a ticket not stored yet (its clocks start when it is).
   * `ticket`: the ticket as the caller holds it now, so its clocks move without reading it again.
   * `ticketCarries`: a write of the ticket the caller makes keeps it on the recent transcript.
   */
  options: {
    ticketStored?: boolean;
    ticket?: Ticket;
    ticketCarries?: boolean;
    decision?: TranscriptWriteOptions['decision'];
    /** The turn's customer message, stored first in this message's insert (see TranscriptWriteOptions). */
    customer?: Message;
    /** Found stored already, it is left as it is (see TranscriptWriteOptions). */
    once?: boolean;
    /** The outbox entry of this message's post, stored in its document (see TranscriptWriteOptions). */
    delivery?: RidingEntry;
    /** The resolved ticket's history entry, stored in this message's insert (see TranscriptWriteOptions). */
    interaction?: Interaction;
  } = {},
): Promise<Message> {
  const message: Message = {
    ...input,
    messageId: input.messageId ?? deps.ids.id('msg'),
    edited: false,
    deleted: false,
    createdAt: input.createdAt ?? deps.clock.now(),
  };
  // A ticket not stored yet gets the message in its transcript with its insert (transcriptOf);
  // `ticketCarries`: the caller's ticket write keeps it (TicketStore.update's `keep`).
  await deps.stores.messages.insert(message, {
    ticketCarries: options.ticketStored === false || options.ticketCarries === true,
    ...(options.decision ? { decision: options.decision } : {}),
    ...(options.customer ? { customer: options.customer } : {}),
    ...(options.once ? { once: true } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.interaction ? { interaction: options.interaction } : {}),
  });
  if (options.customer) announceMessage(deps, options.customer);
  if (message.ticketId && options.ticketStored !== false)
    await deps.lifecycle?.messageRecorded(message, options.ticket);
  announceMessage(deps, message);
  return message;
}

/** Tells watchers a message was stored. */
export function announceMessage(deps: DeliveryDeps, message: Message): void {
  deps.events.publish({
    type: 'message',
    tenantId: message.tenantId,
    ticketId: message.ticketId,
    platform: message.thread.platform,
    channelId: message.thread.channelId,
    at: message.createdAt,
    by:
      message.role === 'staff' || (message.role === 'bot' && message.author.kind === 'staff')
        ? 'person'
        : message.role === 'bot'
          ? 'bot'
          : message.role === 'customer'
            ? 'customer'
            : 'system',
  });
}

/** A note on the ticket for staff: in the transcript, never posted to the customer. */
export function recordInternalNote(
  deps: DeliveryDeps,
  target: { tenantId: string; ticketId?: string; thread: ThreadRef },
  text: string,
  language?: string,
): Promise<Message> {
  return recordMessage(deps, {
    tenantId: target.tenantId,
    ticketId: target.ticketId,
    thread: target.thread,
    role: 'system',
    author: SYSTEM,
    text,
    language,
  });
}

const BOT: Actor = { kind: 'bot' };
const SYSTEM: Actor = { kind: 'system' };

/** How a text reaches a customer thread. */
export interface SendOptions {
  citations?: OutboundMessage['citations'];
  /** A placeholder to replace: taken only when this text is really posted (not held back). */
  placeholder?: PlaceholderSlot;
  author?: OutboundMessage['author'];
  language?: string;
  /**
   * Said on a person's behalf: a takeover or handback notice, a draft staff chose to send. It goes
   * out even when a person holds the thread or the channel is in draft/off mode; everything else
   * in the bot's voice is held back then and kept as an internal note instead.
   */
  notice?: boolean;
  /**
   * The order system's reference of a refund or cancellation made in this turn, when the text
   * reports it. Without it (or when the text does not carry it) every sentence saying money moved
   * is taken out of a text in the bot's voice: the bot never claims a refund that was not made.
   */
  moneyReference?: string;
  /** Rating buttons under the text (the CSAT prompt). */
  rating?: OutboundMessage['rating'];
  /** Yes / No buttons under a refund question. */
  confirm?: OutboundMessage['confirm'];
  /**
   * The ticket as this run's own write returned it just before, or as the caller read it right
   * before sending (the approval notifier; see botSilenced): the check whether a person took the
   * thread over uses it instead of reading the ticket again.
   */
  written?: Ticket;
  /**
   * The transcript message's id, and so the delivery's key, derived by the caller from what the
   * text answers (an approval's outcome): asked again after a crash, the outbox finds it posted
   * and it is neither posted nor stored twice. A fresh id otherwise.
   */
  deliveryId?: string;
  /**
   * Other deliveries of the same step (a staff card's update), recorded and marked sent in one
   * write each with this text's (see `deliver`); delivered alone when this text is not posted.
   */
  alongside?: Delivery[];
  /**
   * The bot's answer as the caller's resolving write of the ticket kept it on the recent
   * transcript (issue 13): posted under its id and stored in `messages` only, with no ticket
   * write. If the text to post turns out different, the message store writes the entry over.
   */
  kept?: Message;
  /**
   * The turn's decision, stored in this text's insert into `messages` when it is posted (see
   * `TurnRecord.ride`): asked for only right before that insert, so a text held back leaves it
   * to the caller.
   */
  decision?: () => TranscriptWriteOptions['decision'];
  /**
   * The turn's customer message while not stored yet (issue 13): it rides in this text's insert
   * into `messages`, before the post; asked for only right before that insert.
   */
  customer?: () => Message | undefined;
  /**
   * The turn's customer message id when this text is the turn's answer (issue 13): its outbox
   * entry may ride in the answer's insert into `messages` (see `deliver`'s `rideAs`).
   */
  rideAs?: string;
  /**
   * Issue 13: the interaction history entry of the ticket this text resolved (an approval's
   * notice), stored in this text's insert into `messages` when it is posted; `stored()` is called
   * once it is, so the caller writes no entry of its own.
   */
  interaction?: { entry: Interaction; stored: () => void };
}

/** The text sendReply would post for `text` in the bot's voice, and the note it leaves staff. */
export function finalText(
  deps: DeliveryDeps,
  target: { ticketId?: string },
  text: string,
  options: Pick<SendOptions, 'moneyReference'> = {},
): { text: string; note?: string } {
  const filtered = deps.filterOutgoing(text, { ticketId: target.ticketId });
  return withoutUnbackedClaims(deps, target, filtered, options);
}

/**
 * Sends text to a customer thread through the output filter and the outbox, replacing a
 * placeholder when one was shown. A failing port is logged and retried by the outbox sweep; the
 * message is stored either way, so the transcript stays true to what the bot meant to say.
 * The bot's own words are checked against the ticket as it is now (see botSilenced): if a person
 * took the thread over meanwhile, nothing is posted and the text becomes an internal note.
 * Undefined when nothing was posted (now).
 */
export async function sendToCustomer(
  deps: DeliveryDeps,
  target: { tenantId: string; ticketId?: string; thread: ThreadRef },
  text: string,
  options: SendOptions = {},
): Promise<PostedRef | undefined> {
  return (await sendReply(deps, target, text, options)).ref;
}

/** `sendToCustomer`, also saying why the bot's words were held back (null when they were not). */
export async function sendReply(
  deps: DeliveryDeps,
  target: { tenantId: string; ticketId?: string; thread: ThreadRef },
  text: string,
  options: SendOptions = {},
): Promise<{ ref?: PostedRef; silenced: BotSilenced | null }> {
  const staffAuthor = options.author?.kind === 'staff';
  const checked = staffAuthor
    ? { text: deps.filterOutgoing(text, { ticketId: target.ticketId }) }
    : finalText(deps, target, text, options);
  if (checked.note) await recordInternalNote(deps, target, checked.note, options.language);
  const safe = checked.text;
  const alone = async () => {
    for (const other of options.alongside ?? []) await deliver(deps, other);
  };
  if (!safe) {
    await alone();
    return { silenced: null };
  }
  if (!staffAuthor && !options.notice) {
    const silenced = await botSilenced(deps, target, options.written);
    if (silenced) {
      deps.logger.info(
        { ticketId: target.ticketId, reason: silenced.reason },
        'bot reply held back: kept as an internal note',
      );
      await recordInternalNote(deps, target, silencedNote(silenced, safe), options.language);
      await alone();
      return { silenced };
    }
  }
  const outbound: OutboundMessage = {
    text: safe,
    citations: options.citations,
    author: options.author,
    ...(options.rating ? { rating: options.rating } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
  };
  // The transcript message's id is the delivery's idempotency key: one message, one post.
  const kept = options.kept;
  const messageId = kept?.messageId ?? options.deliveryId ?? deps.ids.id('msg');
  // Kept already by the resolving write when its text is what goes out: `messages` only.
  const carried = kept !== undefined && kept.text === safe && !staffAuthor;
  // The transcript is written once the intent is recorded and before the platform is called:
  // a process killed right after posting leaves what the customer saw in the transcript, and
  // the outbox entry, found posted by its delivery id, is not posted again (issue 12, case 2).
  const line: Parameters<typeof recordMessage>[1] = {
    messageId,
    tenantId: target.tenantId,
    ticketId: target.ticketId,
    thread: target.thread,
    role: staffAuthor ? 'staff' : 'bot',
    author: staffAuthor ? { kind: 'staff', name: options.author?.name } : BOT,
    text: safe,
    language: options.language,
    ...(kept ? { createdAt: kept.createdAt } : {}),
  };
  let recorded = false;
  const record = async (resumed = false, riding?: RidingEntry) => {
    const decision = options.decision?.();
    const customer = options.customer?.();
    const entry = options.interaction?.entry;
    const recordOptions = {
      ticketCarries: carried,
      ...(decision ? { decision } : {}),
      ...(customer ? { customer } : {}),
      ...(riding ? { delivery: riding } : {}),
      ...(entry ? { interaction: entry } : {}),
    };
    if (resumed && (options.deliveryId || kept)) {
      // The earlier attempt of this derived id may have stored the line (same id) before it died.
      try {
        await recordMessage(deps, line, recordOptions);
        options.interaction?.stored();
      } catch (err) {
        deps.logger.warn(
          { err, ticketId: target.ticketId },
          'resumed delivery: its transcript line was stored before',
        );
      }
    } else {
      await recordMessage(deps, line, recordOptions);
      options.interaction?.stored();
    }
    recorded = true;
  };
  const { ref } = await deliver(
    deps,
    {
      tenantId: target.tenantId,
      key: `reply:${messageId}`,
      platform: target.thread.platform,
      ticketId: target.ticketId,
      payload: {
        kind: 'reply',
        thread: target.thread,
        message: outbound,
        placeholder: options.placeholder?.take(),
        ...(options.notice ? { notice: true } : {}),
      },
    },
    {
      beforePost: record,
      ...(options.alongside ? { alongside: options.alongside } : {}),
      ...(options.rideAs ? { rideAs: options.rideAs } : {}),
    },
  );
  // No port for the platform (nothing is posted): the transcript still holds what was meant (a
  // derived id may be stored already, by an earlier call). A derived id found held or posted
  // already was stored by the attempt that holds it.
  if (!recorded && !deps.ports.get(target.thread.platform))
    await record(options.deliveryId !== undefined || kept !== undefined);
  return { ref, silenced: null };
}
