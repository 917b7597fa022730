import { describe, expect, it } from 'vitest';
import { TenantSettingsSchema } from '../../src/domain/index.js';
import { findSetting, parseSettingValue } from '../../src/conversation/settings-registry.js';

const settings = TenantSettingsSchema.parse({});
const parse = (key: string, raw: string) => parseSettingValue(findSetting(key)!, raw, settings);

describe('SLA and CSAT settings as supervisors type them', () => {
  it('reads business hours: time zone, day ranges with several windows, holidays', () => {
    const parsed = parse(
      'business-hours',
      'Europe/Berlin mon-fri 09:00-12:00 13:00-17:00 sat 10:00-14:00 holidays 2026-12-25,2026-12-26',
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        timeZone: 'Europe/Berlin',
        week: {
          mon: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '17:00' },
          ],
          sat: [{ start: '10:00', end: '14:00' }],
          sun: [],
        },
        holidays: ['2026-12-25', '2026-12-26'],
      },
    });
  });

  it('says in one sentence what is wrong with bad hours', () => {
    expect(parse('business-hours', 'Europe/Berlin 09:00-17:00')).toEqual({
      ok: false,
      message: 'Say which days 09:00-17:00 is for, like mon-fri 09:00-17:00.',
    });
    expect(parse('business-hours', 'Europe/Berlin mon-fri 17:00-09:00')).toMatchObject({
      ok: false,
      message: 'An opening ends after it starts.',
    });
    expect(parse('business-hours', 'Nowhere/City mon 09:00-17:00')).toMatchObject({ ok: false });
  });

  it('changes one plan and urgency of the SLA targets, keeping the rest', () => {
    const parsed = parse('sla-target', 'pro high 20 40 300');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const targets = parsed.value as typeof settings.slaTargets;
    expect(targets.pro.high).toEqual({ firstResponse: 20, nextResponse: 40, resolution: 300 });
    expect(targets.enterprise).toEqual(settings.slaTargets.enterprise);
    expect(parse('sla-target', 'pro high 20 40')).toMatchObject({ ok: false });
    expect(parse('sla-target', 'gold high 20 40 300')).toMatchObject({ ok: false });
  });

  it('turns CSAT and SLAs on and off', () => {
    expect(parse('csat', 'on')).toEqual({ ok: true, value: true });
    expect(parse('sla', 'off')).toEqual({ ok: true, value: false });
    expect(parse('csat', 'maybe')).toEqual({ ok: false, message: 'The satisfaction prompt is on or off.' });
  });
});
