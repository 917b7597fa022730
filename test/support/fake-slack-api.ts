import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Web API call as the fake received it (token removed, JSON-valued fields parsed). */
export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  /** What the fake answered (e.g. the `ts` of a posted message). */
  result?: Record<string, unknown>;
  /** The bearer token the call carried (the WebClient sends it in the Authorization header). */
  token?: string;
}

/** A workspace (or Enterprise Grid org) an "Add to Slack" install can grant a token for. */
export interface FakeSlackInstallGrant {
  team?: { id: string; name: string };
  enterprise?: { id: string; name: string };
  isEnterpriseInstall?: boolean;
  botUserId?: string;
  /** Token rotation: the bot token expires after this many seconds and comes with a refresh token. */
  expiresIn?: number;
}

export interface FakeSlackUser {
  id: string;
  teamId: string;
  name: string;
  realName?: string;
  email?: string;
  isBot?: boolean;
  /** users.info `enterprise_user.enterprise_id`: the person's Enterprise Grid org. */
  enterpriseId?: string;
  /** users.info `is_stranger`: not in any workspace the asking one shares an org with. */
  isStranger?: boolean;
}

export interface FakeSlackApiOptions {
  team?: { id: string; name: string; domain: string };
  botUserId?: string;
  botId?: string;
  users?: FakeSlackUser[];
  /** Other workspaces (Slack Connect organizations) team.info knows. */
  teams?: Array<{ id: string; name: string; domain: string; emailDomain?: string }>;
  channels?: Array<{ id: string; name: string; isExtShared?: boolean }>;
}

