import { z } from 'zod';
import { ChannelModeSchema, ToneSchema, WEEKDAYS, type TenantSettings } from '../domain/index.js';
import { formatMoney, minorDigits } from '../domain/money.js';
import {
  formatBusinessHours,
  formatSlaTargets,
  onOff,
  parseBusinessHours,
  slaTargetInput,
} from './sla-settings.js';

/**
 * The settings a supervisor may change, declared once. The Slack, Teams and sandbox surfaces, the
 * help text, the validation and the audit trail all derive from this table: a new setting is one
 * entry here (and its field in TenantSettingsSchema).
 */
export interface SettingDefinition<F extends keyof TenantSettings = keyof TenantSettings> {
  /** What a person types: `/switchboard settings set auto-refund-max 150`. */
  key: string;
  field: F;
  label: string;
  /** One line: what it does and what a value looks like. */
  help: string;
  /** The environment variable that gives the default, when there is one. */
  env?: string;
  /** What a person typed, as the stored value; a failure's message is one sentence for them. */
  input(settings: TenantSettings): z.ZodType<TenantSettings[F], string>;
  /** The value as a person reads it. */
  format(value: TenantSettings[F], settings: TenantSettings): string;
}

const number = (what: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/^[$€£¥]/, '').replace(/,/g, ''))
    .pipe(
      z.string().regex(/^\d+(\.\d+)?$/, {
        error: `Give ${what.charAt(0).toLowerCase()}${what.slice(1)} as a number, like 150.`,
      }),
    )
    .transform(Number);

/** An amount in major units (what people type: 150) stored in minor units (15000 cents). */
function money(what: string) {
  return (s: TenantSettings) =>
    number(what).transform((major, ctx) => {
      const scale = 10 ** minorDigits(s.currency);
      const minor = Math.round(major * scale);
      if (Math.abs(minor - major * scale) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: `${what} has more decimals than ${s.currency} allows.` });
        return z.NEVER;
      }
      if (minor > 100_000_000 * scale) {
        ctx.addIssue({ code: 'custom', message: `${what} is implausibly large.` });
        return z.NEVER;
      }
      return minor;
    });
}

const wholeNumber = (what: string, min: number, max: number) => () =>
  number(what).pipe(
    z
      .number()
      .int({ error: `${what} is a whole number.` })
      .min(min, { error: `${what} is at least ${min}.` })
      .max(max, { error: `${what} is at most ${max}.` }),
  );

const confidence = (what: string) => () =>
  number(what)
    .transform((n) => (n > 1 && n <= 100 ? n / 100 : n))
    .pipe(z.number().max(1, { error: `${what} is between 0 and 1 (or a percentage).` }));

const choice =
  <T extends string>(options: readonly T[], what: string) =>
  () =>
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v): v is T => (options as readonly string[]).includes(v), {
        error: `${what} is one of ${options.join(', ')}.`,
      })
      .transform((v) => v as T);

const YES = ['yes', 'on', 'true', 'y'];
const NO = ['no', 'off', 'false', 'n'];
const yesNo = (what: string) => () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => YES.includes(v) || NO.includes(v), { error: `${what} is yes or no.` })
    .transform((v) => YES.includes(v));

const moneyText = (minor: number, s: TenantSettings) => formatMoney(minor, s.currency);
const percent = (n: number) => `${Math.round(n * 100)}%`;

