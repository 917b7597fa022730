import type express from 'express';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import { STAFF_ROLES, type StaffRole } from '../../conversation/settings-registry.js';

const ActorQuerySchema = z.object({ actorId: z.string().min(1).max(64) });

/** The settings panel's change, validated at the boundary; values are checked again by the engine. */
export const SettingsBodySchema = z.object({
  actorId: z.string().min(1).max(64),
  change: z.discriminatedUnion('op', [
    z.object({ op: z.literal('set'), key: z.string().min(1).max(40), value: z.string().max(200) }),
    z.object({ op: z.literal('reset'), key: z.string().min(1).max(40) }),
    z.object({
      op: z.literal('staff'),
      role: z.enum(Object.keys(STAFF_ROLES) as [StaffRole, ...StaffRole[]]),
      action: z.enum(['add', 'remove']),
      userId: z.string().min(1).max(64),
    }),
  ]),
});

/**
 * GET /settings?actorId=… and POST /settings: the sandbox's settings panel over the same engine
 * calls as `/switchboard settings` and `@Switchboard settings`. A refusal is an answer (200 with
 * `ok: false` and the sentence), like a staff action.
 */
export function mountSettingsRoutes(
  api: express.Router,
  deps: {
    engine: Engine;
    parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
    actorFor(actorId: string): StaffActor;
  },
): void {
  api.get('/settings', async (req, res) => {
    const { actorId } = deps.parse(ActorQuerySchema, req.query);
    res.json(await deps.engine.viewSettings(deps.actorFor(actorId)));
  });
  api.post('/settings', async (req, res) => {
    const body = deps.parse(SettingsBodySchema, req.body);
    res.json(await deps.engine.changeSettings(deps.actorFor(body.actorId), body.change));
  });
}
