import type { Intent } from '../../../domain/index.js';

/**
 * One language's phrase bank for the training corpus. Slots: {order} an order reference in the
 * language ("order 1042", "#58213"), {n} a bare order number, {amount} a sum of money, {item} a
 * product. A leading "!" marks a phrasing that is negative in itself (a complaint).
 */
export interface LanguageBank {
  language: string;
  /** Plain requests per intent: no outage, breach, data loss or billing error in them. */
  intents: Record<Intent, string[]>;
  /** Phrasings that carry a concern the urgency rules act on, each with the intent it belongs to. */
  concerns: {
    /** Hacked account, suspicious login, leaked data: intent account. */
    security: string[];
    /** Site, app, API or checkout down for everyone: intent technical. */
    outage: string[];
    /** Data gone or wiped: intent technical. */
    data_loss: string[];
    /** Charged the wrong amount, twice, or for something not bought: intent billing. */
    billing_error: string[];
  };
  /** "It's urgent", "we are blocked": added to raise the text's own urgency. */
  urgent: string[];
  greetings: string[];
  /** Context a rambling customer adds before the point. */
  fillers: string[];
  closings: string[];
  /** Appreciative lines: make a message positive. */
  praise: string[];
  /** Angry lines: make a message negative. */
  anger: string[];
  /** How this language names an order: "order {n}", "pedido {n}". */
  orderRefs: string[];
  items: string[];
}
