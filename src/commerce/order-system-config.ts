import { z } from 'zod';
import { ORDER_SYSTEM_KINDS, type OrderSystemKind } from './order-system.js';

const url = (what: string) =>
  z.string().refine((s) => URL.canParse(s), { message: `must be a URL (${what})` });
const positiveMs = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined ? fallback : Number(s)))
    .refine((n) => Number.isInteger(n) && n > 0, { message: 'must be a whole number of milliseconds > 0' });

/**
 * Each order system's settings, declared once: the schema of its fields and the environment
 * variable each field is read from. config.ts validates with this table, the registry constructs
 * from its output, and the compiler checks that both know every kind.
 */
export const ORDER_SYSTEM_SETTINGS = {
  demo: { schema: z.object({}), env: {} },
  none: { schema: z.object({}), env: {} },
  shopify: {
    schema: z.object({
      storeDomain: z
        .string({ message: 'is required with ORDER_SYSTEM=shopify (your-store.myshopify.com)' })
        .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i, {
          message: 'must look like your-store.myshopify.com',
        }),
      accessToken: z.string({
        message: 'is required with ORDER_SYSTEM=shopify (an Admin API access token, shpat_…)',
      }),
      apiVersion: z
        .string()
        .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, { message: 'must be a Shopify API version like 2026-01' })
        .default('2026-01'),
      apiUrl: url('the Admin API origin, e.g. https://your-store.myshopify.com').optional(),
    }),
    env: {
      storeDomain: 'SHOPIFY_STORE_DOMAIN',
      accessToken: 'SHOPIFY_ADMIN_TOKEN',
      apiVersion: 'SHOPIFY_API_VERSION',
      apiUrl: 'SHOPIFY_API_URL',
    },
  },
  stripe: {
    schema: z.object({
      secretKey: z
        .string({ message: 'is required with ORDER_SYSTEM=stripe (sk_live_… or a restricted rk_live_… key)' })
        .regex(/^(sk|rk)_(live|test)_/, {
          message: 'must be a Stripe secret or restricted key (sk_… or rk_…)',
        }),
      apiUrl: url('the Stripe API origin, e.g. https://api.stripe.com').optional(),
    }),
    env: { secretKey: 'STRIPE_SECRET_KEY', apiUrl: 'STRIPE_API_URL' },
  },
  http: {
    schema: z.object({
      baseUrl: z
        .string({ message: 'is required with ORDER_SYSTEM=http (the base URL of your order API)' })
        .pipe(url('the base URL of your order API, e.g. https://orders.example.com/switchboard')),
      secret: z
        .string({ message: 'is required with ORDER_SYSTEM=http (the shared signing secret)' })
        .min(16, { message: 'must be at least 16 characters' }),
      timeoutMs: positiveMs(5000),
    }),
    env: { baseUrl: 'ORDER_API_URL', secret: 'ORDER_API_SECRET', timeoutMs: 'ORDER_API_TIMEOUT_MS' },
  },
} as const satisfies {
  [K in OrderSystemKind]: { schema: z.ZodObject; env: Record<string, string> };
};

type Settings = typeof ORDER_SYSTEM_SETTINGS;

/** The chosen order system and its validated settings. */
export type OrderSystemConfig = {
  [K in OrderSystemKind]: { kind: K } & z.infer<Settings[K]['schema']>;
}[OrderSystemKind];

export type OrderSystemConfigOf<K extends OrderSystemKind> = Extract<OrderSystemConfig, { kind: K }>;

/** Every variable the order systems read (config.ts declares them in its schema). */
export const ORDER_SYSTEM_VARIABLES = [
  'ORDER_SYSTEM',
  ...Object.values(ORDER_SYSTEM_SETTINGS).flatMap((s) => Object.values(s.env) as string[]),
];

export const OrderSystemKindSchema = z.enum(ORDER_SYSTEM_KINDS);

/**
 * The settings of `kind` read from the environment. Returns the config, or the problems as
 * `VARIABLE message` (one per bad variable) for config.ts to put on its one line.
 */
export function parseOrderSystemConfig(
  kind: OrderSystemKind,
  env: Readonly<Record<string, unknown>>,
): { ok: true; config: OrderSystemConfig } | { ok: false; problems: string[] } {
  const settings: { schema: z.ZodObject; env: Record<string, string> } = ORDER_SYSTEM_SETTINGS[kind];
  const input = Object.fromEntries(
    Object.entries(settings.env)
      .map(([field, variable]) => {
        const value = env[variable];
        return [field, typeof value === 'string' ? value.trim() : undefined];
      })
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = settings.schema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => {
        const field = String(i.path[0] ?? '');
        return `${settings.env[field] ?? 'ORDER_SYSTEM'} ${i.message}`;
      }),
    };
  }
  return { ok: true, config: { kind, ...parsed.data } as OrderSystemConfig };
}
