import { z } from 'zod';
import type { StaffAction, StaffActionName, StaffCard } from '../../conversation/ports.js';

/**
 * Renders the platform-neutral StaffCard as an Adaptive Card with Universal Actions
 * (`Action.Execute`), which Teams answers through an `adaptiveCard/action` invoke.
 */

export const ADAPTIVE_CARD_VERSION = '1.5';
export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
export const SCHEMA_URL = 'http://adaptivecards.io/schemas/adaptive-card.json';

/** Verbs the card's buttons carry; the invoke handler maps them back through StaffActionSchema. */
export const VERB_BY_ACTION: Record<StaffActionName, string> = {
  'approval.approve': 'approve',
  'approval.reject': 'reject',
  'ticket.takeover': 'takeover',
  'ticket.handback': 'handback',
  'ticket.resolve': 'resolve',
  'ticket.send_draft': 'send_draft',
  'kb.draft_from_reply': 'draft_article',
};
export const REFRESH_VERB = 'refresh';

/** Data on the card's `refresh` action: which card to show the person who opens it. */
export const RefreshDataSchema = z.object({
  v: z.literal(1),
  refresh: z.literal(true),
  ticketId: z.string().min(1).max(32),
  approvalId: z.string().min(1).max(64).optional(),
});
export type RefreshData = z.infer<typeof RefreshDataSchema>;

/** Input ids whose values Teams merges into the action's data: they match StaffAction fields. */
export const REASON_INPUT_ID = 'reason';
export const DRAFT_INPUT_ID = 'text';

export type AdaptiveElement = Record<string, unknown>;
export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: string;
  version: string;
  body: AdaptiveElement[];
  actions?: AdaptiveElement[];
  refresh?: { action: AdaptiveElement; userIds?: string[] };
  msteams?: { width: 'Full' };
}

export interface RenderOptions {
  /** One sentence for the person who clicked, shown above the card ("You can't decide this…"). */
  notice?: string;
  /** A refusal (the default) stands out; a done thing ("Draft article … saved") reads as good news. */
  noticeTone?: 'refusal' | 'done';
  /**
   * Teams user ids (MRIs) for `refresh.userIds`, when the caller could map the card's deciders
   * (AAD object ids) to them; the deciders as given otherwise.
   */
  refreshUserIds?: string[];
}

const MAX_LINE = 600;
const MAX_RECENT = 6;

function clip(text: string, max = MAX_LINE): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

/**
 * Customer and model text shown literally. TextBlock and FactSet values are markdown in Teams, so a
 * customer's `[Reset your password](https://evil.example)` would be a live link on a staff card:
 * links, emphasis and list markers are backslash-escaped (CommonMark escapes, which the Adaptive
 * Card markdown renderer honours). Our own markup (the thread link) is written without this.
 */
