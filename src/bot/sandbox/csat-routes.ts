import type express from 'express';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import { CsatRatingSchema } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';
import type { SandboxCustomer } from './identities.js';

/** A click on a satisfaction prompt's button in the customer pane, with the optional comment. */
export const RatingBodySchema = z.object({
  customerId: z.string().min(1).max(64),
  contactEmail: z.string().email().max(254),
  ticketId: z.string().min(1).max(32),
  rating: CsatRatingSchema,
  comment: z.string().max(1000).optional(),
});

/**
 * POST /ratings: the sandbox's rating buttons, as the customer who clicked (a demo contact, an
 * outsider like a Slack Connect guest). A refusal is an answer (200 with `ok: false`).
 */
export function mountCsatRoutes(
  api: express.Router,
  deps: {
    engine: Engine;
    tenantId: string;
    parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
    customer(customerId: string): Promise<SandboxCustomer | undefined>;
  },
): void {
  api.post('/ratings', async (req, res) => {
    const body = deps.parse(RatingBodySchema, req.body);
    const customer = await deps.customer(body.customerId);
    const contact = customer?.contacts.find((c) => c.email.toLowerCase() === body.contactEmail.toLowerCase());
    if (!contact) {
      throw new NotFoundError('unknown sandbox customer or contact', {
        publicMessage: 'Choose a demo customer and contact from the list.',
      });
    }
    const result = await deps.engine.rateTicket?.({
      tenantId: deps.tenantId,
      ticketId: body.ticketId,
      rating: body.rating,
      ...(body.comment?.trim() ? { comment: body.comment } : {}),
      actor: { platform: 'sandbox', userId: contact.userId, isExternal: true },
    });
    res.json(result ?? { ok: false, message: 'Ratings are not available.' });
  });
}
