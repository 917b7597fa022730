import type { Platform } from '../domain/index.js';
import { redactText } from '../logger.js';
import type { KnowledgeGapsReport } from '../reports/report-service.js';
import type { DeliveryDeps } from './engine-deps.js';
import { deliver } from './outbox.js';
import type { StaffCard } from './ports.js';

/** Groups shown in the digest, largest first (the sandbox's Knowledge gaps tab lists them all). */
const GROUPS = 5;
const EXAMPLE = 160;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The digest card: the largest groups with their counts, one example each and the closest article. */
export function buildGapDigestCard(week: string, digest: KnowledgeGapsReport, now: Date): StaffCard {
  const groups = digest.groups.slice(0, GROUPS);
  return {
    kind: 'digest',
    title: `Knowledge gaps, week ${week}: ${digest.questions} question${digest.questions === 1 ? '' : 's'} the bot could not answer`,
    ticketId: week,
    summary: `${digest.since} to ${digest.until}: the largest groups of questions escalated for low confidence or rated "Not good". Turn a person's reply into an article with "Draft KB article" on its ticket.`,
    fields: groups.map((g) => ({
      label: `${g.count}× ${g.terms.slice(0, 3).join(', ') || g.intent}`,
      value: [
        g.examples[0]
          ? `“${cut(redactText(g.examples[0].question), EXAMPLE)}” (${g.examples[0].ticketId})`
          : '',
        g.closestArticle
          ? `closest article: ${g.closestArticle.title} (relevance ${g.closestArticle.relevance})`
          : 'no article comes close',
      ]
        .filter(Boolean)
        .join(' — '),
    })),
    actions: [],
    final: true,
    createdAt: now,
  };
}

/**
 * Posts the digest to each staff channel of the organization (Slack, Teams, sandbox) through the
 * outbox, under a key per week and platform: a retry or a second process never posts it twice.
 */
export async function postGapDigest(
  deps: DeliveryDeps,
  tenantId: string,
  week: string,
  digest: KnowledgeGapsReport,
): Promise<void> {
  const tenant = await deps.stores.tenants.get(tenantId);
  const card = buildGapDigestCard(week, digest, deps.clock.now());
  const seen = new Set<Platform>();
  for (const { platform, channelId } of tenant?.staffChannels ?? []) {
    if (seen.has(platform) || !deps.ports.has(platform)) continue;
    seen.add(platform);
    await deliver(deps, {
      tenantId,
      key: `gaps-digest:${week}:${platform}`,
      platform,
      payload: { kind: 'card_post', staffChannelId: channelId, card },
    });
  }
}
