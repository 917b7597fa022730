import { z } from 'zod';
import type { ConversationReference } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { Logger } from '../../logger.js';

/**
 * Where the bot can post proactively. Teams needs a service URL and a conversation id; the full
 * ConversationReference from the last activity in a conversation (or from `conversationUpdate`,
 * which the engine stores) is the best source, and a reference rebuilt from the tenant's service
 * URL is the fallback after a restart.
 */

/** Public-cloud Teams endpoint that accepts proactive posts for any region. */
export const DEFAULT_TEAMS_SERVICE_URL = 'https://smba.trafficmanager.net/teams/';

const StoredReferenceSchema = z.looseObject({
  serviceUrl: z.string().url(),
  channelId: z.string().optional(),
  conversation: z.looseObject({
    id: z.string().min(1),
    conversationType: z.string().optional(),
    tenantId: z.string().optional(),
  }),
  bot: z.looseObject({ id: z.string(), name: z.string().optional() }).optional(),
});

export class ConversationReferences {
  private readonly byConversation = new Map<string, Partial<ConversationReference>>();
  private readonly serviceUrlByTenant = new Map<string, string>();
  private botAccount?: { id: string; name?: string };
  /** Set when the adapter is mounted: the engine keeps each channel's reference in MongoDB. */
  engine?: Pick<Engine, 'getChannel'>;

  constructor(private readonly logger?: Logger) {}

  /** Remembers a conversation's base reference (no reply-chain suffix, no activity id). */
  remember(tenantId: string, channelId: string, ref: Partial<ConversationReference>): void {
    const base: Partial<ConversationReference> = {
      ...ref,
      activityId: undefined,
      conversation: {
        ...(ref.conversation ?? { isGroup: true, name: '', conversationType: '' }),
        id: channelId,
      } as ConversationReference['conversation'],
    };
    this.byConversation.set(key(tenantId, channelId), base);
    if (ref.serviceUrl) this.serviceUrlByTenant.set(tenantId, ref.serviceUrl);
    if (ref.bot?.id) this.botAccount = { id: ref.bot.id, name: ref.bot.name };
  }

  async find(tenantId: string, channelId: string): Promise<Partial<ConversationReference>> {
    const known = this.byConversation.get(key(tenantId, channelId));
    if (known) return known;
    // What conversationUpdate stored survives a restart; a read error falls through to the guess.
    const stored = await this.engine?.getChannel(tenantId, 'teams', channelId).catch((err: unknown) => {
      this.logger?.warn({ err, channelId }, 'teams: reading the stored conversation reference failed');
      return null;
    });
    const parsed = StoredReferenceSchema.safeParse(stripNulls(stored?.conversationReference));
    if (parsed.success) {
      const ref = parsed.data as unknown as Partial<ConversationReference>;
      this.remember(tenantId, channelId, ref);
      return ref;
    }
    // After a restart nothing may be known yet: Teams' global endpoint accepts proactive posts.
    const serviceUrl =
      this.serviceUrlByTenant.get(tenantId) ?? this.anyServiceUrl() ?? DEFAULT_TEAMS_SERVICE_URL;
    return {
      serviceUrl,
      channelId: 'msteams',
      conversation: {
        id: channelId,
        // Channel ids are `19:…@thread.tacv2` / `@thread.skype`; chats have other shapes.
        conversationType: channelId.includes('@thread') ? 'channel' : 'personal',
        isGroup: channelId.includes('@thread'),
        tenantId,
        name: '',
      },
      ...(this.botAccount
        ? { bot: { id: this.botAccount.id, name: this.botAccount.name ?? 'Switchboard' } }
        : {}),
    };
  }

  private anyServiceUrl(): string | undefined {
    const first = this.serviceUrlByTenant.values().next();
    return first.done ? undefined : first.value;
  }
}

/** MongoDB stores a reference's `undefined` fields as null; the library wants them absent. */
function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, stripNulls(v)]),
  );
}

function key(tenantId: string, channelId: string): string {
  return `${tenantId}\u0000${channelId}`;
}
