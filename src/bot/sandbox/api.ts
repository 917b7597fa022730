import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { Clock, ChannelMode, IdGenerator } from '../../domain/index.js';
import type { Engine } from '../../conversation/engine-api.js';
import {
  StaffActionSchema,
  type InboundMessage,
  type InboundOutcome,
  type LiveEvent,
} from '../../conversation/ports.js';
import { ForbiddenError, NotFoundError, ValidationError, isAppError, isUnavailable } from '../../errors.js';
import type { Logger } from '../../logger.js';
import {
  ChannelModeBodySchema,
  CustomerMessageBodySchema,
  StaffActionBodySchema,
  StaffMessageBodySchema,
  TicketListQuerySchema,
  sentenceFor,
} from './api-schemas.js';
import { SANDBOX_STAFF, staffIdentity, toStaffActor, type SandboxCustomer } from './identities.js';
import { eventIdFor, idempotencyKeyOf, messageIdFor, replyPosted } from './idempotency.js';
import { computeOverview, type OverviewStats } from './overview.js';
import type { PostWriter } from './port.js';
import {
  SANDBOX_CUSTOMER_CHANNEL,
  SANDBOX_STAFF_CHANNEL,
  type SandboxPost,
  type SandboxPostEvent,
  type SandboxPostStore,
} from './posts.js';
import { mountReportRoutes } from './report-routes.js';
import { mountSettingsRoutes } from './settings-routes.js';
import { mountCsatRoutes } from './csat-routes.js';
import { mountKbDraftRoutes } from './kb-draft-routes.js';
import { mountConfirmRoutes } from './confirm-routes.js';
import { serveEvents, type LiveEventSource } from './sse.js';

export interface SandboxApiOptions {
  engine: Engine;
  tenantId: string;
  posts: SandboxPostStore;
  writer: PostWriter;
  customers: () => Promise<SandboxCustomer[]>;
  /** One customer by id: a message reads its account, not the whole list. */
  customer: (customerId: string) => Promise<SandboxCustomer | undefined>;
  /** The customer channel's mode as stored (staff may have changed it from elsewhere). */
  channelMode: () => Promise<ChannelMode | undefined>;
  live: () => LiveEventSource<LiveEvent> | undefined;
  postEvents: LiveEventSource<SandboxPostEvent>;
  logger: Logger;
  clock: Clock;
  ids: IdGenerator;
}

/** A POST whose body is not JSON: answered 415 by the error handler. */
class UnsupportedBodyError extends Error {}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ValidationError('sandbox request failed its schema', {
      publicMessage: sentenceFor(parsed.error.issues),
    });
  return parsed.data;
}

function staffActor(actorId: string, tenantId: string) {
  const identity = staffIdentity(actorId);
  if (!identity)
    throw new ValidationError(`unknown sandbox actor ${actorId}`, {
      publicMessage: 'Choose who you act as from the list.',
    });
  return { identity, actor: toStaffActor(identity, tenantId) };
}

const STATUS_BY_CODE: Record<string, number> = {
  validation_failed: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  unavailable: 503,
};

