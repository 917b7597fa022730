import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffActor } from '../../src/conversation/ports.js';
import { DEMO } from '../../src/memory/demo-data.js';
import { createArticleDraftService, type ArticleDraftService } from '../../src/knowledge/article-drafts.js';
import { createSeededEnv, type SeededEnv } from '../support/seeded.js';

const SAM: StaffActor = {
  platform: 'sandbox',
  tenantId: DEMO.tenantId,
  userId: DEMO.staff.supervisor.userId,
  name: 'Sam',
  isExternal: false,
};
const TICKET = 'TKT-RACE01';
const DRAFT = 'KBD-RACE01';
const ARTICLE = 'reply-tkt-race01';

/**
 * Publishing runs the import pipeline before it marks the draft published; a supervisor's discard
 * or edit arriving while the import runs must not leave a discarded draft live in search, or an
 * article that is not the text the draft says was published.
 */
describe('article drafts: publish racing a discard or an edit', () => {
  let env: SeededEnv;
  /** Runs once, while the import writes the article (before the draft is marked). */
  let duringImport: (() => Promise<void>) | undefined;
  let service: ArticleDraftService;
  /** The next import's write fails (the article store refuses it). */
  let failImport = false;

  beforeEach(async () => {
    env = await createSeededEnv();
    const { stores, clock, ids, logger } = env;
    const articles = {
      ...stores.kbArticles,
      async writeMany(list: Parameters<typeof stores.kbArticles.writeMany>[0]) {
        if (failImport) {
          failImport = false;
          return list.map((a) => ({ articleId: a.articleId, reason: 'disk full' }));
        }
        const hook = duringImport;
        duringImport = undefined;
        if (hook) await hook();
        return stores.kbArticles.writeMany(list);
      },
    };
    service = createArticleDraftService({
      drafts: stores.kbDrafts,
      tickets: stores.tickets,
      messages: stores.messages,
      tenants: stores.tenants,
      audit: stores.audit,
      importer: { articles, syncs: stores.kbSyncs },
      clock,
      ids,
      logger,
    });
    const now = clock.now();
    await stores.kbDrafts.create({
      tenantId: env.tenantId,
      draftId: DRAFT,
      ticketId: TICKET,
      status: 'draft',
      title: 'Engraving cups',
      question: 'Can you engrave the inside of a cup?',
      answer: 'We engrave up to 40 characters on the outside of a cup.',
      createdBy: { kind: 'staff', platform: 'sandbox', userId: SAM.userId },
      createdAt: now,
      updatedAt: now,
    });
  });
  afterEach(() => env.close());

  it('refuses a discard while the draft is being published, and publishes it', async () => {
    let discard: { ok: boolean; message: string } | undefined;
    duringImport = async () => {
      discard = await service.discard(env.tenantId, DRAFT, SAM);
    };
    const published = await service.publish(env.tenantId, DRAFT, SAM);

    expect(discard).toMatchObject({ ok: false, message: `${DRAFT} is being published right now.` });
    expect(published.ok).toBe(true);
    expect((await env.stores.kbDrafts.get(env.tenantId, DRAFT))?.status).toBe('published');
    expect(await env.stores.kbArticles.get(env.tenantId, ARTICLE)).not.toBeNull();
  });

  it('refuses an edit while the draft is being published: the article is the text that was published', async () => {
    let edit: { ok: boolean; message: string } | undefined;
    duringImport = async () => {
      edit = await service.edit(env.tenantId, DRAFT, SAM, { answer: 'Something else entirely.' });
    };
    await service.publish(env.tenantId, DRAFT, SAM);

    expect(edit).toMatchObject({ ok: false, message: `${DRAFT} is being published right now.` });
    const draft = await env.stores.kbDrafts.get(env.tenantId, DRAFT);
    const article = await env.stores.kbArticles.get(env.tenantId, ARTICLE);
    expect(draft?.answer).toBe('We engrave up to 40 characters on the outside of a cup.');
    expect(article?.body).toContain(draft!.answer);
  });

  it('lets the draft be published again when a publish died half-way (its claim runs out)', async () => {
    duringImport = async () => {
      throw new Error('process killed');
    };
    await expect(service.publish(env.tenantId, DRAFT, SAM)).rejects.toThrow('process killed');
    // Right after, another publish is told it is under way; two minutes later it goes through.
    expect((await service.publish(env.tenantId, DRAFT, SAM)).message).toBe(
      `${DRAFT} is being published right now.`,
    );
    env.clock.advance(3 * 60_000);
    const retried = await service.publish(env.tenantId, DRAFT, SAM);
    expect(retried.ok).toBe(true);
    expect((await env.stores.kbDrafts.get(env.tenantId, DRAFT))?.status).toBe('published');
  });

  it('hands a draft whose import failed back to review: it can be edited and published at once', async () => {
    failImport = true;
    const failed = await service.publish(env.tenantId, DRAFT, SAM);
    expect(failed).toMatchObject({
      ok: false,
      message: `${DRAFT} could not be published: not stored: disk full.`,
    });
    expect((await service.edit(env.tenantId, DRAFT, SAM, { title: 'Engraving' })).ok).toBe(true);
    expect((await service.publish(env.tenantId, DRAFT, SAM)).ok).toBe(true);
  });
});
