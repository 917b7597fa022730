import type { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { Engine } from '../../conversation/engine-api.js';
import type { StaffActor } from '../../conversation/ports.js';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';
import type { SlackDirectory } from './directory.js';

/** Who this bot is, from auth.test: the home workspace is the tenant. */
export interface SlackIdentity {
  teamId: string;
  teamName?: string;
  botUserId: string;
  botId?: string;
}

const AuthTestSchema = z.object({
  team_id: z.string().min(1),
  team: z.string().optional(),
  user_id: z.string().min(1),
  bot_id: z.string().optional(),
});

/** auth.test once per process (retried after a failure), shared by start-up and Bolt's authorize. */
export function createIdentityLoader(client: webApi.WebClient): () => Promise<SlackIdentity> {
  let pending: Promise<SlackIdentity> | undefined;
  return () => {
    pending ??= client.auth
      .test()
      .then((res) => {
        const r = AuthTestSchema.parse(res);
        return { teamId: r.team_id, teamName: r.team, botUserId: r.user_id, botId: r.bot_id };
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

/** Everything the listeners share. */
export interface SlackRuntime {
  engine: Engine;
  client: webApi.WebClient;
  directory: SlackDirectory;
  logger: Logger;
  clock: Clock;
  identity: () => Promise<SlackIdentity>;
  recent: RecentEvents;
  staffChannelId?: string;
}

/** The installing workspace and the organization it belongs to (engine.resolveOrg). */
export interface SlackHome {
  teamId: string;
  orgId: string;
}

/**
 * The bot's own workspace (auth.test) with its organization: where commands and card clicks
 * belong. Events name their workspace themselves (see events.ts).
 */
export async function selfHome(rt: SlackRuntime): Promise<SlackHome> {
  const self = await rt.identity();
  return { teamId: self.teamId, orgId: await rt.engine.resolveOrg('slack', self.teamId) };
}

/**
 * The clicking or typing person. In Slack Connect the user's own workspace (`user.team_id`) is
 * what counts, never the payload's team: a guest clicking in our channel is still a guest.
 * Staff are people of the installing workspace; what they act on is its organization's.
 */
export function actorFor(
  user: { id: string; name?: string; username?: string; team_id?: string },
  home: SlackHome,
  knownTeamId?: string,
): StaffActor {
  const team = user.team_id ?? knownTeamId;
  const homeTeamId = home.teamId;
  return {
    platform: 'slack',
    tenantId: home.orgId,
    userId: user.id,
    name: user.name ?? user.username,
    // Unknown team: treat as external, so nobody of unknown origin can decide anything.
    isExternal: team !== homeTeamId,
  };
}
