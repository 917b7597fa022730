import { z } from 'zod';
import { ConfigError } from './errors.js';
import {
  OrderSystemKindSchema,
  parseOrderSystemConfig,
  type OrderSystemConfig,
} from './commerce/order-system-config.js';
import { DEFAULT_COMPAT_NICE } from './memory/local-mongo.js';

const NICE_RANGE = 'must be a whole number from 0 to 19';

const csv = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));

const optionalUrl = (what: string) =>
  optionalString.refine((s) => s === undefined || URL.canParse(s), { message: `must be a URL (${what})` });

const nonNegativeNumber = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? fallback : Number(s)))
    .refine((n) => Number.isFinite(n) && n >= 0, { message: 'must be a number ≥ 0' });

/** Milliseconds, at least `min` (a timing of 0 would make a sweep spin or a lease expire at once). */
const durationMs = (fallback: number, min: number) =>
  nonNegativeNumber(fallback).refine((n) => Number.isInteger(n) && n >= min, {
    message: `must be a whole number of milliseconds ≥ ${min}`,
  });

const confidence = (fallback: number) =>
  nonNegativeNumber(fallback).refine((n) => n <= 1, { message: 'must be between 0 and 1' });

/**
 * The organization id when ORG_ID is not set. It is the id databases of earlier versions gave the
 * demo organization, so those keep their data without a migration.
 */
export const DEFAULT_ORG_ID = 'T0DEMO0001';

/** The one ChannelService value botbuilder knows besides public Azure (GovernmentConstants). */
const US_GOV_CHANNEL_SERVICE = 'https://botframework.azure.us';

