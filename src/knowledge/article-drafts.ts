import type { StaffActor } from '../conversation/ports.js';
import type { MessageStore, TenantStore, TicketStore } from '../conversation/stores.js';
import type { AuditLog } from '../approvals/ports.js';
import {
  draftIdOf,
  KbDraftEditSchema,
  type Actor,
  type Clock,
  type IdGenerator,
  type KbDraft,
  type KbDraftStatus,
  type Message,
  PUBLISH_CLAIM_MS,
} from '../domain/index.js';
import type { Logger } from '../logger.js';
import { redactText } from '../logger.js';
import { importItems, type KbImportDeps } from './import-articles.js';

/** Where drafts are kept (src/memory/kb-draft-repository.ts implements it over MongoDB). */
export interface KbDraftStore {
  /** Stores a new draft; an existing draft for the same ticket is returned instead (`created: false`). */
  create(draft: KbDraft): Promise<{ draft: KbDraft; created: boolean }>;
  get(tenantId: string, draftId: string): Promise<KbDraft | null>;
  /** The newest drafts in a state (bounded). */
  list(tenantId: string, status: KbDraftStatus): Promise<KbDraft[]>;
  /**
   * Changes a draft that is still a draft and no publish holds (one claimed before `claimsBefore`
   * died); null when it cannot be changed (published, discarded, being published, or gone).
   */
  edit(
    tenantId: string,
    draftId: string,
    patch: Pick<KbDraft, 'updatedAt' | 'updatedBy'> & Partial<Pick<KbDraft, 'title' | 'question' | 'answer'>>,
    claimsBefore: Date,
  ): Promise<KbDraft | null>;
  /** Holds the draft for one publish (`publishingSince`), as `edit` would change it; null otherwise. */
  claimPublish(
    tenantId: string,
    draftId: string,
    claim: Required<Pick<KbDraft, 'publishingSince' | 'publishingBy'>>,
    claimsBefore: Date,
  ): Promise<KbDraft | null>;
  /** Lets go of a publish's claim that did not publish (its import failed). */
  releasePublish(tenantId: string, draftId: string, publishingSince: Date): Promise<void>;
  /** Marks a draft published by the publish holding it; null when that claim no longer holds. */
  markPublished(
    tenantId: string,
    draftId: string,
    publishingSince: Date,
    patch: Pick<KbDraft, 'publishedAt' | 'publishedBy' | 'articleId' | 'updatedAt'>,
  ): Promise<KbDraft | null>;
  /** Marks a draft discarded once, as `edit` would change it; null otherwise. */
  markDiscarded(
    tenantId: string,
    draftId: string,
    patch: Pick<KbDraft, 'discardedAt' | 'discardedBy' | 'updatedAt'>,
    claimsBefore: Date,
  ): Promise<KbDraft | null>;
}

/** The outcome of a draft action: one sentence for the person, and the draft as it is now. */
export interface KbDraftResult {
  ok: boolean;
  message: string;
  draft?: KbDraft;
}

export interface ArticleDraftService {
  /** "Draft KB article" on an escalated ticket a person answered (any internal staff member). */
  draftFromTicket(tenantId: string, ticketId: string, actor: StaffActor): Promise<KbDraftResult>;
  /**
   * Drafts waiting for review, for any internal staff member (the person who drafted one sees it
   * wait); `canReview` says whether this person may edit, publish and discard them (supervisors).
   */
  list(
    tenantId: string,
    actor: StaffActor,
  ): Promise<{ ok: boolean; message: string; drafts: KbDraft[]; canReview: boolean }>;
  edit(tenantId: string, draftId: string, actor: StaffActor, edit: unknown): Promise<KbDraftResult>;
  /** Publishes through the import pipeline every article goes through; from then on search finds it. */
  publish(tenantId: string, draftId: string, actor: StaffActor): Promise<KbDraftResult>;
  /** Drops a draft that should not become an article (supervisors); customers never saw it. */
  discard(tenantId: string, draftId: string, actor: StaffActor): Promise<KbDraftResult>;
}

export interface ArticleDraftDeps {
  drafts: KbDraftStore;
  tickets: Pick<TicketStore, 'get'>;
  messages: Pick<MessageStore, 'listByTicket'>;
  tenants: Pick<TenantStore, 'get'>;
  audit: Pick<AuditLog, 'record'>;
  /** The article store and sync log the import writes to (the same as `npm run kb -- import`). */
  importer: Pick<KbImportDeps, 'articles' | 'syncs'>;
  clock: Clock;
  ids: Pick<IdGenerator, 'id'>;
  logger: Logger;
}

