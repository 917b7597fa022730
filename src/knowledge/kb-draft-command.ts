import type { StaffActor } from '../conversation/ports.js';
import { KB_DRAFT_ID_PATTERN, TICKET_ID_PATTERN } from '../domain/index.js';
import type { ArticleDraftService } from './article-drafts.js';

/** The `kb` command's draft verbs, for the usage lines of Slack and Teams. */
export const KB_DRAFT_USAGE = [
  '`kb drafts` — article drafts waiting for a supervisor’s review',
  '`kb draft TKT-XXXXXX` — draft an article from a person’s reply on that ticket',
  '`kb publish KBD-XXXXXX` — publish a reviewed draft into search (supervisors)',
];

const PREVIEW = 160;
const preview = (s: string) => (s.length > PREVIEW ? `${s.slice(0, PREVIEW - 1)}…` : s).replace(/\s+/g, ' ');

/**
 * `kb drafts`, `kb draft TKT-…` and `kb publish KBD-…` as one platform-neutral answer (plain text
 * with backticks, which Slack mrkdwn and Teams markdown both show). Undefined for anything else,
 * so the caller shows the knowledge base's status as before.
 */
export async function answerKbDraftCommand(
  drafts: ArticleDraftService | undefined,
  tenantId: string,
  actor: StaffActor,
  args: string,
): Promise<string | undefined> {
  const [verb = '', arg = ''] = args.trim().split(/\s+/);
  const v = verb.toLowerCase();
  if (!['drafts', 'draft', 'publish'].includes(v)) return undefined;
  if (!drafts) return 'Article drafts are not available here.';
  const id = arg.toUpperCase();
  if (v === 'drafts') {
    const listed = await drafts.list(tenantId, actor);
    if (!listed.ok || listed.drafts.length === 0) return listed.message;
    return [
      listed.message,
      ...listed.drafts
        .slice(0, 10)
        .map((d) => `• \`${d.draftId}\` (${d.ticketId}) ${preview(d.title)} — ${preview(d.answer)}`),
      listed.canReview
        ? 'Publish one with `kb publish KBD-XXXXXX`; edit it first in the sandbox or the API if needed.'
        : 'A supervisor reviews and publishes them.',
    ].join('\n');
  }
  if (v === 'draft') {
    if (!TICKET_ID_PATTERN.test(id)) return 'Give a ticket id like TKT-8F3K2Q.';
    return (await drafts.draftFromTicket(tenantId, id, actor)).message;
  }
  if (!KB_DRAFT_ID_PATTERN.test(id)) return 'Give a draft id like KBD-8F3K2Q (see `kb drafts`).';
  return (await drafts.publish(tenantId, id, actor)).message;
}
