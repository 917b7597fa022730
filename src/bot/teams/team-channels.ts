import { TeamsInfo, TurnContext } from 'botbuilder';
import type { Engine } from '../../conversation/engine-api.js';
import type { Logger } from '../../logger.js';
import type { ConversationReferences } from './conversation-references.js';

export interface TeamChannelsDeps {
  engine: Pick<Engine, 'registerChannel'>;
  tenantId: string;
  teamId: string;
  references: ConversationReferences;
  logger: Logger;
}

/**
 * On installation in a team: asks Teams for the team's channels (`GET /v3/teams/{id}/conversations`)
 * and stores a reference for each, so the bot can post in any of them (the staff channel above
 * all) after a restart, before anyone has written there. Best effort: a channel not stored here is
 * stored when the bot first hears from it.
 */
export async function storeTeamChannels(ctx: TurnContext, deps: TeamChannelsDeps): Promise<void> {
  const { engine, tenantId, teamId, references, logger } = deps;
  let channels: Array<{ id?: string; name?: string }>;
  try {
    channels = await TeamsInfo.getTeamChannels(ctx, teamId);
  } catch (err) {
    logger.warn({ err, teamId }, 'teams: listing the team’s channels failed');
    return;
  }
  const ref = TurnContext.getConversationReference(ctx.activity);
  for (const channel of channels) {
    if (!channel.id) continue;
    const reference = {
      ...ref,
      activityId: undefined,
      conversation: {
        id: channel.id,
        conversationType: 'channel',
        isGroup: true,
        tenantId: ref.conversation?.tenantId,
        name: channel.name ?? '',
      },
    };
    references.remember(tenantId, channel.id, reference);
    await engine.registerChannel({
      tenantId,
      platform: 'teams',
      channelId: channel.id,
      // The General channel comes without a name.
      name: channel.name ?? 'General',
      conversationReference: reference,
    });
  }
  logger.info({ tenantId, teamId, channels: channels.length }, 'teams: team channels stored');
}