export const SETTINGS = [
  {
    key: 'auto-refund-max',
    field: 'autoRefundMaxMinor',
    label: 'Automatic refunds below',
    help: 'refunds strictly below this amount run without approval (0 = every refund needs a person)',
    env: 'AUTO_REFUND_MAX',
    input: money('The automatic refund limit'),
    format: moneyText,
  } satisfies SettingDefinition<'autoRefundMaxMinor'>,
  {
    key: 'supervisor-threshold',
    field: 'supervisorRefundAboveMinor',
    label: 'Supervisor approval above',
    help: 'refunds strictly above this amount need a supervisor (at least the automatic limit)',
    env: 'SUPERVISOR_REFUND_ABOVE',
    input: money('The supervisor threshold'),
    format: moneyText,
  } satisfies SettingDefinition<'supervisorRefundAboveMinor'>,
  {
    key: 'daily-refund-limit',
    field: 'dailyRefundLimit',
    label: 'Refunds per customer per day',
    help: 'refunds per customer in 24 hours before further ones go to a person',
    env: 'DAILY_REFUND_LIMIT',
    input: wholeNumber('The daily refund limit', 0, 1000),
    format: (n) => String(n),
  } satisfies SettingDefinition<'dailyRefundLimit'>,
  {
    key: 'confidence-high',
    field: 'confidenceHigh',
    label: 'Confidence for urgent or unhappy messages',
    help: 'how sure the bot must be (0–1, or a percentage) to answer urgent or negative messages alone',
    env: 'CONFIDENCE_HIGH',
    input: confidence('The high confidence bar'),
    format: percent,
  } satisfies SettingDefinition<'confidenceHigh'>,
  {
    key: 'confidence-normal',
    field: 'confidenceNormal',
    label: 'Confidence for everything else',
    help: 'how sure the bot must be (0–1, or a percentage) to answer other messages alone',
    env: 'CONFIDENCE_NORMAL',
    input: confidence('The normal confidence bar'),
    format: percent,
  } satisfies SettingDefinition<'confidenceNormal'>,
  {
    key: 'confirm-refunds',
    field: 'confirmAutoRefunds',
    label: 'Customer confirms automatic refunds',
    help: 'yes: before a refund under the automatic limit the customer confirms order and amount; no: it runs at once',
    input: yesNo('Customer confirmation of automatic refunds'),
    format: (on) => (on ? 'yes' : 'no'),
  } satisfies SettingDefinition<'confirmAutoRefunds'>,
  {
    key: 'return-window',
    field: 'returnWindowDays',
    label: 'Return window',
    help: 'days after delivery an order can be returned for a refund',
    input: wholeNumber('The return window', 1, 3650),
    format: (n) => `${n} days`,
  } satisfies SettingDefinition<'returnWindowDays'>,
  {
    key: 'business-name',
    field: 'businessName',
    label: 'Business name',
    help: 'the name the bot works for, in every prompt and reply',
    env: 'ORG_NAME',
    input: () =>
      z
        .string()
        .trim()
        .min(1, { error: 'Give the business name.' })
        .max(80, { error: 'The business name is at most 80 characters.' })
        .refine((s) => !/[<>@`*_~]/.test(s), { error: 'The business name cannot contain < > @ ` * _ or ~.' }),
    format: (name) => name ?? '(not set)',
  } satisfies SettingDefinition<'businessName'>,
  {
    key: 'tone',
    field: 'tone',
    label: 'Tone',
    help: 'formal, friendly or concise (a customer’s own preference wins)',
    input: choice(ToneSchema.options, 'The tone'),
    format: (tone) => tone,
  } satisfies SettingDefinition<'tone'>,
  {
    key: 'default-mode',
    field: 'defaultChannelMode',
    label: 'Default channel mode',
    help: 'auto (answer), draft (draft for staff) or off, for customer channels without their own mode',
    input: choice(ChannelModeSchema.options, 'The default mode'),
    format: (mode) => mode,
  } satisfies SettingDefinition<'defaultChannelMode'>,
  {
    key: 'business-hours',
    field: 'businessHours',
    label: 'Business hours',
    help: 'time zone, days and hours, holidays: Europe/Berlin mon-fri 09:00-17:00 holidays 2026-12-25',
    input: () =>
      z.string().transform((raw, ctx) => {
        const parsed = parseBusinessHours(raw);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),
    format: formatBusinessHours,
  } satisfies SettingDefinition<'businessHours'>,
  {
    key: 'sla-target',
    field: 'slaTargets',
    label: 'SLA targets (business minutes: first/next/resolution)',
    help: 'one plan and urgency at a time: enterprise critical 15 30 240',
    input: slaTargetInput,
    format: formatSlaTargets,
  } satisfies SettingDefinition<'slaTargets'>,
  {
    key: 'sla',
    field: 'slaEnabled',
    label: 'SLA clocks and alerts',
    help: 'on or off: response and resolution clocks, 75% warnings and breach alerts',
    input: onOff('SLA'),
    format: (on) => (on ? 'on' : 'off'),
  } satisfies SettingDefinition<'slaEnabled'>,
  {
    key: 'csat',
    field: 'csatEnabled',
    label: 'Satisfaction prompt',
    help: 'on or off: one rating prompt (Great / OK / Not good) after each resolved ticket',
    input: onOff('The satisfaction prompt'),
    format: (on) => (on ? 'on' : 'off'),
  } satisfies SettingDefinition<'csatEnabled'>,
  {
    key: 'gaps-digest',
    field: 'gapsDigest',
    label: 'Weekly knowledge-gaps digest',
    help: 'weekday and hour in the business hours’ time zone, like mon 09, or off',
    input: () =>
      z.string().transform((raw, ctx) => {
        const v = raw.trim().toLowerCase();
        if (['off', 'no', 'false'].includes(v)) return 'off' as const;
        const m = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+(\d{1,2})(?::00)?$/.exec(v);
        const hour = m ? Number(m[2]) : NaN;
        if (!m || hour > 23) {
          ctx.addIssue({ code: 'custom', message: 'Give a weekday and an hour, like mon 09, or off.' });
          return z.NEVER;
        }
        return { day: m[1] as (typeof WEEKDAYS)[number], hour };
      }),
    format: (s, settings) =>
      s === 'off'
        ? 'off'
        : `${s.day} ${String(s.hour).padStart(2, '0')}:00 (${settings.businessHours.timeZone})`,
  } satisfies SettingDefinition<'gapsDigest'>,
] as const;

export type SettingKey = (typeof SETTINGS)[number]['key'];

export function findSetting(key: string): SettingDefinition | undefined {
  const k = key.trim().toLowerCase();
  return (SETTINGS as readonly SettingDefinition[]).find((d) => d.key === k);
}

/** Parses what a person typed for a setting: the value to store, or one sentence saying what is wrong. */
export function parseSettingValue(
  definition: SettingDefinition,
  raw: string,
  settings: TenantSettings,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const parsed = definition.input(settings).safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? `That is not a valid ${definition.label}.`,
  };
}

/** Rules across settings, checked on the result of a change: one sentence per broken rule. */
export function settingsProblems(
  s: TenantSettings,
): Array<{ fields: Array<keyof TenantSettings>; message: string }> {
  const problems: Array<{ fields: Array<keyof TenantSettings>; message: string }> = [];
  if (s.supervisorRefundAboveMinor < s.autoRefundMaxMinor)
    problems.push({
      fields: ['supervisorRefundAboveMinor', 'autoRefundMaxMinor'],
      message: `The supervisor threshold (${moneyText(s.supervisorRefundAboveMinor, s)}) cannot be below the automatic refund limit (${moneyText(s.autoRefundMaxMinor, s)}).`,
    });
  if (s.confidenceHigh < s.confidenceNormal)
    problems.push({
      fields: ['confidenceHigh', 'confidenceNormal'],
      message: `The confidence for urgent messages (${percent(s.confidenceHigh)}) cannot be below the one for everything else (${percent(s.confidenceNormal)}).`,
    });
  return problems;
}

/** The staff lists a supervisor manages, with the words people use for them. */
export const STAFF_ROLES = {
  approvers: {
    field: 'approverIds',
    label: 'Approvers',
    env: { slack: 'SLACK_APPROVER_IDS', teams: 'TEAMS_APPROVER_IDS' },
  },
  supervisors: {
    field: 'supervisorIds',
    label: 'Supervisors',
    env: { slack: 'SLACK_SUPERVISOR_IDS', teams: 'TEAMS_SUPERVISOR_IDS' },
  },
} as const;
export type StaffRole = keyof typeof STAFF_ROLES;
