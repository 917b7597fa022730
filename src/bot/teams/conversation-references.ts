import { z } from 'zod';
import type { ConversationReference } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { Logger } from '../../logger.js';
import { UpstreamError } from '../../errors.js';

/**
 * Where the bot can post proactively. Teams needs a service URL and a conversation id; the full
 * ConversationReference from the last activity in a conversation (or from the installation,
 * which stores one for every channel of the team) is the source. A conversation nobody told us
 * about gets the service URL this tenant's own activities came from, never a guessed public-cloud
 * endpoint (wrong in GCC High, DoD and other regions); with neither, posting fails and the
 * engine's outbox tries again later.
 */

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
  engine?: Pick<Engine, 'getChannel' | 'registerChannel'>;
  /** Channels (with the service URL) whose stored reference this process has checked. */
  private readonly checked = new Set<string>();

  constructor(private readonly logger?: Logger) {}

  /** Remembers a conversation's base reference (no reply-chain suffix, no activity id). */
  remember(tenantId: string, channelId: string, ref: Partial<ConversationReference>): void {
    this.byConversation.set(key(tenantId, channelId), baseReference(ref, channelId));
    if (ref.serviceUrl) this.serviceUrlByTenant.set(tenantId, ref.serviceUrl);
    if (ref.bot?.id) this.botAccount = { id: ref.bot.id, name: ref.bot.name };
  }

  /**
   * Stores the reference with the channel when MongoDB has none or an older service URL: chats
   * and channels the bot got no `conversationUpdate` for (installed before, or a 1:1 chat) must
   * still be reachable after a restart. Checked once per channel and service URL per process.
   */
  async persist(tenantId: string, channelId: string, ref: Partial<ConversationReference>): Promise<void> {
    const checkedKey = `${key(tenantId, channelId)}\u0000${ref.serviceUrl ?? ''}`;
    if (!this.engine || !ref.serviceUrl || this.checked.has(checkedKey)) return;
    try {
      const stored = await this.engine.getChannel(tenantId, 'teams', channelId);
      const current = StoredReferenceSchema.safeParse(stripNulls(stored?.conversationReference));
      if (!current.success || current.data.serviceUrl !== ref.serviceUrl) {
        await this.engine.registerChannel({
          tenantId,
          platform: 'teams',
          channelId,
          conversationReference: baseReference(ref, channelId),
        });
      }
      this.checked.add(checkedKey);
    } catch (err) {
      // Not fatal: this process still knows the reference; the next activity tries again.
      this.logger?.warn({ err, channelId }, 'teams: storing the conversation reference failed');
    }
  }

  async find(tenantId: string, channelId: string): Promise<Partial<ConversationReference>> {
    const known = this.byConversation.get(key(tenantId, channelId));
    if (known) return known;
    // What the installation stored survives a restart; a read error falls through to the tenant's URL.
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
    const serviceUrl = this.serviceUrlByTenant.get(tenantId);
    if (!serviceUrl)
      throw new UpstreamError(
        'Teams has not told this process how to reach the conversation yet (no stored reference, no service URL for its tenant)',
      );
    this.logger?.warn({ channelId }, 'teams: no stored reference; using the tenant’s service URL');
    return {
      serviceUrl,
      channelId: 'msteams',
      conversation: {
        id: channelId,
        // Unknown without a reference: a channel/chat is told apart by Teams' conversationType,
        // never by the id's spelling (group chats are `19:…@thread.v2` too).
        conversationType: '',
        isGroup: true,
        tenantId,
        name: '',
      },
      ...(this.botAccount
        ? { bot: { id: this.botAccount.id, name: this.botAccount.name ?? 'Switchboard' } }
        : {}),
    };
  }

  /** Teams' own conversation type for a conversation (`channel`, `groupChat`, `personal`), if known. */
  async conversationType(tenantId: string, channelId: string): Promise<string | undefined> {
    const ref = await this.find(tenantId, channelId).catch(() => undefined);
    return ref?.conversation?.conversationType || undefined;
  }
}

/** A conversation's reference without the reply-chain suffix or an activity to reply to. */
function baseReference(
  ref: Partial<ConversationReference>,
  channelId: string,
): Partial<ConversationReference> {
  return {
    ...ref,
    activityId: undefined,
    conversation: {
      ...(ref.conversation ?? { isGroup: true, name: '', conversationType: '' }),
      id: channelId,
    } as ConversationReference['conversation'],
  };
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
