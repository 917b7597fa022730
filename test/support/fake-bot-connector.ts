import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the bot made to the Bot Connector REST API. */
export interface ConnectorCall {
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  /** Decoded conversation id from the path (a reply chain keeps its `;messageid=`). */
  conversationId: string;
  /** Activity id in the path: the replied-to activity (POST) or the updated one (PUT). */
  activityId?: string;
  /** Member id for `GET …/members/{userId}`. */
  memberId?: string;
  /** The id this fake assigned (POST) or the id updated (PUT). */
  resultId?: string;
  status: number;
  body: Record<string, unknown> | undefined;
  authorization?: string;
  at: number;
}

/** A Teams user as `GET /v3/conversations/{id}/members/{userId}` returns it (TeamsChannelAccount). */
export interface FakeMember {
  id: string;
  name: string;
  aadObjectId?: string;
  email?: string;
  userPrincipalName?: string;
  tenantId?: string;
  userRole?: 'user' | 'guest' | 'anonymous';
}

export interface FakeBotConnector {
  /** serviceUrl to put on activities: `http://127.0.0.1:PORT/`. */
  url: string;
  calls: ConnectorCall[];
  /** Successful sends (new posts and replies), oldest first. */
  sent(): ConnectorCall[];
  /** Successful updates (PUT), oldest first. */
  updates(): ConnectorCall[];
  addMember(member: FakeMember): void;
  /**
   * A channel of a team, as `GET /v3/teams/{teamId}/conversations` lists it (ConversationList:
   * `{ conversations: [{ id, name }] }`; the General channel has the team's id and no name).
   */
  addTeamChannel(teamId: string, channel: { id: string; name?: string }): void;
  /**
   * The next `count` send/update calls get this status (429 by default); only calls with
   * `method` when given (PUT: card updates), others pass. With `retryAfterSeconds` the
   * answer carries `Retry-After: <seconds>` (the bot removes the SDK's own retry policy, so retry.ts
   * is what honours it).
   */
  /** The next `count` calls answer `status`: POSTs and PUTs by default, or only `method` (GET: roster look-ups). */
  failNext(
    count?: number,
    status?: number,
    method?: 'POST' | 'PUT' | 'GET',
    retryAfterSeconds?: number,
  ): void;
  /** Resolves once `predicate` holds over the recorded calls, or rejects after `timeoutMs`. */
  waitFor(predicate: (calls: ConnectorCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const ROUTE = /^\/v3\/conversations\/([^/]+)\/(activities|members)(?:\/([^/]+))?\/?$/;
const TEAM_CHANNELS = /^\/v3\/teams\/([^/]+)\/conversations\/?$/;

/**
 * A small, real HTTP server speaking the parts of the Bot Connector API the bot uses
 * (see the Swagger in shared/fixtures/teams/connector-schema). It records every call.
 */
export async function startFakeBotConnector(): Promise<FakeBotConnector> {
  const calls: ConnectorCall[] = [];
  const members = new Map<string, FakeMember>();
  const teamChannels = new Map<string, Array<{ id: string; name?: string }>>();
  let failures: { count: number; status: number; method?: 'POST' | 'PUT' | 'GET'; retryAfter?: number } = {
    count: 0,
    status: 429,
  };
  let seq = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    const url = new URL(req.url ?? '/', 'http://fake');
    const m = ROUTE.exec(url.pathname);
    const method = (req.method ?? 'GET') as ConnectorCall['method'];
    const base = {
      method,
      conversationId: m ? decodeURIComponent(m[1]!) : '',
      body,
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    const reply = (
      status: number,
      payload: unknown,
      call: Partial<ConnectorCall> = {},
      retryAfter?: number,
    ): void => {
      calls.push({ ...base, ...call, status });
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
      });
      res.end(JSON.stringify(payload));
    };
    const team = TEAM_CHANNELS.exec(url.pathname);
    if (team && method === 'GET') {
      const teamId = decodeURIComponent(team[1]!);
      return reply(200, { conversations: teamChannels.get(teamId) ?? [] }, { conversationId: teamId });
    }
    if (!m) return reply(404, { error: { code: 'NotFound', message: url.pathname } });

    const [, , kind, id] = m;
    const decodedId = id === undefined ? undefined : decodeURIComponent(id);
    if (kind === 'members') {
      if (failures.method === 'GET' && failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        return reply(failures.status, { error: { code: 'ServiceError' } }, { memberId: decodedId });
      }
      const member = decodedId ? members.get(decodedId) : undefined;
      if (method !== 'GET' || !member)
        return reply(404, { error: { code: 'MemberNotFound' } }, { memberId: decodedId });
      return reply(200, member, { memberId: decodedId });
    }
    const failing = failures.method ? method === failures.method : method === 'POST' || method === 'PUT';
    if (failing && failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      return reply(
        failures.status,
        { error: { code: 'Throttled', message: 'Too many requests' } },
        { activityId: decodedId },
        failures.retryAfter,
      );
    }
    if (method === 'POST') {
      const resultId = `1700000000${String(++seq).padStart(3, '0')}`;
      return reply(201, { id: resultId }, { activityId: decodedId, resultId });
    }
    if (method === 'PUT' && decodedId)
      return reply(200, { id: decodedId }, { activityId: decodedId, resultId: decodedId });
    return reply(405, { error: { code: 'MethodNotAllowed' } });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const ok = (c: ConnectorCall) => c.status >= 200 && c.status < 300;
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    sent: () => calls.filter((c) => c.method === 'POST' && ok(c)),
    updates: () => calls.filter((c) => c.method === 'PUT' && ok(c)),
    addMember: (member) => {
      members.set(member.id, member);
      if (member.aadObjectId) members.set(member.aadObjectId, member);
    },
    addTeamChannel: (teamId, channel) => {
      teamChannels.set(teamId, [...(teamChannels.get(teamId) ?? []), channel]);
    },
    failNext: (count = 1, status = 429, method, retryAfterSeconds) => {
      failures = {
        count,
        status,
        ...(method ? { method } : {}),
        ...(retryAfterSeconds !== undefined ? { retryAfter: retryAfterSeconds } : {}),
      };
    },
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(calls)) {
        if (Date.now() > deadline) {
          const seen = calls.map((c) => `${c.method} ${c.conversationId} ${c.status}`).join('\n  ');
          throw new Error(`fake Bot Connector: condition not met within ${timeoutMs} ms; calls:\n  ${seen}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** The text of a sent activity, or of the first Adaptive Card TextBlock when it carries a card. */
export function activityText(call: ConnectorCall): string {
  return typeof call.body?.text === 'string' ? call.body.text : '';
}

/** The Adaptive Card content of a sent or updated activity, if any. */
export function activityCard(call: ConnectorCall): Record<string, unknown> | undefined {
  const attachments = call.body?.attachments as
    Array<{ contentType?: string; content?: unknown }> | undefined;
  const card = attachments?.find((a) => a.contentType === 'application/vnd.microsoft.card.adaptive');
  return card?.content as Record<string, unknown> | undefined;
}
