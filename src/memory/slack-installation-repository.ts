import { z } from 'zod';
import type { SlackInstallationRecord, SlackInstallationStore } from '../bot/slack/installations.js';
import { DateSchema, TenantIdSchema } from '../domain/common.js';
import { COLLECTIONS, createCodec, type RepositoryDeps } from './collections.js';

const SlackInstallationDocSchema = z.object({
  key: z.string().min(1).max(200),
  teamId: z.string().min(1).max(64).optional(),
  enterpriseId: z.string().min(1).max(64).optional(),
  isEnterpriseInstall: z.boolean(),
  orgId: TenantIdSchema,
  installation: z.record(z.string(), z.unknown()).optional(),
  disabled: z.object({ reason: z.enum(['app_uninstalled', 'tokens_revoked']), at: DateSchema }).optional(),
  installedAt: DateSchema,
  updatedAt: DateSchema,
});

const RouteSchema = z.object({ installKey: z.string().min(1).max(200) });

/**
 * Slack installs keyed by `_id` = install key (every lookup of the hot path is an `_id` equality),
 * and channel routes keyed by channel id. Tokens live in `installation` until the install is
 * disabled, when they are removed ($unset), not just flagged.
 */
export function createSlackInstallationRepository({ db, logger }: RepositoryDeps): SlackInstallationStore {
  type Doc = { _id: string } & Record<string, unknown>;
  const installs = db.collection<Doc>(COLLECTIONS.slackInstallations);
  const routes = db.collection<Doc>(COLLECTIONS.slackChannelRoutes);
  const codec = createCodec(SlackInstallationDocSchema, COLLECTIONS.slackInstallations, logger);
  const strip = (r: z.output<typeof SlackInstallationDocSchema>): SlackInstallationRecord => r;
  return {
    async save(record) {
      const doc = codec.in(record);
      await installs.replaceOne({ _id: doc.key }, doc, { upsert: true });
    },
    async get(key) {
      const doc = codec.out(await installs.findOne({ _id: key }));
      return doc ? strip(doc) : null;
    },
    async disable(key, reason, at) {
      const res = await installs.updateOne(
        { _id: key, disabled: { $exists: false } },
        { $set: { disabled: { reason, at }, updatedAt: at }, $unset: { installation: '' } },
      );
      return res.modifiedCount === 1;
    },
    async activeForOrg(orgId) {
      const docs = await installs.find({ orgId }).sort({ installedAt: 1 }).limit(50).toArray();
      return docs
        .map((d) => codec.out(d))
        .filter((d): d is z.output<typeof SlackInstallationDocSchema> => d !== null)
        .filter((d) => !d.disabled && d.installation)
        .map(strip);
    },
    async rememberChannel(channelId, installKey) {
      await routes.replaceOne({ _id: channelId }, RouteSchema.parse({ installKey }), { upsert: true });
    },
    async channelInstall(channelId) {
      const parsed = RouteSchema.safeParse(await routes.findOne({ _id: channelId }));
      return parsed.success ? parsed.data.installKey : null;
    },
  };
}
