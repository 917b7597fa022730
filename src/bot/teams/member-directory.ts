import { z } from 'zod';
import { TeamsInfo, type TurnContext } from 'botbuilder';
import type { Clock } from '../../domain/index.js';
import type { Logger } from '../../logger.js';

/** What Teams tells us about a person (TeamsChannelAccount), parsed: it is outside input. */
const MemberSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  aadObjectId: z.string().optional(),
  email: z.string().optional(),
  userPrincipalName: z.string().optional(),
  tenantId: z.string().optional(),
  userRole: z.string().optional(),
});
export type TeamsMember = z.infer<typeof MemberSchema>;

const TTL_MS = 60 * 60 * 1000;

/**
 * `TeamsInfo.getMember`, cached for an hour per tenant and user: every message needs the
 * sender's name, email and tenant, and Teams throttles member look-ups like everything else.
 */
export class MemberDirectory {
  private readonly cache = new Map<string, { member: TeamsMember; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async lookup(ctx: TurnContext, tenantId: string): Promise<TeamsMember | undefined> {
    const userId = ctx.activity.from?.id;
    if (!userId) return undefined;
    const key = `${tenantId}\u0000${userId}`;
    const now = this.clock.now().getTime();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.member;
    try {
      const parsed = MemberSchema.safeParse(await TeamsInfo.getMember(ctx, userId));
      if (!parsed.success) return undefined;
      this.cache.set(key, { member: parsed.data, at: now });
      return parsed.data;
    } catch (err) {
      // Shared-channel guests can be invisible to the roster; the activity still names them.
      this.logger.debug({ err, userId }, 'teams: member look-up failed');
      return undefined;
    }
  }
}