export interface FakeSlackApi {
  /** Base for `slackApiUrl`, ending in `/api/`. */
  url: string;
  calls: SlackCall[];
  callsTo(method: string): SlackCall[];
  /** Replies the bot posted in a thread (chat.postMessage with thread_ts), in order. */
  threadReplies(channel: string, threadTs: string): SlackCall[];
  /** The bot's messages in a thread as people see them now (after every chat.update), in order. */
  threadMessages(channel: string, threadTs: string): Array<{ ts: string; text?: string; blocks?: unknown[] }>;
  /** The current text/blocks of a posted message, after every chat.update. */
  message(channel: string, ts: string): { text?: string; blocks?: unknown[]; thread_ts?: string } | undefined;
  /** The next call of `method` answers `{ ok: false, error }`. */
  failNext(method: string, error: string): void;
  /** The next call of `method` answers 429 with Retry-After. */
  rateLimitNext(method: string, retryAfterSeconds: number): void;
  addUser(user: FakeSlackUser): void;
  /** Slack's side of "Add to Slack": the next oauth.v2.access with this code grants a token. */
  grantInstall(code: string, grant: FakeSlackInstallGrant): void;
  /** Tokens the fake issued through oauth.v2.access, with the workspace each is for. */
  issuedTokens(): Array<{ token: string; teamId?: string; enterpriseId?: string; revoked: boolean }>;
  /** Slack revokes a token (uninstall): calls with it answer `token_revoked`. */
  revoke(token: string): void;
  /** The app's client id and secret oauth.v2.access accepts. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** Resolves once `predicate` holds for the recorded calls; rejects after `timeoutMs`. */
  waitFor(predicate: (calls: SlackCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

function parseArgs(raw: string, contentType: string | undefined): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (contentType?.includes('application/json'))
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  for (const [k, v] of new URLSearchParams(raw)) {
    // The WebClient JSON-encodes arrays and objects (blocks, view) inside form bodies, as Slack expects.
    if ((v.startsWith('[') || v.startsWith('{')) && k !== 'text') {
      try {
        args[k] = JSON.parse(v);
        continue;
      } catch {
        // a text that merely starts with a bracket
      }
    }
    args[k] = v;
  }
  delete args.token;
  return args;
}

/**
 * A loopback stand-in for the Slack Web API: answers like Slack (`ok: true` JSON, Slack's error
 * codes, 429 + Retry-After), and records every call so tests assert what people would see.
 */
export async function startFakeSlackApi(options: FakeSlackApiOptions = {}): Promise<FakeSlackApi> {
  const team = options.team ?? { id: 'T0123ABCD', name: 'Northwind Supply Co.', domain: 'northwind' };
  const botUserId = options.botUserId ?? 'U0BOT0SWB';
  const botId = options.botId ?? 'B0BOT0SWB';
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const teams = new Map<string, { id: string; name: string; domain: string; emailDomain?: string }>([
    [team.id, team],
    ...(options.teams ?? []).map((t) => [t.id, t] as const),
  ]);
  const channels = new Map((options.channels ?? []).map((c) => [c.id, c]));
  const calls: SlackCall[] = [];
  const messages = new Map<
    string,
    { text?: string; blocks?: unknown[]; thread_ts?: string; ts?: string; metadata?: unknown }
  >();
  const failures = new Map<string, string[]>();
  const rateLimits = new Map<string, number[]>();
  let seq = 100;
  const clientId = '1111111111.2222222222';
  const clientSecret = 'fake-client-secret-0123456789abcdef';
  const grants = new Map<string, FakeSlackInstallGrant>();
  type Issued = { token: string; grant: FakeSlackInstallGrant; revoked: boolean; expiresAt?: number };
  const issued = new Map<string, Issued>();
  const refreshTokens = new Map<string, FakeSlackInstallGrant>();
  let tokenSeq = 0;
  const nextTs = () => `1730000${String(seq++).padStart(3, '0')}.000200`;
  /**
   * A stored bot message as conversations.history and .replies list it: metadata only with
   * include_all_metadata=true.
   */
  const listed = (m: { text?: string; ts?: string; metadata?: unknown }, args: Record<string, unknown>) => {
    const withMeta = args.include_all_metadata === true || args.include_all_metadata === 'true';
    return {
      type: 'message',
      user: botUserId,
      bot_id: botId,
      text: m.text,
      ts: m.ts,
      ...(withMeta && m.metadata ? { metadata: m.metadata } : {}),
    };
  };

  /** An issued bot token answering for its own workspace, as oauth.v2.access documents it. */
  function grantToken(grant: FakeSlackInstallGrant): Record<string, unknown> {
    const token = `xoxb-fake-${++tokenSeq}-${grant.team?.id ?? grant.enterprise?.id}`;
    const rotating = grant.expiresIn !== undefined;
    const entry: Issued = { token, grant, revoked: false };
    if (rotating) entry.expiresAt = Date.now() + grant.expiresIn! * 1000;
    issued.set(token, entry);
    const refresh = rotating ? `xoxe-1-fake-refresh-${tokenSeq}` : undefined;
    if (refresh) refreshTokens.set(refresh, grant);
    return {
      ok: true,
      access_token: token,
      token_type: 'bot',
      scope: 'channels:history,groups:history,chat:write,users:read',
      bot_user_id: grant.botUserId ?? botUserId,
      app_id: 'A0SWITCHB',
      team: grant.isEnterpriseInstall ? null : (grant.team ?? null),
      enterprise: grant.enterprise ?? null,
      is_enterprise_install: grant.isEnterpriseInstall ?? false,
      authed_user: { id: 'U0INSTALL1' },
      ...(rotating ? { refresh_token: refresh, expires_in: grant.expiresIn } : {}),
    };
  }

  function answer(method: string, args: Record<string, unknown>, token?: string): Record<string, unknown> {
    const channel = String(args.channel ?? '');
    const own = token ? issued.get(token) : undefined;
    if (method === 'oauth.v2.access') {
      if (args.client_id !== clientId) return { ok: false, error: 'invalid_client_id' };
      if (args.client_secret !== clientSecret) return { ok: false, error: 'bad_client_secret' };
      if (args.grant_type === 'refresh_token') {
        const grant = refreshTokens.get(String(args.refresh_token));
        return grant ? grantToken(grant) : { ok: false, error: 'invalid_refresh_token' };
      }
      const grant = grants.get(String(args.code));
      grants.delete(String(args.code));
      return grant ? grantToken(grant) : { ok: false, error: 'invalid_code' };
    }
    if (own?.revoked) return { ok: false, error: 'token_revoked' };
    if (own?.expiresAt !== undefined && own.expiresAt < Date.now())
      return { ok: false, error: 'token_expired' };
    if (issued.size > 0 && token?.startsWith('xoxb-fake-') && !own)
      return { ok: false, error: 'invalid_auth' };
    switch (method) {
      case 'auth.test':
        if (own)
          return {
            ok: true,
            url: `https://${own.grant.team?.id ?? own.grant.enterprise?.id}.slack.com/`,
            team: own.grant.team?.name,
            user: 'switchboard',
            team_id: own.grant.team?.id ?? own.grant.enterprise?.id,
            enterprise_id: own.grant.enterprise?.id,
            user_id: own.grant.botUserId ?? botUserId,
            bot_id: botId,
            is_enterprise_install: own.grant.isEnterpriseInstall ?? false,
          };
        return {
          ok: true,
          url: `https://${team.domain}.slack.com/`,
          team: team.name,
          user: 'switchboard',
          team_id: team.id,
          user_id: botUserId,
          bot_id: botId,
        };
      case 'chat.postMessage': {
        if (!args.text && !args.blocks) return { ok: false, error: 'no_text' };
        const ts = nextTs();
        const ch = channel.startsWith('U') ? `D0${channel.slice(2)}` : channel;
        messages.set(`${ch}/${ts}`, {
          text: args.text as string,
          blocks: args.blocks as unknown[],
          thread_ts: args.thread_ts as string | undefined,
          ts,
          // Kept as Slack keeps it; returned only when asked with include_all_metadata.
          ...(args.metadata ? { metadata: args.metadata } : {}),
        });
        return {
          ok: true,
          channel: ch,
          ts,
          message: { type: 'message', user: botUserId, bot_id: botId, text: args.text, ts },
        };
      }
      case 'chat.update': {
        const key = `${channel}/${String(args.ts)}`;
        const existing = messages.get(key);
        if (!existing) return { ok: false, error: 'message_not_found' };
        messages.set(key, { ...existing, text: args.text as string, blocks: args.blocks as unknown[] });
        return { ok: true, channel, ts: args.ts, text: args.text };
      }
      case 'conversations.replies': {
        // Slack's shape: the thread's messages oldest first (the bot's replies here), metadata
        // included only with include_all_metadata=true; one page.
        const root = String(args.ts ?? '');
        const replies = [...messages.entries()]
          .filter(([k, m]) => k.startsWith(`${channel}/`) && m.thread_ts === root)
          .map(([, m]) => ({ ...listed(m, args), thread_ts: root }));
        return { ok: true, messages: replies, has_more: false, response_metadata: { next_cursor: '' } };
      }
      case 'conversations.history': {
        // Slack's shape: the channel's top-level messages newest first, metadata only with
        // include_all_metadata=true; one page.
        const top = [...messages.entries()]
          .filter(([k, m]) => k.startsWith(`${channel}/`) && !m.thread_ts)
          .map(([, m]) => listed(m, args))
          .reverse();
        return { ok: true, messages: top, has_more: false, response_metadata: { next_cursor: '' } };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: nextTs() };
      case 'chat.getPermalink':
        return {
          ok: true,
          channel,
          permalink: `https://${team.domain}.slack.com/archives/${channel}/p${String(args.message_ts).replace('.', '')}`,
        };
      case 'users.info': {
        const u = users.get(String(args.user));
        if (!u) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: u.id,
            team_id: u.teamId,
            name: u.name,
            real_name: u.realName ?? u.name,
            is_bot: u.isBot ?? false,
            ...(u.isStranger ? { is_stranger: true } : {}),
            ...(u.enterpriseId ? { enterprise_user: { id: u.id, enterprise_id: u.enterpriseId } } : {}),
            profile: {
              display_name: u.name,
              real_name: u.realName ?? u.name,
              ...(u.email ? { email: u.email } : {}),
            },
          },
        };
      }
      case 'team.info': {
        const t = teams.get(String(args.team ?? team.id));
        return t
          ? {
              ok: true,
              team: { id: t.id, name: t.name, domain: t.domain, email_domain: t.emailDomain ?? '' },
            }
          : { ok: false, error: 'team_not_found' };
      }
      case 'chat.delete': {
        const key = `${channel}/${String(args.ts)}`;
        if (!messages.has(key)) return { ok: false, error: 'message_not_found' };
        messages.delete(key);
        return { ok: true, channel, ts: args.ts };
      }
      case 'views.publish':
      case 'views.open':
        return { ok: true, view: { id: `V0${seq++}`, ...(args.view as object) } };
      case 'conversations.info': {
        const c = channels.get(channel);
        return c
          ? { ok: true, channel: { id: c.id, name: c.name, is_ext_shared: c.isExtShared ?? false } }
          : { ok: false, error: 'channel_not_found' };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
      const args = parseArgs(await readBody(req), req.headers['content-type']);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const call: SlackCall = { method, args, ...(bearer ? { token: bearer } : {}) };
      calls.push(call);
      const limited = rateLimits.get(method)?.shift();
      if (limited !== undefined) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(limited) });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const failure = failures.get(method)?.shift();
      const body = failure ? { ok: false, error: failure } : answer(method, args, bearer);
      call.result = body;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/`,
    calls,
    callsTo: (method) => calls.filter((c) => c.method === method),
    threadReplies: (channel, threadTs) =>
      calls.filter(
        (c) => c.method === 'chat.postMessage' && c.args.channel === channel && c.args.thread_ts === threadTs,
      ),
    threadMessages: (channel, threadTs) =>
      calls
        .filter(
          (c) =>
            c.method === 'chat.postMessage' &&
            c.args.channel === channel &&
            c.args.thread_ts === threadTs &&
            c.result?.ok,
        )
        .map((c) => {
          const ts = String(c.result?.ts);
          return { ts, ...messages.get(`${channel}/${ts}`) };
        }),
    message: (channel, ts) => messages.get(`${channel}/${ts}`),
    failNext(method, error) {
      failures.set(method, [...(failures.get(method) ?? []), error]);
    },
    rateLimitNext(method, seconds) {
      rateLimits.set(method, [...(rateLimits.get(method) ?? []), seconds]);
    },
    addUser(user) {
      users.set(user.id, user);
    },
    grantInstall(code, grant) {
      grants.set(code, grant);
    },
    issuedTokens: () =>
      [...issued.values()].map((i) => ({
        token: i.token,
        teamId: i.grant.team?.id,
        enterpriseId: i.grant.enterprise?.id,
        revoked: i.revoked,
      })),
    revoke(token) {
      const entry = issued.get(token);
      if (entry) entry.revoked = true;
    },
    clientId,
    clientSecret,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(calls)) {
        if (Date.now() > deadline)
          throw new Error(
            `fake Slack: condition not met in ${timeoutMs} ms; calls: ${calls.map((c) => c.method).join(', ')}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
