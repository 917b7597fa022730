import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPost } from '../../src/bot/sandbox/posts.js';
import type { KbDraft } from '../../src/domain/index.js';
import { apiClient, startSandboxApp, type ApiClient } from '../bot/sandbox/sandbox-app.js';
import type { TestApp } from '../support/app-harness.js';

const MAYA = { customerId: 'cus_bluebird', contactEmail: 'maya@bluebirdcafe.example' };
const DANA = 'sandbox-dana'; // staff, not a supervisor
const SAM = 'sandbox-sam'; // the demo supervisor
type Said = { post: SandboxPost; outcome: { status: string; ticketId?: string } };
type DraftResult = { ok: boolean; message: string; draft?: KbDraft };
const QUESTION = 'engrave a wedding poem inside espresso cups';

/**
 * "Draft KB article" from a person's reply, through the sandbox's real HTTP API: the button on the
 * escalated ticket's staff card, the draft (PII redacted) that answers nobody, a supervisor's edit
 * and publish through the import pipeline, after which search finds it; both actions audited.
 */
describe('knowledge-base article drafted from a person’s reply (sandbox)', () => {
  let t: TestApp;
  let api: ApiClient;
  let ticketId: string;
  let draftId: string;

  const staffCard = async () =>
    (await api.get<{ posts: SandboxPost[] }>('/channels/sandbox-staff/posts')).body.posts.find(
      (p) => p.card?.ticketId === ticketId && p.card.kind !== 'sla',
    )?.card;
  const topArticle = async (text: string) => (await t.app.kb.search(t.tenantId, text, { limit: 1 }))[0];

  beforeAll(async () => {
    t = await startSandboxApp();
    api = apiClient(t.baseUrl);
    const said = await api.post<Said>('/customer-messages', {
      ...MAYA,
      text: 'Can your team engrave a wedding poem on the inside of the espresso cups? Write me at maya.k@gmail.com',
    });
    expect(said.body.outcome.status).toBe('escalated');
    ticketId = said.body.outcome.ticketId!;
    await api.post('/staff-actions', { actorId: DANA, data: { v: 1, action: 'ticket.takeover', ticketId } });
    const reply = await api.post('/staff-messages', {
      actorId: DANA,
      threadId: said.body.post.postId,
      text: 'We engrave up to 40 characters on the outside of a cup; the inside cannot be engraved. For a quote call +1 415 555 0199.',
    });
    expect(reply.status).toBe(201);
  });
  afterAll(() => t.close());

  it('offers "Draft KB article" on the escalated ticket’s card once a person has answered', async () => {
    const card = await staffCard();
    expect(card?.actions.map((a) => a.label)).toContain('Draft KB article');
  });

  it('saves a draft with the question and the reply, PII redacted, that search does not see', async () => {
    const button = (await staffCard())!.actions.find((a) => a.label === 'Draft KB article')!;
    const made = await api.post<{ ok: boolean; message: string }>('/staff-actions', {
      actorId: DANA,
      data: button.data,
    });
    expect(made.body.ok).toBe(true);
    expect(made.body.message).toMatch(/^Draft article KBD-\w{6} saved: a supervisor reviews/);
    // A second click finds the same draft.
    const again = await api.post<{ message: string }>('/staff-actions', { actorId: DANA, data: button.data });
    expect(again.body.message).toMatch(/already waits for review/);

    // Staff see what waits (without the right to review it); a guest from outside sees nothing.
    const asStaff = await api.get<{ canReview: boolean; drafts: KbDraft[] }>(`/kb-drafts?actorId=${DANA}`);
    expect(asStaff.body.canReview).toBe(false);
    expect(asStaff.body.drafts.map((d) => d.ticketId)).toEqual([ticketId]);
    const guest = await api.get<{ ok: boolean; drafts: KbDraft[] }>('/kb-drafts?actorId=sandbox-guest');
    expect(guest.body).toMatchObject({ ok: false, drafts: [] });
    const listed = await api.get<{ canReview: boolean; drafts: KbDraft[] }>(`/kb-drafts?actorId=${SAM}`);
    expect(listed.body.canReview).toBe(true);
    expect(listed.body.drafts).toHaveLength(1);
    const draft = listed.body.drafts[0]!;
    draftId = draft.draftId;
    expect(draft).toMatchObject({ ticketId, status: 'draft' });
    expect(draft.question).toMatch(/engrave a wedding poem/);
    expect(draft.question).not.toContain('maya.k@gmail.com');
    expect(draft.answer).toMatch(/40 characters on the outside/);
    expect(draft.answer).not.toContain('555 0199');

    // Unpublished, it answers nobody: search does not find it.
    expect((await topArticle(QUESTION))?.article.articleId).not.toBe(`reply-${ticketId.toLowerCase()}`);
  });

  it('lets only a supervisor edit and publish it, once, into search through the import pipeline', async () => {
    const edited = await api.post<DraftResult>(`/kb-drafts/${draftId}`, {
      actorId: SAM,
      title: 'Can you engrave the inside of a cup?',
    });
    expect(edited.body).toMatchObject({ ok: true, draft: { title: 'Can you engrave the inside of a cup?' } });
    const notYou = await api.post<DraftResult>(`/kb-drafts/${draftId}/publish`, { actorId: DANA });
    expect(notYou.body).toMatchObject({ ok: false, message: expect.stringMatching(/^Only a supervisor/) });
    const notYouEither = await api.post<DraftResult>(`/kb-drafts/${draftId}/discard`, { actorId: DANA });
    expect(notYouEither.body.ok).toBe(false);

    const [first, second] = await Promise.all([
      api.post<DraftResult>(`/kb-drafts/${draftId}/publish`, { actorId: SAM }),
      api.post<DraftResult>(`/kb-drafts/${draftId}/publish`, { actorId: SAM }),
    ]);
    expect([first.body.ok, second.body.ok]).toContain(true);
    const articleId = `reply-${ticketId.toLowerCase()}`;
    const article = await t.stores.kbArticles.get(t.tenantId, articleId);
    expect(article).toMatchObject({
      title: 'Can you engrave the inside of a cup?',
      source: 'drafts:replies',
      tags: ['from-reply'],
    });
    expect((await topArticle('can you engrave the inside of a cup'))?.article.articleId).toBe(articleId);
    expect((await api.get<{ drafts: KbDraft[] }>(`/kb-drafts?actorId=${SAM}`)).body.drafts).toEqual([]);

    const audit = await t.stores.audit.listForTicket(t.tenantId, ticketId);
    const kbEvents = audit.filter((e) => e.action.startsWith('kb.'));
    expect(kbEvents.map((e) => [e.action, e.actor.userId])).toEqual([
      ['kb.draft_created', DANA],
      ['kb.draft_edited', SAM],
      ['kb.draft_published', SAM],
    ]);
  });

  it('answers the next customer who asks the same question from the published article', async () => {
    const said = await api.post<Said & { post: SandboxPost }>('/customer-messages', {
      customerId: 'cus_acme',
      contactEmail: 'jordan@acme-robotics.example',
      text: 'Can you engrave a wedding poem on the inside of the espresso cups?',
    });
    const posts = (await api.get<{ posts: SandboxPost[] }>('/channels/sandbox-customers/posts')).body.posts;
    const reply = posts.filter((p) => p.threadId === said.body.post.postId && p.author.kind === 'bot').at(-1);
    expect(said.body.outcome.status).not.toBe('escalated');
    expect(reply?.text).toMatch(/40 characters on the outside/);
    expect(reply?.citations?.map((c) => c.articleId)).toEqual([`reply-${ticketId.toLowerCase()}`]);
  });

  it('lets a supervisor discard a draft instead: it leaves the list and never reaches search', async () => {
    const said = await api.post<Said>('/customer-messages', {
      customerId: 'cus_acme',
      contactEmail: 'jordan@acme-robotics.example',
      text: 'Do you sell gift cards for a wedding registry? I need to talk to a person.',
    });
    const other = said.body.outcome.ticketId!;
    await api.post('/staff-actions', {
      actorId: DANA,
      data: { v: 1, action: 'ticket.takeover', ticketId: other },
    });
    await api.post('/staff-messages', {
      actorId: DANA,
      threadId: said.body.post.postId,
      text: 'Jordan, for this once I will send you a code by hand.',
    });
    const made = await api.post<DraftResult>('/staff-actions', {
      actorId: DANA,
      data: { v: 1, action: 'kb.draft_from_reply', ticketId: other },
    });
    expect(made.body.ok).toBe(true);
    const id = `KBD-${other.slice(4)}`;
    const discarded = await api.post<DraftResult>(`/kb-drafts/${id}/discard`, { actorId: SAM });
    expect(discarded.body).toMatchObject({ ok: true, draft: { status: 'discarded' } });
    expect((await api.get<{ drafts: KbDraft[] }>(`/kb-drafts?actorId=${SAM}`)).body.drafts).toEqual([]);
    const redraft = await api.post<DraftResult>('/staff-actions', {
      actorId: DANA,
      data: { v: 1, action: 'kb.draft_from_reply', ticketId: other },
    });
    expect(redraft.body).toMatchObject({ ok: false, message: expect.stringMatching(/discarded/) });
    const late = await api.post<DraftResult>(`/kb-drafts/${id}/publish`, { actorId: SAM });
    expect(late.body).toMatchObject({ ok: false, message: `${id} was discarded.` });
    expect(await t.stores.kbArticles.get(t.tenantId, `reply-${other.toLowerCase()}`)).toBeNull();
  });
});