/** Every variable Switchboard reads, validated once at start-up. Names follow the ecosystem's own. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z
      .string()
      .optional()
      .transform((s) => (s === undefined || s === '' ? 3000 : Number(s)))
      .refine((n) => Number.isInteger(n) && n >= 0 && n < 65536, {
        message: 'must be a port number 0–65535',
      }),
    HOST: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('.data'),
    SHUTDOWN_TIMEOUT_MS: nonNegativeNumber(30_000),
    // Recovery timings (see README "Operations").
    RECOVERY_GRACE_MS: durationMs(10 * 60_000, 1000),
    SWEEP_INTERVAL_MS: durationMs(60_000, 100),
    APPROVAL_SWEEP_GRACE_MS: durationMs(30_000, 0),
    OUTBOX_LEASE_MS: durationMs(5 * 60_000, 1000),
    // Off only while processes of a version before it share the database (a rolling deploy).
    OUTBOX_IN_TURN: z.enum(['on', 'off']).default('on'),
    INBOUND_LEASE_MS: durationMs(30_000, 1000),
    // Unset: derived from the database pool (see defaultInboundConcurrency).
    INBOUND_CONCURRENCY: optionalString
      .transform((s) => (s === undefined ? undefined : Number(s)))
      .refine((n) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= 10_000), {
        message: 'must be a whole number of messages from 1 to 10000',
      }),
    READYZ_TIMEOUT_MS: durationMs(1000, 50),

    MONGODB_URI: optionalString.refine((s) => s === undefined || /^mongodb(\+srv)?:\/\/[^\s]+$/.test(s), {
      message: 'must be a mongodb:// or mongodb+srv:// URI',
    }),
    MONGODB_DB: z.string().default('switchboard'),
    EMBEDDED_MONGO: z.enum(['on', 'off']).default('on'),
    MONGO_COMPAT_NICE: z.coerce
      .number({ message: NICE_RANGE })
      .int(NICE_RANGE)
      .min(0, NICE_RANGE)
      .max(19, NICE_RANGE)
      .default(DEFAULT_COMPAT_NICE),

    SLACK_BOT_TOKEN: optionalString.refine((s) => s === undefined || /^xox[bp]-/.test(s), {
      message: 'must be a bot token starting with xoxb-',
    }),
    SLACK_SIGNING_SECRET: optionalString,
    SLACK_APP_TOKEN: optionalString.refine((s) => s === undefined || s.startsWith('xapp-'), {
      message: 'must be an app-level token starting with xapp-',
    }),
    SLACK_API_URL: optionalUrl('the Slack Web API base, e.g. https://slack.com/api/'),
    SLACK_STAFF_CHANNEL_ID: optionalString,
    SLACK_APPROVER_IDS: csv,
    SLACK_SUPERVISOR_IDS: csv,
    // Slack distribution (OAuth, "Add to Slack"): all three together turn it on.
    SLACK_CLIENT_ID: optionalString,
    SLACK_CLIENT_SECRET: optionalString,
    SLACK_STATE_SECRET: optionalString.refine((s) => s === undefined || s.length >= 32, {
      message: 'must be at least 32 characters (it signs the OAuth state)',
    }),
    SLACK_REDIRECT_URL: optionalUrl('the public URL of /slack/oauth_redirect, as set in the app'),

    MicrosoftAppId: optionalString,
    MicrosoftAppPassword: optionalString,
    MicrosoftAppType: z.enum(['MultiTenant', 'SingleTenant', 'UserAssignedMSI']).optional(),
    MicrosoftAppTenantId: optionalString,
    TEAMS_STAFF_CONVERSATION_ID: optionalString,
    TEAMS_APPROVER_IDS: csv,
    TEAMS_SUPERVISOR_IDS: csv,
    TEAMS_MAX_RETRY_AFTER_MS: nonNegativeNumber(60_000),
    // Bot Framework endpoints under the SDK's own names (ConfigurationBotFrameworkAuthentication).
    ChannelService: optionalString.refine((s) => s === undefined || s === US_GOV_CHANNEL_SERVICE, {
      message: `must be ${US_GOV_CHANNEL_SERVICE} (US Government clouds) or unset; for any other cloud set the ToChannelFromBot*/ToBotFrom*/OAuthUrl endpoints instead`,
    }),
    ValidateAuthority: z.enum(['true', 'false']).default('true'),
    ToChannelFromBotLoginUrl: optionalUrl(
      'the token authority for outbound calls, e.g. https://login.microsoftonline.us/<tenant>',
    ),
    ToChannelFromBotOAuthScope: optionalString,
    ToBotFromChannelTokenIssuer: optionalString,
    ToBotFromChannelOpenIdMetadataUrl: optionalUrl('the OpenID metadata for inbound tokens'),
    ToBotFromEmulatorOpenIdMetadataUrl: optionalUrl('the OpenID metadata for Emulator tokens'),
    OAuthUrl: optionalUrl('the Bot Framework token service, e.g. https://api.botframework.azure.us'),
    CallerId: optionalString,

    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl('an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1'),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    OPENAI_EMBEDDINGS_MODEL: optionalString,
    OPENAI_TIMEOUT_MS: nonNegativeNumber(20_000),

    SANDBOX: z.enum(['on', 'off', 'auto']).default('auto'),
    SANDBOX_TOKEN: optionalString,

    ORG_ID: optionalString.refine((s) => s === undefined || /^[A-Za-z0-9_-]{1,64}$/.test(s), {
      message: 'must be 1–64 letters, digits, _ or -',
    }),
    ORG_NAME: optionalString,
    /** Deprecated alias of ORG_ID (earlier versions called the organization the demo tenant). */
    DEMO_TENANT_ID: optionalString,
    SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),

    AUTO_REFUND_MAX: nonNegativeNumber(100),
    SUPERVISOR_REFUND_ABOVE: nonNegativeNumber(500),
    DAILY_REFUND_LIMIT: nonNegativeNumber(3),
    CONFIDENCE_HIGH: confidence(0.75),
    CONFIDENCE_NORMAL: confidence(0.6),

    // The order system (see src/commerce/order-system-config.ts for each kind's checks).
    ORDER_SYSTEM: OrderSystemKindSchema.default('demo'),
    SHOPIFY_STORE_DOMAIN: optionalString,
    SHOPIFY_ADMIN_TOKEN: optionalString,
    SHOPIFY_API_VERSION: optionalString,
    SHOPIFY_API_URL: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_API_URL: optionalString,
    ORDER_API_URL: optionalString,
    ORDER_API_SECRET: optionalString,
    ORDER_API_TIMEOUT_MS: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.SLACK_BOT_TOKEN && !env.SLACK_SIGNING_SECRET && !env.SLACK_APP_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['SLACK_SIGNING_SECRET'],
        message: 'is required when SLACK_BOT_TOKEN is set (or set SLACK_APP_TOKEN for Socket Mode)',
      });
    }
    const oauth = [env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET, env.SLACK_STATE_SECRET];
    if (oauth.some(Boolean)) {
      const names = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'];
      const missing = names.filter((_n, i) => !oauth[i]);
      if (missing.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: [missing[0]!],
          message: `is required with ${names.filter((n) => !missing.includes(n)).join(' and ')} (Slack distribution needs all three)`,
        });
      if (!env.SLACK_SIGNING_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['SLACK_SIGNING_SECRET'],
          message: 'is required for Slack distribution (SLACK_CLIENT_ID): events arrive over HTTP',
        });
      if (env.SLACK_APP_TOKEN)
        ctx.addIssue({
          code: 'custom',
          path: ['SLACK_APP_TOKEN'],
          message: 'must be unset with SLACK_CLIENT_ID: Slack distribution runs over HTTP, not Socket Mode',
        });
    }
    if (env.MicrosoftAppId && !env.MicrosoftAppPassword && env.MicrosoftAppType !== 'UserAssignedMSI') {
      ctx.addIssue({
        code: 'custom',
        path: ['MicrosoftAppPassword'],
        message: 'is required when MicrosoftAppId is set',
      });
    }
    const orders = parseOrderSystemConfig(env.ORDER_SYSTEM, env);
    if (!orders.ok) {
      for (const problem of orders.problems) {
        const [variable = 'ORDER_SYSTEM', ...rest] = problem.split(' ');
        ctx.addIssue({ code: 'custom', path: [variable], message: rest.join(' ') });
      }
    }
    if (env.SUPERVISOR_REFUND_ABOVE < env.AUTO_REFUND_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPERVISOR_REFUND_ABOVE'],
        message: 'must be at least AUTO_REFUND_MAX',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** How long a SIGTERM waits for work in flight (a model call with retries) before forcing exit. */
  shutdownTimeoutMs: number;
  /** When background recovery treats work as abandoned, and how often it looks. */
  recovery: {
    /** A stored customer message no run answered for this long is escalated (RECOVERY_GRACE_MS). */
    graceMs: number;
    /** How often the approval, outbox and inbound sweeps run (SWEEP_INTERVAL_MS). */
    sweepIntervalMs: number;
    /** An approval request untouched this long is finished by the sweep (APPROVAL_SWEEP_GRACE_MS). */
    approvalSweepGraceMs: number;
    /** How long a claimed outbox entry is another sender's before it may be retried (OUTBOX_LEASE_MS). */
    outboxLeaseMs: number;
    /**
     * A turn's answer carries its outbox entry in its own insert into `messages` (issue 13;
     * OUTBOX_IN_TURN, on by default). Off while processes of a version before it share the
     * database: they judge an answer queued only by its outbox entry, and would escalate every
     * answer of this version's turns as unanswered (README "A turn's answer carries its outbox entry").
     * The same switch has an approval run's posts (a click's card update and notice) marked sent
     * by its write of the request: an older process's outbox sweep would post those again.
     */
    outboxInTurn: boolean;
    /**
     * How long a run holds a stored inbound event without renewing it (renewed every third of it
     * while the run lives): how long a killed process's events wait before another takes them (INBOUND_LEASE_MS).
     */
    inboundLeaseMs: number;
  };
  /** How long /readyz waits for the database's ping before answering 503 (READYZ_TIMEOUT_MS). */
  readyzTimeoutMs: number;
  /**
   * At most this many inbound messages run at once; the rest wait in the journal, in acceptance
   * order (INBOUND_CONCURRENCY). Unset: a quarter of the MongoDB pool's maxPoolSize (100 → 25).
   */
  inboundConcurrency?: number;
  /**
   * `embedded`: without `uri`, start a local database (mongod, the bundled FerretDB build…).
   * EMBEDDED_MONGO=off (the container) requires `uri` instead.
   */
  mongo: {
    uri?: string;
    dbName: string;
    embedded: boolean;
    /** The embedded mongo-compat server's `nice`, below the app's (MONGO_COMPAT_NICE, DEFAULT_COMPAT_NICE; 0 = same). */
    compatNice: number;
  };
  slack?: {
    /** Single-workspace mode: the one bot token. Unset in distribution mode (tokens come from installs). */
    botToken?: string;
    /**
     * Distribution mode ("Add to Slack"): Bolt's OAuth flow, installations kept in MongoDB, a token
     * per workspace or Enterprise Grid org. Wins over botToken when both are set.
     */
    oauth?: { clientId: string; clientSecret: string; stateSecret: string; redirectUrl?: string };
    signingSecret?: string;
    appToken?: string;
    apiUrl?: string;
    staffChannelId?: string;
    approverIds: string[];
    supervisorIds: string[];
  };
  teams?: {
    appId?: string;
    appPassword?: string;
    appType: 'MultiTenant' | 'SingleTenant' | 'UserAssignedMSI';
    appTenantId?: string;
    staffConversationId?: string;
    approverIds: string[];
    supervisorIds: string[];
    /** Longest `Retry-After` a throttled call waits in process; longer ones go to the outbox. */
    maxRetryAfterMs: number;
    /**
     * Bot Framework endpoints for sovereign clouds and staging, named as botbuilder's
     * ConfigurationBotFrameworkAuthentication names them. All unset: public Azure.
     */
    botFramework: {
      channelService?: string;
      validateAuthority: boolean;
      toChannelFromBotLoginUrl?: string;
      toChannelFromBotOAuthScope?: string;
      toBotFromChannelTokenIssuer?: string;
      toBotFromChannelOpenIdMetadataUrl?: string;
      toBotFromEmulatorOpenIdMetadataUrl?: string;
      oAuthUrl?: string;
      callerId?: string;
    };
  };
  openai?: { apiKey: string; baseURL?: string; model: string; embeddingsModel?: string; timeoutMs: number };
  sandbox: { enabled: boolean; token?: string };
  /**
   * The organization this deployment serves: its Slack workspace(s), its Teams home tenant and the
   * sandbox map to it unless an installation record says otherwise. `id` is the tenantId of every
   * document the organization owns.
   */
  org: { id: string; name?: string };
  /**
   * Demo data: `auto` seeds the organization only when it runs on embedded defaults (no Slack or
   * Teams configured) and does not exist yet; `always` re-runs the idempotent seed; `never` does not.
   */
  demo: { seed: Env['SEED_DEMO'] };
  /** The order system orders, customers, refunds and cancellations go through (ORDER_SYSTEM). */
  orderSystem: OrderSystemConfig;
  /** Defaults for new tenants' policy settings; amounts in major units of the currency. */
  policyDefaults: {
    autoRefundMax: number;
    supervisorRefundAbove: number;
    dailyRefundLimit: number;
    confidenceHigh: number;
    confidenceNormal: number;
  };
}

/**
 * Reads the environment once. A wrong value throws a ConfigError whose message is one line
 * naming every bad variable and what is expected; main.ts prints it and exits 2.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty value (`MicrosoftAppType=` in a copied .env) means "not set", as shells and dotenv files intend.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((i) => `${i.path.map(String).join('.') || 'environment'} ${i.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const sandboxEnabled = e.SANDBOX === 'on' || (e.SANDBOX === 'auto' && !production);
  if (production && e.SANDBOX === 'on' && !e.SANDBOX_TOKEN) {
    throw new ConfigError('Invalid configuration: SANDBOX_TOKEN is required when SANDBOX=on in production');
  }
  // The container sets EMBEDDED_MONGO=off: a missing MONGODB_URI fails start-up in a second
  // instead of quietly keeping the data in a local directory of a throwaway container.
  if (e.EMBEDDED_MONGO === 'off' && !e.MONGODB_URI) {
    throw new ConfigError(
      'Invalid configuration: MONGODB_URI is required when EMBEDDED_MONGO=off (no embedded database)',
    );
  }
  const teamsConfigured = Boolean(e.MicrosoftAppId || e.TEAMS_STAFF_CONVERSATION_ID);
  // Without an app id /api/messages cannot check Bot Framework tokens: anyone reaching it could
  // pose as any Teams user (read orders, approve refunds). Allowed only outside production (emulator).
  if (production && teamsConfigured && !e.MicrosoftAppId) {
    throw new ConfigError(
      'Invalid configuration: MicrosoftAppId is required for Teams in production (without it /api/messages accepts unauthenticated requests)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // The sandbox must never listen on a public interface by default.
    host: e.HOST ?? '127.0.0.1',
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    recovery: {
      graceMs: e.RECOVERY_GRACE_MS,
      sweepIntervalMs: e.SWEEP_INTERVAL_MS,
      approvalSweepGraceMs: e.APPROVAL_SWEEP_GRACE_MS,
      outboxLeaseMs: e.OUTBOX_LEASE_MS,
      outboxInTurn: e.OUTBOX_IN_TURN === 'on',
      inboundLeaseMs: e.INBOUND_LEASE_MS,
    },
    readyzTimeoutMs: e.READYZ_TIMEOUT_MS,
    inboundConcurrency: e.INBOUND_CONCURRENCY,
    mongo: {
      uri: e.MONGODB_URI,
      dbName: e.MONGODB_DB,
      embedded: e.EMBEDDED_MONGO === 'on',
      compatNice: e.MONGO_COMPAT_NICE,
    },
    slack:
      e.SLACK_BOT_TOKEN || e.SLACK_CLIENT_ID
        ? {
            botToken: e.SLACK_BOT_TOKEN,
            oauth:
              e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_STATE_SECRET
                ? {
                    clientId: e.SLACK_CLIENT_ID,
                    clientSecret: e.SLACK_CLIENT_SECRET,
                    stateSecret: e.SLACK_STATE_SECRET,
                    redirectUrl: e.SLACK_REDIRECT_URL,
                  }
                : undefined,
            signingSecret: e.SLACK_SIGNING_SECRET,
            appToken: e.SLACK_APP_TOKEN,
            apiUrl: e.SLACK_API_URL,
            staffChannelId: e.SLACK_STAFF_CHANNEL_ID,
            approverIds: e.SLACK_APPROVER_IDS,
            supervisorIds: e.SLACK_SUPERVISOR_IDS,
          }
        : undefined,
    teams: teamsConfigured
      ? {
          appId: e.MicrosoftAppId,
          appPassword: e.MicrosoftAppPassword,
          appType: e.MicrosoftAppType ?? 'MultiTenant',
          appTenantId: e.MicrosoftAppTenantId,
          staffConversationId: e.TEAMS_STAFF_CONVERSATION_ID,
          // AAD object ids are GUIDs: compared in lower case, as Teams sends them.
          approverIds: e.TEAMS_APPROVER_IDS.map((id) => id.toLowerCase()),
          supervisorIds: e.TEAMS_SUPERVISOR_IDS.map((id) => id.toLowerCase()),
          maxRetryAfterMs: e.TEAMS_MAX_RETRY_AFTER_MS,
          botFramework: {
            channelService: e.ChannelService,
            validateAuthority: e.ValidateAuthority === 'true',
            toChannelFromBotLoginUrl: e.ToChannelFromBotLoginUrl,
            toChannelFromBotOAuthScope: e.ToChannelFromBotOAuthScope,
            toBotFromChannelTokenIssuer: e.ToBotFromChannelTokenIssuer,
            toBotFromChannelOpenIdMetadataUrl: e.ToBotFromChannelOpenIdMetadataUrl,
            toBotFromEmulatorOpenIdMetadataUrl: e.ToBotFromEmulatorOpenIdMetadataUrl,
            oAuthUrl: e.OAuthUrl,
            callerId: e.CallerId,
          },
        }
      : undefined,
    openai: e.OPENAI_API_KEY
      ? {
          apiKey: e.OPENAI_API_KEY,
          baseURL: e.OPENAI_BASE_URL,
          model: e.OPENAI_MODEL,
          embeddingsModel: e.OPENAI_EMBEDDINGS_MODEL,
          timeoutMs: e.OPENAI_TIMEOUT_MS,
        }
      : undefined,
    sandbox: { enabled: sandboxEnabled, token: e.SANDBOX_TOKEN },
    org: { id: e.ORG_ID ?? e.DEMO_TENANT_ID ?? DEFAULT_ORG_ID, name: e.ORG_NAME },
    demo: { seed: e.SEED_DEMO },
    orderSystem: orderSystemOf(e),
    policyDefaults: {
      autoRefundMax: e.AUTO_REFUND_MAX,
      supervisorRefundAbove: e.SUPERVISOR_REFUND_ABOVE,
      dailyRefundLimit: e.DAILY_REFUND_LIMIT,
      confidenceHigh: e.CONFIDENCE_HIGH,
      confidenceNormal: e.CONFIDENCE_NORMAL,
    },
  };
}

function orderSystemOf(e: Env): OrderSystemConfig {
  const parsed = parseOrderSystemConfig(e.ORDER_SYSTEM, e);
  // The schema's refinement already reported every problem; this only narrows the type.
  if (!parsed.ok) throw new ConfigError(`Invalid configuration: ${parsed.problems.join('; ')}`);
  return parsed.config;
}
