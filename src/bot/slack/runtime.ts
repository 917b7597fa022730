import type { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import { isHomeMember, type SlackDirectory, type SlackHomeWorkspace } from './directory.js';
import type { SlackWorkspaces } from './workspaces.js';

/** Who this bot is, from auth.test: the home workspace is the tenant. */
export interface SlackIdentity {
  teamId: string;
  enterpriseId?: string;
  teamName?: string;
  botUserId: string;
  botId?: string;
}

const AuthTestSchema = z.object({
  team_id: z.string().min(1),
  team: z.string().optional(),
  user_id: z.string().min(1),
  bot_id: z.string().optional(),
  enterprise_id: z.string().nullish(),
});

/** auth.test once per process (retried after a failure), shared by start-up and Bolt's authorize. */
export function createIdentityLoader(client: webApi.WebClient): () => Promise<SlackIdentity> {
  let pending: Promise<SlackIdentity> | undefined;
  return () => {
    pending ??= client.auth
      .test()
      .then((res) => {
        const r = AuthTestSchema.parse(res);
        return {
          teamId: r.team_id,
          enterpriseId: r.enterprise_id ?? undefined,
          teamName: r.team,
          botUserId: r.user_id,
          botId: r.bot_id,
        };
      })
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

/**
 * Event ids this process has already taken in. Slack redelivers when it did not see our 200 in
 * 3 s; the engine de-duplicates by event id in MongoDB too, so this only saves the round trip.
 */
export class RecentEvents {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 10_000) {}
  /** True the first time an id is seen. */
  firstTime(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.remember(id);
    return true;
  }
  has(id: string): boolean {
    return this.ids.has(id);
  }
  remember(id: string): void {
    if (this.ids.has(id)) return;
    if (this.ids.size >= this.max) this.ids.delete(this.ids.values().next().value as string);
    this.ids.add(id);
  }
}

/** Everything the listeners share. Web API calls use the listener's own `client` (its workspace's token). */
export interface SlackRuntime {
  engine: Engine;
  workspaces: SlackWorkspaces;
  directory: SlackDirectory;
  logger: Logger;
  clock: Clock;
  recent: RecentEvents;
  staffChannelId?: string;
}

/**
 * The installing workspace and the organization it belongs to (engine.resolveOrg). Its people
 * (and, on Enterprise Grid, its org's) are staff; everyone else is a customer.
 */
export interface SlackHome extends SlackHomeWorkspace {
  orgId: string;
}

/** What Bolt's authorize put in the listener context: the installing workspace and its bot. */
export interface SlackSelf extends SlackHomeWorkspace {
  botUserId?: string;
  botId?: string;
}

const ContextSchema = z.object({
  teamId: z.string().min(1).optional(),
  enterpriseId: z.string().min(1).optional(),
  botUserId: z.string().optional(),
  botId: z.string().optional(),
});

/** The installing workspace of this delivery, from Bolt's context (set by authorize, never by the payload). */
export function selfOf(context: unknown): SlackSelf {
  const c = ContextSchema.safeParse(context);
  const data = c.success ? c.data : {};
  return {
    // Bolt sets teamId for every authorized delivery; '' only matches nobody (fail closed).
    teamId: data.teamId ?? '',
    enterpriseId: data.enterpriseId,
    botUserId: data.botUserId,
    botId: data.botId,
  };
}

/** `self`'s organization: where commands, clicks and App Home belong. */
export async function homeOf(rt: SlackRuntime, self: SlackHomeWorkspace): Promise<SlackHome> {
  return {
    teamId: self.teamId,
    enterpriseId: self.enterpriseId,
    orgId: await rt.engine.resolveOrg('slack', [self.teamId, self.enterpriseId]),
  };
}

/**
 * The clicking or typing person, with their name and whether they are staff. users.info decides
 * (isHomeMember); the payload's `user.team_id` / `user_team` are never trusted for it, and a
 * person the directory does not know is external, so nobody of unknown origin can decide anything.
 */
export async function actorFor(
  rt: SlackRuntime,
  client: webApi.WebClient,
  user: { id: string; name?: string; username?: string },
  home: SlackHome,
): Promise<StaffActor> {
  const person = await rt.directory.person(client, home.teamId, user.id);
  return {
    platform: 'slack',
    tenantId: home.orgId,
    userId: user.id,
    // Cards say who decided by the name colleagues know, not the account handle.
    name: person.name ?? user.name ?? user.username,
    isExternal: !isHomeMember(person, home),
  };
}
