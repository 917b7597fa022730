import type { webApi } from '@slack/bolt';
import { z } from 'zod';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';

/** Who wrote a message, as the author part of an InboundMessage needs it. */
export interface SlackPerson {
  name?: string;
  email?: string;
  teamId?: string;
  isBot: boolean;
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

/** users.info and team.info, cached: every customer message needs both, Slack rate-limits them (tier 4 / tier 3). */
export interface SlackDirectory {
  person(userId: string): Promise<SlackPerson>;
  org(teamId: string): Promise<SlackOrg>;
}

export function createSlackDirectory(deps: {
  client: webApi.WebClient;
  clock: Clock;
  logger: Logger;
  ttlMs?: number;
  maxEntries?: number;
}): SlackDirectory {
  const ttl = deps.ttlMs ?? 60 * 60 * 1000;
  const max = deps.maxEntries ?? 5000;
  const people = new Map<string, { at: number; value: Promise<SlackPerson> }>();
  const orgs = new Map<string, { at: number; value: Promise<SlackOrg> }>();

  function cached<T>(
    map: Map<string, { at: number; value: Promise<T> }>,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const now = deps.clock.now().getTime();
    const hit = map.get(key);
    if (hit && now - hit.at < ttl) return hit.value;
    if (map.size >= max) map.delete(map.keys().next().value as string);
    const value = load();
    map.set(key, { at: now, value });
    // A failed lookup is not remembered: the next message tries again.
    value.catch(() => map.delete(key));
    return value;
  }

  return {
    person(userId) {
      return cached(people, userId, async () => {
        try {
          const res = UserInfoSchema.parse(await deps.client.users.info({ user: userId }));
          const u = res.user;
          const email = EmailSchema.safeParse(u.profile?.email);
          return {
            name: u.profile?.display_name || u.profile?.real_name || u.real_name || u.name,
            email: email.success ? email.data : undefined,
            teamId: u.team_id,
            isBot: u.is_bot ?? false,
          };
        } catch (err) {
          // The message still counts without a name; the engine asks for an email when it needs one.
          deps.logger.warn({ err, userId }, 'slack users.info failed');
          return { isBot: false };
        }
      });
    },
    org(teamId) {
      return cached(orgs, teamId, async () => {
        try {
          const res = TeamInfoSchema.parse(await deps.client.team.info({ team: teamId }));
          const email = res.team.email_domain?.split(',')[0]?.trim().toLowerCase();
          return {
            name: res.team.name || undefined,
            slackDomain: res.team.domain || undefined,
            emailDomain: email && DomainSchema.safeParse(email).success ? email : undefined,
          };
        } catch (err) {
          deps.logger.warn({ err, teamId }, 'slack team.info failed');
          return {};
        }
      });
    },
  };
}
