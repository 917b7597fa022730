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
/** A person the roster could not find is asked about again after this long, not on every card. */
const MISS_TTL_MS = 10 * 60 * 1000;
/** Teams user ids (MRIs) look like `29:1AbC…`; AAD object ids are GUIDs. */
const MRI = /^\d+:\S+$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `TeamsInfo.getMember`, cached for an hour per tenant and user: every message needs the
 * sender's name, email and tenant, and Teams throttles member look-ups like everything else.
 *
 * It also maps AAD object ids to Teams user ids (MRIs). Approvers are configured by AAD object
 * id, but an Adaptive Card's `refresh.userIds` must name MRIs. Every activity names both for its
 * sender, so MRIs are learned as people are seen; one nobody has seen yet in this process (after
 * a restart, say) is asked of the roster, which accepts an AAD object id as the member id.
 */
export class MemberDirectory {
  private readonly cache = new Map<string, { member: TeamsMember; at: number }>();
  private readonly mriByAad = new Map<string, string>();
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async lookup(ctx: TurnContext, tenantId: string): Promise<TeamsMember | undefined> {
    const from = ctx.activity.from;
    if (!from?.id) return undefined;
    if (from.aadObjectId) this.rememberMri(tenantId, from.aadObjectId, from.id);
    return this.fetch(ctx, tenantId, from.id);
  }

  /** One person of `ctx`'s conversation by Teams user id (a mentioned colleague), cached like the sender. */
  member(ctx: TurnContext, tenantId: string, userId: string): Promise<TeamsMember | undefined> {
    return this.fetch(ctx, tenantId, userId);
  }

  /** Records that `aadObjectId` is `mri` in Teams (both come on every activity a person sends). */
  rememberMri(tenantId: string, aadObjectId: string, mri: string): void {
    if (!MRI.test(mri) || aadObjectId === mri) return;
    this.mriByAad.set(key(tenantId, aadObjectId), mri);
    this.misses.delete(key(tenantId, aadObjectId));
  }

  /**
   * The ids Teams wants in `refresh.userIds`: the MRI for each AAD object id where it is known or
   * the roster of `ctx`'s conversation tells it. An AAD object id (a GUID) nobody could map stays
   * as it is, so the card still names that person; ids that are neither (a tenant shared with
   * other platforms lists their approvers too) are left out: Teams could not match them.
   */
  async teamsUserIds(ctx: TurnContext, tenantId: string, ids: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (const id of ids) {
      if (MRI.test(id)) {
        out.push(id);
        continue;
      }
      const known = this.mriByAad.get(key(tenantId, id));
      if (known) {
        out.push(known);
        continue;
      }
      // Only AAD object ids can be looked up; others belong to other platforms sharing the tenant.
      if (!GUID.test(id)) continue;
      const missedAt = this.misses.get(key(tenantId, id));
      const now = this.clock.now().getTime();
      const member =
        missedAt !== undefined && now - missedAt < MISS_TTL_MS
          ? undefined
          : await this.fetch(ctx, tenantId, id);
      if (member && MRI.test(member.id)) {
        this.rememberMri(tenantId, id, member.id);
        out.push(member.id);
      } else {
        this.misses.set(key(tenantId, id), now);
        out.push(id);
      }
    }
    return [...new Set(out)];
  }

  private async fetch(ctx: TurnContext, tenantId: string, userId: string): Promise<TeamsMember | undefined> {
    const k = key(tenantId, userId);
    const now = this.clock.now().getTime();
    const hit = this.cache.get(k);
    if (hit && now - hit.at < TTL_MS) return hit.member;
    try {
      const parsed = MemberSchema.safeParse(await TeamsInfo.getMember(ctx, userId));
      if (!parsed.success) return undefined;
      this.cache.set(k, { member: parsed.data, at: now });
      if (parsed.data.aadObjectId) this.rememberMri(tenantId, parsed.data.aadObjectId, parsed.data.id);
      return parsed.data;
    } catch (err) {
      // Shared-channel guests can be invisible to the roster; the activity still names them.
      this.logger.debug({ err, userId }, 'teams: member look-up failed');
      return undefined;
    }
  }
}

function key(tenantId: string, userId: string): string {
  return `${tenantId}\u0000${userId}`;
}
