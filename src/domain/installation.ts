import { z } from 'zod';
import { DateSchema, PlatformSchema, TenantIdSchema } from './common.js';

/**
 * Where a workspace's traffic belongs: a Slack workspace (team id, or an Enterprise Grid's
 * enterprise id), a Teams tenant or the sandbox, mapped to the organization (tenantId) that owns it.
 * Only workspaces the bot is installed in have records; a customer's Slack Connect team or Teams
 * tenant is never one (customers are accounts inside an organization).
 */
export const InstallationSchema = z.object({
  platform: PlatformSchema,
  workspaceId: z.string().min(1).max(128),
  orgId: TenantIdSchema,
  /** Why the record exists: written by the start-up migration, or by an operator (an installation record written by hand). */
  source: z.enum(['migration', 'operator']),
  createdAt: DateSchema,
  updatedAt: DateSchema,
});
export type Installation = z.infer<typeof InstallationSchema>;

/** The record's `_id`, so the hot-path lookup is an `_id` equality. */
export function installationKey(platform: string, workspaceId: string): string {
  return `${platform}:${workspaceId}`;
}