export function literal(value: string): string {
  return value.replace(/[\\[\]()*_~`]/g, '\\$&').replace(/^([ \t]*)([-+]|\d+\.)(\s)/gm, '$1\\$2$3');
}

function text(value: string, extra: AdaptiveElement = {}): AdaptiveElement {
  return { type: 'TextBlock', text: value, wrap: true, ...extra };
}

function has(card: StaffCard, action: StaffActionName): boolean {
  return !card.final && card.actions.some((a) => a.data.action === action);
}

function executeAction(a: StaffCard['actions'][number]): AdaptiveElement {
  const gathers = a.data.action === 'approval.reject' || a.data.action === 'ticket.send_draft';
  return {
    type: 'Action.Execute',
    title: a.label,
    verb: VERB_BY_ACTION[a.data.action],
    data: a.data satisfies StaffAction,
    // Only Reject (its reason) and Send draft (the edited text) take the card's inputs.
    associatedInputs: gathers ? 'auto' : 'none',
    ...(a.style ? { style: a.style === 'primary' ? 'positive' : 'destructive' } : {}),
  };
}

/** The Adaptive Card for a staff card; final cards have no inputs, buttons or refresh. */
export function renderStaffCard(card: StaffCard, options: RenderOptions = {}): AdaptiveCard {
  const body: AdaptiveElement[] = [];
  if (options.notice)
    body.push(
      text(literal(options.notice), {
        color: options.noticeTone === 'done' ? 'Good' : 'Attention',
        weight: 'Bolder',
      }),
    );
  body.push(text(literal(card.title), { size: 'Medium', weight: 'Bolder', style: 'heading' }));
  body.push(text(`Ticket ${card.ticketId}`, { isSubtle: true, spacing: 'None', size: 'Small' }));
  if (card.statusLine) {
    body.push(text(literal(card.statusLine), { weight: 'Bolder', color: card.final ? 'Good' : 'Accent' }));
  }
  if (card.fields.length > 0) {
    body.push({
      type: 'FactSet',
      facts: card.fields.map((f) => ({
        title: literal(clip(f.label, 80)),
        value: literal(clip(f.value, 300)),
      })),
    });
  }
  if (card.summary) body.push(text(literal(clip(card.summary))));
  if (card.lastCustomerMessage) {
    body.push({
      type: 'Container',
      style: 'emphasis',
      items: [
        text('Customer wrote', { weight: 'Bolder', size: 'Small' }),
        text(literal(clip(card.lastCustomerMessage))),
      ],
    });
  }
  const recent = (card.recentMessages ?? []).slice(-MAX_RECENT);
  if (recent.length > 0) {
    body.push({
      type: 'Container',
      items: [
        text('Recent messages', { weight: 'Bolder', size: 'Small' }),
        ...recent.map((m) => text(`**${m.role}:** ${literal(clip(m.text, 300))}`, { spacing: 'Small' })),
      ],
    });
  }
  if (card.draft) {
    body.push(text('Draft reply', { weight: 'Bolder', size: 'Small' }));
    body.push(
      has(card, 'ticket.send_draft')
        ? {
            type: 'Input.Text',
            id: DRAFT_INPUT_ID,
            label: 'Edit before sending',
            isMultiline: true,
            maxLength: 4000,
            value: card.draft,
          }
        : text(literal(clip(card.draft))),
    );
  }
  if (card.articles && card.articles.length > 0) {
    body.push(
      text(`Sources: ${card.articles.map((a) => literal(a.title)).join(', ')}`, {
        isSubtle: true,
        size: 'Small',
      }),
    );
  }
  if (card.threadLink) body.push(text(`[Open the conversation](${card.threadLink})`, { size: 'Small' }));
  if (has(card, 'approval.reject')) {
    body.push({
      type: 'Input.Text',
      id: REASON_INPUT_ID,
      label: 'Reason, if you reject',
      placeholder: 'Why this refund should not go ahead',
      maxLength: 500,
    });
  }

  const out: AdaptiveCard = {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body,
    msteams: { width: 'Full' },
  };
  if (!card.final && card.actions.length > 0) {
    out.actions = card.actions.map(executeAction);
    // Teams auto-refreshes the card for at most 60 people.
    const deciders = (options.refreshUserIds ?? card.deciderIds ?? []).slice(0, 60);
    if (deciders.length > 0) {
      const data: RefreshData = {
        v: 1,
        refresh: true,
        ticketId: card.ticketId,
        ...(card.approvalId ? { approvalId: card.approvalId } : {}),
      };
      out.refresh = { action: { type: 'Action.Execute', verb: REFRESH_VERB, data }, userIds: deciders };
    }
  }
  return out;
}

/** A one-message card, for answers that have no staff card to show (errors, expired requests). */
export function renderNoticeCard(message: string, title = 'Switchboard'): AdaptiveCard {
  return {
    type: 'AdaptiveCard',
    $schema: SCHEMA_URL,
    version: ADAPTIVE_CARD_VERSION,
    body: [text(literal(title), { weight: 'Bolder' }), text(literal(message))],
  };
}

/** The attachment Bot Framework expects for a card. */
export function cardAttachment(card: AdaptiveCard): { contentType: string; content: AdaptiveCard } {
  return { contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: card };
}
