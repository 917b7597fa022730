import { ChannelSettingsSchema, type ChannelSettings } from '../domain/index.js';
import type { ChannelStore } from '../conversation/stores.js';
import { NotFoundError } from '../errors.js';
import {
  COLLECTIONS,
  collection,
  createCodec,
  retryOnDuplicate,
  type RepositoryDeps,
} from './collections.js';

export interface ChannelRepository extends ChannelStore {
  /** Inserts the channel only if it is not known yet (seed, first sight); returns the stored one. */
  ensure(settings: ChannelSettings): Promise<ChannelSettings>;
}

export function createChannelRepository({ db, logger, clock }: RepositoryDeps): ChannelRepository {
  const col = collection(db, COLLECTIONS.channels);
  const codec = createCodec(ChannelSettingsSchema, COLLECTIONS.channels, logger);
  const key = (s: Pick<ChannelSettings, 'tenantId' | 'platform' | 'channelId'>) => ({
    tenantId: s.tenantId,
    platform: s.platform,
    channelId: s.channelId,
  });
  return {
    async get(tenantId, platform, channelId) {
      return codec.out(await col.findOne({ tenantId, platform, channelId }));
    },
    async upsert(settings) {
      const doc = codec.in(settings);
      // Two processes seeing a new channel at once (start-up registers the staff channel on each):
      // the insert that lost the race is retried as the update it then is, never a crash.
      await retryOnDuplicate(() => col.replaceOne(key(doc), doc, { upsert: true }));
      return doc;
    },
    async ensure(settings) {
      const doc = codec.in(settings);
      const stored = await retryOnDuplicate(() =>
        col.findOneAndUpdate(key(doc), { $setOnInsert: doc }, { upsert: true, returnDocument: 'after' }),
      );
      return codec.out(stored) ?? doc;
    },
    async setMode(tenantId, platform, channelId, mode, by) {
      const stored = await retryOnDuplicate(() =>
        col.findOneAndUpdate(
          { tenantId, platform, channelId },
          {
            $set: { mode, updatedAt: clock.now(), updatedBy: by },
            $setOnInsert: { tenantId, platform, channelId, kind: 'customer' },
          },
          { upsert: true, returnDocument: 'after' },
        ),
      );
      const out = codec.out(stored);
      if (!out) throw new NotFoundError(`Channel ${channelId} could not be read back after setting its mode`);
      return out;
    },
    async list(tenantId) {
      return codec.outMany(await col.find({ tenantId }).sort({ channelId: 1 }).toArray());
    },
  };
}
