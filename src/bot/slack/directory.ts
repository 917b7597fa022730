import type { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';

/** Who wrote a message, as the author part of an InboundMessage needs it. */
export interface SlackPerson {
  name?: string;
  email?: string;
  /** The person's own workspace, from users.info (never from the event or click payload). */
  teamId?: string;
  /** Their Enterprise Grid org (users.info `enterprise_user.enterprise_id`). */
  enterpriseId?: string;
  /** users.info says the person is not in any workspace the asking one shares an org with. */
  isStranger?: boolean;
  isBot: boolean;
  /** False when users.info failed or did not know the person: they are treated as external. */
  known: boolean;
}

/** The workspace (and Enterprise Grid org) that installed the bot: its people are staff. */
export interface SlackHomeWorkspace {
  teamId: string;
  enterpriseId?: string;
}

/**
 * Whether the directory says this person belongs to the installing workspace (or its Grid org).
 * Only users.info decides: an unknown person, a stranger, or a failed lookup is external.
 */
export function isHomeMember(person: SlackPerson, home: SlackHomeWorkspace): boolean {
  if (!person.known || person.isStranger) return false;
  if (person.teamId !== undefined && person.teamId === home.teamId) return true;
  return home.enterpriseId !== undefined && person.enterpriseId === home.enterpriseId;
}

export interface SlackOrg {
  name?: string;
  /** The workspace's Slack subdomain (`acme` of acme.slack.com): for display only. */
  slackDomain?: string;
  /**
   * The organization's email domain (team.info `email_domain`, first of a comma-separated list):
   * what a customer account's `domain` is compared with.
   */
  emailDomain?: string;
}

const UserInfoSchema = z.object({
  user: z.object({
    id: z.string(),
    team_id: z.string().optional(),
    name: z.string().optional(),
    real_name: z.string().optional(),
    is_bot: z.boolean().optional(),
    is_stranger: z.boolean().optional(),
    enterprise_user: z.object({ enterprise_id: z.string().optional() }).optional(),
    profile: z
      .object({
        display_name: z.string().optional(),
        real_name: z.string().optional(),
        email: z.string().optional(),
      })
      .optional(),
  }),
});

const TeamInfoSchema = z.object({
  team: z.object({
    id: z.string(),
    name: z.string().optional(),
    domain: z.string().optional(),
    email_domain: z.string().optional(),
  }),
});

const EmailSchema = z.string().email();
const DomainSchema = z.string().regex(/^(?:[a-z0-9-]+\.)+[a-z]{2,}$/);

/**
 * users.info and team.info, cached: every customer message needs both, Slack rate-limits them
 * (tier 4 / tier 3). Each call names the client to ask with: with several installs, the asking
 * workspace's token (answers, `is_stranger` included, depend on who asks), and the cache is per
 * asking workspace.
 */
export interface SlackDirectory {
  person(client: webApi.WebClient, askingTeamId: string, userId: string): Promise<SlackPerson>;
  org(client: webApi.WebClient, teamId: string): Promise<SlackOrg>;
}

/** A failed users.info is asked again after this long (the person is external meanwhile). */
const FAILED_TTL_MS = 30_000;

export function createSlackDirectory(deps: {
  clock: Clock;
  logger: Logger;
  ttlMs?: number;
  maxEntries?: number;
}): SlackDirectory {
  const ttl = deps.ttlMs ?? 60 * 60 * 1000;
  const max = deps.maxEntries ?? 5000;
  type Entry<T> = { at: number; ttl: number; value: Promise<T> };
  const people = new Map<string, Entry<SlackPerson>>();
  const orgs = new Map<string, Entry<SlackOrg>>();

  /** A bounded LRU with a time to live: a hit moves to the back, the least recently used goes first. */
  function cached<T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<{ value: T; ttl?: number }>,
  ): Promise<T> {
    const now = deps.clock.now().getTime();
    const hit = map.get(key);
    map.delete(key);
    if (hit && now - hit.at < hit.ttl) {
      map.set(key, hit);
      return hit.value;
    }
    while (map.size >= max) map.delete(map.keys().next().value as string);
    const entry: Entry<T> = { at: now, ttl, value: Promise.resolve(undefined as T) };
    entry.value = load().then((r) => {
      if (r.ttl !== undefined) entry.ttl = r.ttl;
      return r.value;
    });
    map.set(key, entry);
    // A thrown lookup is not remembered: the next message tries again.
    entry.value.catch(() => map.delete(key));
    return entry.value;
  }

  return {
    person(client, askingTeamId, userId) {
      return cached(people, `${askingTeamId}\u0000${userId}`, async () => {
        try {
          const res = UserInfoSchema.parse(await client.users.info({ user: userId }));
          const u = res.user;
          const email = EmailSchema.safeParse(u.profile?.email);
          return {
            value: {
              name: u.profile?.display_name || u.profile?.real_name || u.real_name || u.name,
              email: email.success ? email.data : undefined,
              teamId: u.team_id,
              enterpriseId: u.enterprise_user?.enterprise_id,
              isStranger: u.is_stranger ?? false,
              isBot: u.is_bot ?? false,
              known: true,
            },
          };
        } catch (err) {
          // The message still counts without a name, but nobody unknown is staff: external, and
          // asked again soon rather than after an hour.
          deps.logger.warn({ err, userId }, 'slack users.info failed');
          return { value: { isBot: false, known: false }, ttl: FAILED_TTL_MS };
        }
      });
    },
    org(client, teamId) {
      return cached(orgs, teamId, async () => {
        try {
          const res = TeamInfoSchema.parse(await client.team.info({ team: teamId }));
          const email = res.team.email_domain?.split(',')[0]?.trim().toLowerCase();
          return {
            value: {
              name: res.team.name || undefined,
              slackDomain: res.team.domain || undefined,
              emailDomain: email && DomainSchema.safeParse(email).success ? email : undefined,
            },
          };
        } catch (err) {
          deps.logger.warn({ err, teamId }, 'slack team.info failed');
          return { value: {}, ttl: FAILED_TTL_MS };
        }
      });
    },
  };
}
