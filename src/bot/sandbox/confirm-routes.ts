import type express from 'express';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import { ConfirmButtonSchema } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';
import type { SandboxCustomer } from './identities.js';
import type { PostWriter } from './port.js';
import { SANDBOX_CUSTOMER_CHANNEL, type SandboxPostStore } from './posts.js';

/** A click on Yes or No under a refund question in the customer pane. */
export const ConfirmationBodySchema = z.object({
  customerId: z.string().min(1).max(64),
  contactEmail: z.string().email().max(254),
  /** The post the buttons are on: it loses them once the question is over. */
  postId: z.string().min(1).max(64),
  data: ConfirmButtonSchema,
});

/**
 * POST /confirmations: the sandbox's Yes / No buttons, as the demo contact who clicked. A refusal
 * (not the customer who asked, expired, already answered) is an answer: 200 with `ok: false`.
 */
export function mountConfirmRoutes(
  api: express.Router,
  deps: {
    engine: Engine;
    tenantId: string;
    posts: SandboxPostStore;
    writer: PostWriter;
    parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S>;
    customer(customerId: string): Promise<SandboxCustomer | undefined>;
  },
): void {
  api.post('/confirmations', async (req, res) => {
    const body = deps.parse(ConfirmationBodySchema, req.body);
    const customer = await deps.customer(body.customerId);
    const contact = customer?.contacts.find((c) => c.email.toLowerCase() === body.contactEmail.toLowerCase());
    if (!contact) {
      throw new NotFoundError('unknown sandbox customer or contact', {
        publicMessage: 'Choose a demo customer and contact from the list.',
      });
    }
    const result = (await deps.engine.answerConfirmation?.({
      tenantId: deps.tenantId,
      ticketId: body.data.ticketId,
      confirmationId: body.data.confirmationId,
      answer: body.data.answer,
      actor: { platform: 'sandbox', userId: contact.userId, name: contact.name },
    })) ?? { ok: false, message: 'Confirmations are not available.' };
    if (result.prompt) {
      // Only the post that carries this very question is changed, whatever id the page sent.
      const post = await deps.posts.get(deps.tenantId, SANDBOX_CUSTOMER_CHANNEL, body.postId);
      if (post?.confirm?.confirmationId === body.data.confirmationId) {
        await deps.writer.update(
          deps.tenantId,
          { platform: 'sandbox', channelId: SANDBOX_CUSTOMER_CHANNEL, messageId: body.postId },
          { text: result.prompt, confirm: null },
        );
      }
    }
    res.json({ ok: result.ok, message: result.message });
  });
}