/** The JSON API under /sandbox/api: what the page reads and the clicks it makes. */
export function createSandboxApi(options: SandboxApiOptions): {
  router: express.Router;
  closeStreams(): void;
} {
  const { engine, tenantId, posts, writer, logger, clock, ids } = options;
  const api = express.Router();
  // 40,000 characters of Japanese or Arabic are ~120 KB of UTF-8; the rest of a body is small.
  api.use(express.json({ limit: '256kb' }));
  api.use((req, _res, next) => {
    // Without this a form or text body reaches the schema as `undefined` and the answer is vague.
    if (req.method === 'POST' && !req.is('application/json')) {
      throw new UnsupportedBodyError();
    }
    next();
  });
  let overviewCache: { at: number; stats: OverviewStats } | undefined;

  /**
   * Hands a message to the engine, as a platform would, and shows it in the customer channel.
   * Accept means stored: the engine stores it before anything else (503 when it cannot). With an
   * `Idempotency-Key`, a retried POST is the same message: its first post comes back, and it runs
   * only if nothing finished it yet.
   */
  async function postToCustomerChannel(
    body: { threadId?: string; text: string },
    shownAs: SandboxPost['author'],
    author: InboundMessage['author'],
    idempotencyKey: string | undefined,
  ): Promise<{ post: SandboxPost; outcome: InboundOutcome; replayed: boolean }> {
    const accepted = await engine.acceptInbound({
      platform: 'sandbox',
      tenantId,
      eventId: idempotencyKey ? eventIdFor(author.userId, idempotencyKey) : ids.id('evt'),
      kind: 'message',
      channelId: SANDBOX_CUSTOMER_CHANNEL,
      messageId: idempotencyKey ? messageIdFor(author.userId, idempotencyKey) : ids.id('sbx'),
      threadId: body.threadId,
      author,
      text: body.text,
      receivedAt: clock.now(),
    });
    const shown = accepted.redelivery
      ? await posts.get(tenantId, SANDBOX_CUSTOMER_CHANNEL, accepted.messageId)
      : null;
    const post =
      shown ??
      (await writer.insert({
        postId: accepted.messageId,
        tenantId,
        channelId: SANDBOX_CUSTOMER_CHANNEL,
        threadId: body.threadId,
        kind: 'message',
        author: shownAs,
        text: body.text,
        citations: [],
      }));
    return { post, outcome: await accepted.process(), replayed: accepted.redelivery };
  }

  api.get('/session', async (_req, res) => {
    const [tenant, mode] = await Promise.all([engine.getTenant(tenantId), options.channelMode()]);
    res.json({
      tenantId,
      tenantName: tenant?.name ?? tenantId,
      channels: { customer: SANDBOX_CUSTOMER_CHANNEL, staff: SANDBOX_STAFF_CHANNEL },
      channelMode: mode ?? tenant?.settings.defaultChannelMode ?? 'auto',
      staff: SANDBOX_STAFF,
    });
  });

  api.get('/customers', async (_req, res) => {
    res.json({ customers: await options.customers() });
  });

  api.get('/channels/:channelId/posts', async (req, res) => {
    const channelId = String(req.params.channelId);
    if (channelId !== SANDBOX_CUSTOMER_CHANNEL && channelId !== SANDBOX_STAFF_CHANNEL) {
      throw new NotFoundError(`no sandbox channel ${channelId}`, {
        publicMessage: 'There is no such sandbox channel.',
      });
    }
    res.json({ posts: await posts.listChannel(tenantId, channelId) });
  });

  async function threadRoot(threadId: string) {
    const root = await posts.get(tenantId, SANDBOX_CUSTOMER_CHANNEL, threadId);
    if (!root || root.threadId) {
      throw new NotFoundError(`no thread ${threadId}`, {
        publicMessage: 'That thread no longer exists; start a new one.',
      });
    }
    return root;
  }

  api.post('/customer-messages', async (req, res) => {
    const body = parse(CustomerMessageBodySchema, req.body);
    const customer = await options.customer(body.customerId);
    const contact = customer?.contacts.find((c) => c.email.toLowerCase() === body.contactEmail.toLowerCase());
    if (!customer || !contact) {
      throw new NotFoundError('unknown sandbox customer or contact', {
        publicMessage: 'Choose a demo customer and contact from the list.',
      });
    }
    if (body.threadId) {
      const root = await threadRoot(body.threadId);
      // One shared channel for every demo customer: a customer may continue only their own
      // organization's threads, or one customer's message would land in another's ticket.
      const ownThread = customer.contacts.some((c) => c.userId === root.author.userId);
      if (root.author.kind === 'customer' && !ownThread) {
        throw new ForbiddenError(`customer ${customer.customerId} wrote in another customer's thread`, {
          publicMessage: `That thread belongs to another customer; write as them or start a new thread.`,
        });
      }
    }
    const result = await postToCustomerChannel(
      body,
      { kind: 'customer', userId: contact.userId, name: contact.name, orgName: customer.name },
      {
        userId: contact.userId,
        name: contact.name,
        email: contact.email,
        orgId: customer.orgId,
        orgName: customer.name,
        isExternal: true,
      },
      idempotencyKeyOf(req),
    );
    replyPosted(res, result);
  });

  api.post('/staff-messages', async (req, res) => {
    const body = parse(StaffMessageBodySchema, req.body);
    const { identity } = staffActor(body.actorId, tenantId);
    if (identity.isExternal) {
      throw new ForbiddenError('external guest tried to write as staff', {
        publicMessage: 'An external guest cannot write as staff; use the customer channel instead.',
      });
    }
    await threadRoot(body.threadId);
    const result = await postToCustomerChannel(
      body,
      { kind: 'staff', userId: identity.userId, name: identity.name },
      { userId: identity.userId, name: identity.name, isExternal: false },
      idempotencyKeyOf(req),
    );
    replyPosted(res, result);
  });

  api.post('/staff-actions', async (req, res) => {
    const body = parse(StaffActionBodySchema, req.body);
    const { actor } = staffActor(body.actorId, tenantId);
    const data = StaffActionSchema.safeParse(body.data);
    if (!data.success)
      throw new ValidationError('invalid staff action data', {
        publicMessage: "That button's data is not valid.",
      });
    const result = await engine.handleStaffAction(actor, data.data);
    // A refusal is an answer, not a failed request: the page shows the sentence either way.
    res.json({ ok: result.ok, message: result.message });
  });

  api.post('/channel-mode', async (req, res) => {
    const body = parse(ChannelModeBodySchema, req.body);
    const { actor } = staffActor(body.actorId, tenantId);
    const result = await engine.setChannelMode({
      tenantId,
      platform: 'sandbox',
      channelId: SANDBOX_CUSTOMER_CHANNEL,
      mode: body.mode,
      actor,
    });
    // The engine announces the change to every open page (its `mode` LiveEvent).
    const mode = (await options.channelMode()) ?? body.mode;
    res.json({ ok: result.ok, message: result.message, mode });
  });

  api.get('/tickets', async (req, res) => {
    const query = parse(TicketListQuerySchema, req.query);
    res.json({ tickets: await engine.listTickets(tenantId, { status: query.status, limit: query.limit }) });
  });

  api.get('/tickets/:ticketId', async (req, res) => {
    const detail = await engine.ticketDetail(tenantId, String(req.params.ticketId));
    if (!detail) throw new NotFoundError('ticket not found', { publicMessage: 'There is no such ticket.' });
    res.json(detail);
  });

  api.get('/overview', async (_req, res) => {
    // Several pages polling at once share one computation per second.
    if (!overviewCache || Date.now() - overviewCache.at > 1000) {
      overviewCache = { at: Date.now(), stats: await computeOverview(engine, tenantId, clock) };
    }
    res.json(overviewCache.stats);
  });

  const events = serveEvents({
    tenantId,
    live: options.live,
    posts: options.postEvents,
    customerChannelId: SANDBOX_CUSTOMER_CHANNEL,
  });
  mountSettingsRoutes(api, { engine, parse, actorFor: (actorId) => staffActor(actorId, tenantId).actor });
  mountReportRoutes(api, { engine, tenantId, parse });
  mountCsatRoutes(api, { engine, tenantId, parse, customer: options.customer });
  mountKbDraftRoutes(api, { engine, tenantId, parse, actor: (id) => staffActor(id, tenantId).actor });
  mountConfirmRoutes(api, { engine, tenantId, posts, writer, parse, customer: options.customer });
  api.get('/events', events.handler);

  api.use((_req, res) => {
    res.status(404).json({ error: 'There is no such sandbox API route.' });
  });

  // Express 5 passes rejected promises here: the only place errors become HTTP answers.
  api.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const bodyError =
      typeof err === 'object' && err !== null && (err as { type?: string }).type === 'entity.parse.failed';
    if (bodyError) {
      // Also what body-parser's strict mode says of valid JSON that is not an object (`null`, `"hi"`).
      res.status(400).json({ error: 'The request body is not a valid JSON object.' });
      return;
    }
    const tooLarge =
      typeof err === 'object' && err !== null && (err as { type?: string }).type === 'entity.too.large';
    if (tooLarge) {
      res.status(413).json({ error: 'The request body is too large.' });
      return;
    }
    if (err instanceof UnsupportedBodyError) {
      res.status(415).json({ error: 'Send the request body as JSON (Content-Type: application/json).' });
      return;
    }
    // Express's own client errors: body-parser's (they carry a `type`: unsupported charset,
    // aborted upload) and the router's (an undecodable `%ff` in a path parameter).
    const clientStatus = (err as { status?: unknown } | null)?.status;
    if (!isAppError(err) && typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
      logger.info({ path: req.path, detail: (err as Error).message }, 'sandbox request refused');
      const aboutBody = typeof (err as { type?: unknown }).type === 'string';
      res.status(clientStatus).json({
        error: aboutBody ? 'The request body could not be read.' : 'The request address is not valid.',
      });
      return;
    }
    const status = isUnavailable(err) ? 503 : isAppError(err) ? (STATUS_BY_CODE[err.code] ?? 500) : 500;
    if (status >= 500)
      logger.error(
        { err, code: isAppError(err) ? err.code : 'internal', path: req.path },
        'sandbox request failed',
      );
    else
      logger.info(
        { code: isAppError(err) ? err.code : undefined, path: req.path, detail: (err as Error).message },
        'sandbox request refused',
      );
    // A 503 is not our fault to hide: its sentence says to try again.
    const message =
      isAppError(err) && (status < 500 || status === 503)
        ? err.publicMessage
        : status === 503
          ? 'Switchboard cannot reach its database right now; please try again in a moment.'
          : 'Something went wrong; the error was logged.';
    if (status === 503) res.setHeader('Retry-After', '5');
    res.status(status).json({ error: message });
  });

  return { router: api, closeStreams: events.closeAll };
}