/** The import source drafted articles belong to (a folder's `--prune` never removes them). */
export const DRAFT_KB_SOURCE = 'drafts:replies';
const MESSAGES = 200;
const NOT_SUPERVISOR = 'Only a supervisor of this workspace can review and publish article drafts.';

const isPersonReply = (m: Message) =>
  !m.deleted && (m.role === 'staff' || (m.role === 'bot' && m.author.kind === 'staff'));

/** Why a draft cannot be changed now (or does not exist). */
function notADraft(draftId: string, draft: KbDraft | null): string {
  if (!draft) return `${draftId} was not found.`;
  if (draft.status === 'draft') return `${draftId} is being published right now.`;
  if (draft.status === 'published')
    return `${draftId} is already published as ${draft.articleId ?? 'an article'}; edit the article instead.`;
  return `${draftId} was discarded.`;
}

/** A title from the question: its first line, cut at a word near 100 characters. */
function titleOf(question: string): string {
  const line = question.split('\n').find((l) => l.trim()) ?? question;
  const clean = line.trim().replace(/\s+/g, ' ');
  if (clean.length <= 100) return clean;
  const cut = clean.slice(0, 100);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 60))}…`;
}

function actorOf(actor: StaffActor): Actor {
  return {
    kind: 'staff',
    platform: actor.platform,
    userId: actor.userId,
    ...(actor.name ? { name: actor.name } : {}),
  };
}

export function createArticleDraftService(deps: ArticleDraftDeps): ArticleDraftService {
  const { drafts, clock } = deps;
  /** Claims made before this are publishes that died: they no longer hold the draft. */
  const claimsBefore = () => new Date(clock.now().getTime() - PUBLISH_CLAIM_MS);

  async function audit(
    draft: KbDraft,
    actor: StaffActor,
    action: string,
    extra: { note?: string; after?: unknown } = {},
  ) {
    try {
      await deps.audit.record({
        tenantId: draft.tenantId,
        auditId: deps.ids.id('aud'),
        ticketId: draft.ticketId,
        actor: actorOf(actor),
        action,
        ...extra,
        at: clock.now(),
      });
    } catch (err) {
      deps.logger.error({ err, ticketId: draft.ticketId, action }, 'audit write failed');
    }
  }

  async function supervisor(tenantId: string, actor: StaffActor): Promise<boolean> {
    const tenant = await deps.tenants.get(tenantId);
    return Boolean(
      tenant &&
      actor.tenantId === tenantId &&
      !actor.isExternal &&
      tenant.supervisorIds.includes(actor.userId),
    );
  }

  return {
    async draftFromTicket(tenantId, ticketId, actor) {
      const [tenant, ticket] = await Promise.all([
        deps.tenants.get(tenantId),
        deps.tickets.get(tenantId, ticketId),
      ]);
      if (!tenant || !ticket || actor.tenantId !== tenantId)
        return { ok: false, message: `Ticket ${ticketId} was not found.` };
      if (actor.isExternal) return { ok: false, message: `Only ${tenant.name} staff can draft articles.` };
      const escalated = Boolean(ticket.escalation ?? ticket.assignee);
      const messages = await deps.messages.listByTicket(tenantId, ticketId, MESSAGES, ticket);
      const firstReply = messages.findIndex(isPersonReply);
      if (!escalated || firstReply === -1)
        return {
          ok: false,
          message: 'An article can be drafted only from an escalated ticket a person has answered.',
        };
      // The question: what the customer wrote before the first reply; the answer: what people wrote.
      const question = messages
        .slice(0, firstReply)
        .filter((m) => m.role === 'customer' && !m.deleted)
        .slice(-3)
        .map((m) => redactText(m.text).trim())
        .join('\n\n');
      const answer = messages
        .filter(isPersonReply)
        .slice(0, 3)
        .map((m) => redactText(m.text).trim())
        .join('\n\n');
      const q = (question || redactText(ticket.subject)).slice(0, 4000);
      if (!q.trim() || !answer.trim())
        return { ok: false, message: 'There is no question and reply to draft an article from.' };
      const now = clock.now();
      const { draft, created } = await drafts.create({
        tenantId,
        draftId: draftIdOf(ticketId),
        ticketId,
        status: 'draft',
        title: titleOf(q),
        question: q,
        answer: answer.slice(0, 8000),
        createdBy: actorOf(actor),
        createdAt: now,
        updatedAt: now,
      });
      if (!created)
        return {
          ok: draft.status !== 'discarded',
          draft,
          message:
            draft.status === 'published'
              ? `This reply is already published as an article (${draft.draftId}).`
              : draft.status === 'discarded'
                ? `A supervisor discarded the draft from this ticket (${draft.draftId}).`
                : `A draft from this ticket already waits for review: ${draft.draftId}.`,
        };
      await audit(draft, actor, 'kb.draft_created', {
        after: { draftId: draft.draftId, title: draft.title },
      });
      return {
        ok: true,
        draft,
        message: `Draft article ${draft.draftId} saved: a supervisor reviews and publishes it; customers see nothing until then.`,
      };
    },

    async list(tenantId, actor) {
      const tenant = await deps.tenants.get(tenantId);
      if (!tenant || actor.tenantId !== tenantId || actor.isExternal)
        return {
          ok: false,
          message: `Only ${tenant?.name ?? 'this workspace’s'} staff can see article drafts.`,
          drafts: [],
          canReview: false,
        };
      const canReview = await supervisor(tenantId, actor);
      const list = await drafts.list(tenantId, 'draft');
      return {
        ok: true,
        drafts: list,
        canReview,
        message: list.length
          ? `${list.length === 1 ? '1 article draft waits' : `${list.length} article drafts wait`} for review${canReview ? '' : ' by a supervisor'}.`
          : 'No article drafts wait for review.',
      };
    },

    async edit(tenantId, draftId, actor, input) {
      if (!(await supervisor(tenantId, actor))) return { ok: false, message: NOT_SUPERVISOR };
      const parsed = KbDraftEditSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, message: parsed.error.issues[0]?.message ?? 'That edit is not valid.' };
      const now = clock.now();
      const edited = await drafts.edit(
        tenantId,
        draftId,
        { ...parsed.data, updatedAt: now, updatedBy: actorOf(actor) },
        claimsBefore(),
      );
      if (!edited) {
        const existing = await drafts.get(tenantId, draftId);
        return { ok: false, message: notADraft(draftId, existing) };
      }
      await audit(edited, actor, 'kb.draft_edited', { note: Object.keys(parsed.data).join(', ') });
      return { ok: true, draft: edited, message: `${draftId} saved.` };
    },

    async publish(tenantId, draftId, actor) {
      if (!(await supervisor(tenantId, actor))) return { ok: false, message: NOT_SUPERVISOR };
      // Held for this publish from here: an edit or a discard meanwhile is refused, so the article
      // is the text published and a discarded draft never reaches search.
      const since = clock.now();
      const draft = await drafts.claimPublish(
        tenantId,
        draftId,
        { publishingSince: since, publishingBy: actorOf(actor) },
        claimsBefore(),
      );
      if (!draft) {
        const current = await drafts.get(tenantId, draftId);
        return { ok: false, ...(current ? { draft: current } : {}), message: notADraft(draftId, current) };
      }
      const articleId = `reply-${draft.ticketId.toLowerCase()}`;
      // The same pipeline as every import: validated, categorized, hash-compared, written, recorded.
      const report = await importItems(
        { ...deps.importer, clock, ids: deps.ids },
        { tenantId, source: DRAFT_KB_SOURCE },
        [
          {
            ok: true,
            draft: { key: articleId, title: draft.title, body: draft.answer, tags: ['from-reply'] },
          },
        ],
      );
      if (report.failures.length) {
        await drafts.releasePublish(tenantId, draftId, since);
        return {
          ok: false,
          draft,
          message: `${draftId} could not be published: ${report.failures[0]!.reason}.`,
        };
      }
      const now = clock.now();
      const published = await drafts.markPublished(tenantId, draftId, since, {
        publishedAt: now,
        publishedBy: actorOf(actor),
        articleId,
        updatedAt: now,
      });
      if (!published) {
        // The claim ran out (this publish stalled past PUBLISH_CLAIM_MS) and another took over.
        const current = await drafts.get(tenantId, draftId);
        return current?.status === 'published'
          ? { ok: true, draft: current, message: `${draftId} is already published.` }
          : { ok: false, draft: current ?? draft, message: notADraft(draftId, current) };
      }
      await audit(published, actor, 'kb.draft_published', {
        after: { draftId, articleId, title: published.title },
      });
      return {
        ok: true,
        draft: published,
        message: `${draftId} is published as “${published.title}”; the bot can answer from it now.`,
      };
    },

    async discard(tenantId, draftId, actor) {
      if (!(await supervisor(tenantId, actor))) return { ok: false, message: NOT_SUPERVISOR };
      const now = clock.now();
      const discarded = await drafts.markDiscarded(
        tenantId,
        draftId,
        { discardedAt: now, discardedBy: actorOf(actor), updatedAt: now },
        claimsBefore(),
      );
      if (!discarded) return { ok: false, message: notADraft(draftId, await drafts.get(tenantId, draftId)) };
      await audit(discarded, actor, 'kb.draft_discarded', { after: { draftId, title: discarded.title } });
      return { ok: true, draft: discarded, message: `${draftId} is discarded; it never reaches search.` };
    },
  };
}
