import type { types } from '@slack/bolt';
import type { OutboundMessage, StaffAction, StaffCard } from '../../conversation/ports.js';
import type { TicketDetail } from '../../conversation/engine-api.js';
import type { TicketStatus } from '../../domain/index.js';
import { SLACK_LIMITS as L, cut, escapeMrkdwn, safeText, splitText } from './limits.js';
import { ratingBlocks } from './csat-blocks.js';
import { confirmBlocks } from './confirm-blocks.js';

type Block = types.KnownBlock;
type Button = types.Button;

/** A message body for chat.postMessage / chat.update: `text` is what notifications and screen readers use. */
export interface SlackMessageContent {
  text: string;
  blocks: Block[];
}

/** Every Switchboard button's action_id starts with this, so one listener handles them all. */
export const ACTION_PREFIX = 'sb.';
export const OPEN_THREAD_ACTION = 'sb.open_thread';
export const REJECT_MODAL_CALLBACK = 'sb.reject_reason';
export const REJECT_REASON_BLOCK = 'reason';
export const REJECT_REASON_INPUT = 'reason_input';
export const REJECT_REASON_MAX = 500;

const plain = (text: string, max: number): types.PlainTextElement => ({
  type: 'plain_text',
  text: cut(text, max) || ' ',
  emoji: true,
});
const mrkdwnSection = (text: string): Block => ({
  type: 'section',
  text: { type: 'mrkdwn', text: cut(text, L.sectionText) || ' ' },
});
const context = (parts: string[]): Block => ({
  type: 'context',
  elements: parts
    .slice(0, L.contextElements)
    .map((p) => ({ type: 'mrkdwn' as const, text: cut(p, L.contextText) || ' ' })),
});

/** Slack renders this in each reader's own time zone; the fallback is for old clients. */
export function slackDate(at: Date): string {
  const unix = Math.floor(at.getTime() / 1000);
  return `<!date^${unix}^{date_short_pretty} at {time}|${at.toISOString()}>`;
}

/** Keeps at most `max` blocks; when some are dropped, the last block says how many. */
export function fitBlocks(blocks: Block[], max: number = L.messageBlocks): Block[] {
  if (blocks.length <= max) return blocks;
  const kept = blocks.slice(0, max - 1);
  return [
    ...kept,
    context([
      `_…${blocks.length - kept.length} more not shown. Open the ticket in Switchboard for the full record._`,
    ]),
  ];
}

/** Button data carries only ids; a staff-edited draft text never rides in a button value. */
export function buttonValue(data: StaffAction): string {
  const small =
    data.action === 'ticket.send_draft' ? { v: data.v, action: data.action, ticketId: data.ticketId } : data;
  return cut(JSON.stringify(small), L.buttonValue);
}

function cardButton(action: StaffCard['actions'][number], index: number): Button {
  const button: Button = {
    type: 'button',
    text: plain(action.label, L.buttonText),
    // Unique per block; the prefix routes every click to one listener.
    action_id: cut(`${ACTION_PREFIX}${action.data.action}.${index}`, L.actionId),
    value: buttonValue(action.data),
  };
  if (action.style) button.style = action.style;
  if (action.confirm) {
    button.confirm = {
      title: plain('Are you sure?', L.confirmTitle),
      text: plain(action.confirm, L.confirmText),
      confirm: plain(action.label, 30),
      deny: plain('Cancel', 30),
    };
  }
  return button;
}

