import type express from 'express';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import { KbDraftIdSchema } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';

const ActorQuerySchema = z.object({ actorId: z.string().min(1).max(64) });
const DraftParamsSchema = z.object({ draftId: KbDraftIdSchema });
const EditBodySchema = z.object({
  actorId: z.string().min(1).max(64),
  title: z.string().max(200).optional(),
  question: z.string().max(4000).optional(),
  answer: z.string().max(8000).optional(),
});

/**
 * Article drafts for review, as the chosen staff identity: GET /kb-drafts?actorId=… (any staff
 * member; `canReview` for supervisors), POST /kb-drafts/:draftId (edit title, question or answer),
 * POST /kb-drafts/:draftId/publish and /kb-drafts/:draftId/discard. Drafts are made with the staff
 * card's "Draft KB article" button (POST /staff-actions). A refusal (not a supervisor, already
 * published) is an answer: 200 with `ok: false` and the sentence.
 */
export function mountKbDraftRoutes(
  api: express.Router,
  deps: {
    engine: Engine;
    tenantId: string;
    parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
    actor(actorId: string): StaffActor;
  },
): void {
  const { engine, tenantId, parse } = deps;
  const drafts = () => {
    if (!engine.articleDrafts)
      throw new NotFoundError('this engine has no article drafts', {
        publicMessage: 'Article drafts are not available here.',
      });
    return engine.articleDrafts;
  };

  api.get('/kb-drafts', async (req, res) => {
    const { actorId } = parse(ActorQuerySchema, req.query);
    res.json(await drafts().list(tenantId, deps.actor(actorId)));
  });

  api.post('/kb-drafts/:draftId', async (req, res) => {
    const { draftId } = parse(DraftParamsSchema, req.params);
    const { actorId, ...edit } = parse(EditBodySchema, req.body);
    res.json(await drafts().edit(tenantId, draftId, deps.actor(actorId), edit));
  });

  api.post('/kb-drafts/:draftId/publish', async (req, res) => {
    const { draftId } = parse(DraftParamsSchema, req.params);
    const { actorId } = parse(ActorQuerySchema, req.body);
    res.json(await drafts().publish(tenantId, draftId, deps.actor(actorId)));
  });

  api.post('/kb-drafts/:draftId/discard', async (req, res) => {
    const { draftId } = parse(DraftParamsSchema, req.params);
    const { actorId } = parse(ActorQuerySchema, req.body);
    res.json(await drafts().discard(tenantId, draftId, deps.actor(actorId)));
  });
}
