import { createAdminApiClient } from '@shopify/admin-api-client';
import { ConfigError, UpstreamError } from '../../errors.js';
import type { Logger } from '../../logger.js';

export interface ShopifyClientOptions {
  storeDomain: string;
  accessToken: string;
  apiVersion: string;
  /** Another origin for the same paths (a proxy, or the loopback server in tests). */
  apiUrl?: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  /** Attempts per call when Shopify throttles (HTTP 429 or a THROTTLED error); default 4. */
  maxAttempts?: number;
  /** Longest single wait for the bucket to refill; default 10 s (longer: give up, the caller retries). */
  maxWaitMs?: number;
  logger: Logger;
  /** Waits between throttled attempts (tests record them instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

export interface ShopifyRequest {
  /** The operation's name, for logs and errors. */
  name: string;
  query: string;
  variables?: Record<string, unknown>;
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** What a query is assumed to cost before Shopify has told us (the order fragment is ~100). */
const EXPECTED_COST = 100;

/**
 * The official Admin API client with Shopify's rate limits respected: the cost-based bucket
 * (`extensions.cost.throttleStatus`) is tracked and waited for before a call that would not fit,
 * a THROTTLED answer or an HTTP 429 waits (Retry-After, or the refill time) and tries again.
 * A refused token is a ConfigError naming SHOPIFY_ADMIN_TOKEN; anything else an UpstreamError.
 */
export function createShopifyClient(options: ShopifyClientOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const origin = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const client = createAdminApiClient({
    storeDomain: options.storeDomain,
    apiVersion: options.apiVersion,
    accessToken: options.accessToken,
    userAgentPrefix: 'Switchboard',
    // Retries are ours: the client's own wait reads Retry-After seconds as milliseconds.
    retries: 0,
    logger: (entry) => {
      if (entry.type === 'Unsupported_Api_Version')
        options.logger.warn(
          { apiVersion: options.apiVersion },
          'SHOPIFY_API_VERSION is not a supported version',
        );
    },
    customFetchApi: (url, init) => {
      const target = new URL(String(url));
      if (origin) {
        target.protocol = origin.protocol;
        target.host = origin.host;
      }
      return fetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    },
  });
  let bucket: ThrottleStatus | undefined;

  async function waitForBucket(cost: number): Promise<void> {
    if (!bucket || bucket.currentlyAvailable >= cost || bucket.restoreRate <= 0) return;
    const ms = Math.ceil(((cost - bucket.currentlyAvailable) / bucket.restoreRate) * 1000);
    await sleep(Math.min(ms, maxWaitMs));
  }

  return {
    async request<T>(req: ShopifyRequest): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        await waitForBucket(EXPECTED_COST);
        const res = await client.request(req.query, { variables: req.variables });
        const cost = (
          res.extensions as { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } }
        )?.cost;
        if (cost?.throttleStatus) bucket = cost.throttleStatus;
        const errors = res.errors;
        if (!errors) return res.data as T;
        const status = errors.networkStatusCode;
        const throttled = (errors.graphQLErrors ?? []).some(
          (e) => (e as { extensions?: { code?: string } }).extensions?.code === 'THROTTLED',
        );
        if ((status === 429 || throttled) && attempt < maxAttempts) {
          const retryAfter = Number(errors.response?.headers.get('Retry-After'));
          const refill =
            cost?.throttleStatus && cost.requestedQueryCost
              ? ((cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable) /
                  Math.max(cost.throttleStatus.restoreRate, 1)) *
                1000
              : 1000;
          const ms = Math.min(
            maxWaitMs,
            Math.max(0, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : refill),
          );
          options.logger.warn(
            { operation: req.name, attempt, waitMs: Math.ceil(ms) },
            'Shopify throttled the request; waiting',
          );
          await sleep(Math.ceil(ms));
          // The bucket refilled while we waited: no second wait before the retry.
          if (bucket)
            bucket = {
              ...bucket,
              currentlyAvailable: Math.min(
                bucket.maximumAvailable,
                bucket.currentlyAvailable + (bucket.restoreRate * ms) / 1000,
              ),
            };
          continue;
        }
        if (status === 401 || status === 403) {
          throw new ConfigError(
            `Shopify refused SHOPIFY_ADMIN_TOKEN (HTTP ${status}) for ${options.storeDomain}: check the Admin API access token and its scopes`,
          );
        }
        const detail = (errors.graphQLErrors ?? [])
          .map((e) => (e as { message?: string }).message)
          .filter(Boolean)
          .join('; ');
        throw new UpstreamError(
          `Shopify ${req.name} failed${status ? ` (HTTP ${status})` : ''}: ${detail || errors.message || 'no answer'}`,
          {
            publicMessage: "I can't reach our order system right now; a person from the team will follow up.",
          },
        );
      }
    },
  };
}

export type ShopifyClient = ReturnType<typeof createShopifyClient>;