/** The Block Kit body of a staff card (approval, escalation, draft), within Slack's limits. */
export function renderStaffCard(
  card: StaffCard,
  options: { headerAsSection?: boolean } = {},
): SlackMessageContent {
  const blocks: Block[] = [];
  if (options.headerAsSection) blocks.push(mrkdwnSection(`*${escapeMrkdwn(card.title)}*`));
  else blocks.push({ type: 'header', text: plain(card.title, L.header) });
  if (card.statusLine)
    blocks.push(mrkdwnSection(`:white_check_mark: ${safeText(card.statusLine, L.sectionText - 20)}`));

  for (let i = 0; i < card.fields.length; i += L.fields) {
    blocks.push({
      type: 'section',
      fields: card.fields.slice(i, i + L.fields).map((f) => ({
        type: 'mrkdwn' as const,
        text: cut(`*${escapeMrkdwn(f.label)}*\n${escapeMrkdwn(f.value)}`, L.fieldText),
      })),
    });
  }
  if (card.summary) blocks.push(mrkdwnSection(`*Summary*\n${safeText(card.summary, L.sectionText - 20)}`));
  if (card.lastCustomerMessage) {
    blocks.push(
      mrkdwnSection(
        `*Last customer message*\n${quote(safeText(card.lastCustomerMessage, L.sectionText - 200))}`,
      ),
    );
  }
  if (card.recentMessages?.length) {
    const lines = card.recentMessages
      .slice(-8)
      .map((m) => `*${escapeMrkdwn(m.role)}:* ${safeText(m.text, 300)}`);
    blocks.push(mrkdwnSection(`*Recent messages*\n${lines.join('\n')}`));
  }
  if (card.draft)
    blocks.push(mrkdwnSection(`*Draft reply*\n${quote(safeText(card.draft, L.sectionText - 200))}`));
  if (card.articles?.length) {
    blocks.push(context(['*Sources:*', ...card.articles.map((a) => escapeMrkdwn(a.title))]));
  }
  const ctx = [`Ticket *${escapeMrkdwn(card.ticketId)}*`, `created ${slackDate(card.createdAt)}`];
  if (card.final && card.threadLink) ctx.push(`<${cut(card.threadLink, L.url)}|Open thread>`);
  blocks.push(context(ctx));

  if (!card.final) {
    const elements: types.ActionsBlockElement[] = card.actions.map(cardButton);
    if (card.threadLink) {
      elements.push({
        type: 'button',
        text: plain('Open thread', L.buttonText),
        action_id: OPEN_THREAD_ACTION,
        url: cut(card.threadLink, L.url),
      });
    }
    if (elements.length > 0) {
      blocks.push({
        type: 'actions',
        block_id: cut(`sb.card.${card.approvalId ?? card.ticketId}`, 255),
        elements: elements.slice(0, L.actionsElements),
      });
    }
  }
  // The notification text is parsed as mrkdwn too, and titles and status lines quote customers.
  const text = cut(
    `${escapeMrkdwn(card.title)} (${card.ticketId})${card.statusLine ? ` — ${escapeMrkdwn(card.statusLine)}` : ''}`,
    L.messageText,
  );
  return { text, blocks: fitBlocks(blocks) };
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
}

/** A reply in a customer thread: the text always, sections when it is long, citations as context. */
export function renderReply(message: OutboundMessage): SlackMessageContent {
  const escaped = escapeMrkdwn(message.text);
  const blocks: Block[] = splitText(escaped, L.sectionText).map((chunk) => mrkdwnSection(chunk));
  const citations = (message.citations ?? []).map((c) => {
    const title = escapeMrkdwn(c.title);
    return c.url && /^https?:\/\//.test(c.url) ? `<${cut(c.url, L.url)}|${title}>` : title;
  });
  if (citations.length > 0)
    blocks.push(context([':books: Sources:', ...citations].slice(0, L.contextElements)));
  if (message.author?.kind === 'staff' && message.author.name) {
    blocks.push(context([`Sent by ${escapeMrkdwn(message.author.name)} from the support team`]));
  }
  if (message.rating) blocks.push(...ratingBlocks(message.rating));
  if (message.confirm) blocks.push(...confirmBlocks(message.confirm));
  return { text: cut(escaped, L.messageText), blocks: fitBlocks(blocks) };
}

export const WORKING_TEXT = 'Looking into this…';

export function renderWorking(): SlackMessageContent {
  return { text: WORKING_TEXT, blocks: [context([`:hourglass_flowing_sand: ${WORKING_TEXT}`])] };
}

/** App Home for one staff member: what they may act on now, each card with its buttons. */
export function renderHome(home: {
  pendingApprovals: StaffCard[];
  escalated: StaffCard[];
  mine: StaffCard[];
}): types.HomeView {
  const blocks: Block[] = [{ type: 'header', text: plain('Switchboard', L.header) }];
  const section = (title: string, cards: StaffCard[], empty: string) => {
    blocks.push({ type: 'divider' }, mrkdwnSection(`*${title}* (${cards.length})`));
    if (cards.length === 0) blocks.push(context([empty]));
    for (const card of cards) blocks.push(...renderStaffCard(card, { headerAsSection: true }).blocks);
  };
  section('Approvals waiting for you', home.pendingApprovals, 'Nothing waiting for your approval.');
  section('Escalated tickets', home.escalated, 'No escalated tickets.');
  section('Tickets you have taken over', home.mine, 'You have not taken over any ticket.');
  return { type: 'home', blocks: fitBlocks(blocks, L.viewBlocks) };
}

/** `/switchboard status`: counts per ticket status. */
export function renderStatus(counts: Record<TicketStatus, number>): string {
  return [
    `*Open:* ${counts.open}`,
    `*Waiting for approval:* ${counts.pending_approval}`,
    `*Escalated:* ${counts.escalated}`,
    `*With staff:* ${counts.human}`,
    `*Resolved:* ${counts.resolved}`,
  ].join('  ·  ');
}

/** `/switchboard ticket TKT-…`: summary, transcript tail and decision records, cut to 50 blocks. */
export function renderTicketDetail(detail: TicketDetail): SlackMessageContent {
  const t = detail.ticket;
  const blocks: Block[] = [{ type: 'header', text: plain(`${t.ticketId} · ${t.status}`, L.header) }];
  const fields = [
    ['Customer', detail.customerName ?? t.requester.name ?? t.requester.userId],
    ['Subject', t.subject || '—'],
    ['Intent', t.intent],
    ['Urgency', t.urgency],
    ['Assignee', t.assignee?.name ?? t.assignee?.userId ?? '—'],
    ['Created', slackDate(t.createdAt)],
  ];
  blocks.push({
    type: 'section',
    fields: fields.map(([k, v]) => ({
      type: 'mrkdwn' as const,
      text: cut(`*${k}*\n${k === 'Created' ? v : escapeMrkdwn(v ?? '')}`, L.fieldText),
    })),
  });
  const recent = detail.messages.slice(-5);
  if (recent.length > 0) {
    blocks.push(
      mrkdwnSection(
        `*Recent messages*\n${recent.map((m) => `*${m.role}:* ${safeText(m.text, 400)}`).join('\n')}`,
      ),
    );
  }
  for (const d of detail.decisions) {
    blocks.push({ type: 'divider' });
    blocks.push(
      mrkdwnSection(
        `*Decision* (${d.engine}): ${d.route}, confidence ${d.confidence.toFixed(2)} (threshold ${d.threshold.toFixed(2)})\n${safeText(d.reason, 2000)}`,
      ),
    );
    for (const s of d.stages) {
      blocks.push(
        context([
          `${s.ok ? ':white_check_mark:' : ':x:'} ${s.name}`,
          `${Math.round(s.durationMs)} ms`,
          ...(s.note ? [safeText(s.note, 500)] : []),
        ]),
      );
    }
    for (const tool of d.tools) {
      blocks.push(
        context([
          `:wrench: ${escapeMrkdwn(tool.name)}`,
          tool.ok ? 'ok' : `failed: ${safeText(tool.error ?? 'error', 300)}`,
        ]),
      );
    }
  }
  for (const a of detail.approvals) {
    blocks.push(context([`Approval ${escapeMrkdwn(a.approvalId)}: ${escapeMrkdwn(a.status)}`]));
  }
  return { text: `${t.ticketId}: ${safeText(t.subject || t.status, 200)}`, blocks: fitBlocks(blocks) };
}

/**
 * The modal Reject opens: one required reason. private_metadata carries only the opaque approval
 * id; who may reject and what is shown afterwards are read from MongoDB on submission.
 */
export function rejectReasonModal(approvalId: string): types.ModalView {
  return {
    type: 'modal',
    callback_id: REJECT_MODAL_CALLBACK,
    private_metadata: cut(approvalId, L.privateMetadata),
    title: plain('Reject request', L.modalTitle),
    submit: plain('Reject', L.modalTitle),
    close: plain('Cancel', L.modalTitle),
    blocks: [
      {
        type: 'input',
        block_id: REJECT_REASON_BLOCK,
        label: plain('Why are you rejecting it?', 2000),
        element: {
          type: 'plain_text_input',
          action_id: REJECT_REASON_INPUT,
          multiline: true,
          max_length: REJECT_REASON_MAX,
        },
      },
    ],
  };
}
