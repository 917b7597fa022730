import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/slack');

/** The SDK samples copied into test/fixtures/slack/ (see its README for origin and license). */
export type SlackSampleName =
  | 'MessagePayload'
  | 'MessageChangedPayload'
  | 'MessageDeletedPayload'
  | 'AppHomeOpenedPayload'
  | 'BlockActionPayload'
  | 'ViewSubmissionPayload'
  | 'SlashCommandPayload';

type Obj = Record<string, unknown>;
const samples = new Map<SlackSampleName, Obj>();

export function loadSlackSample(name: SlackSampleName): Obj {
  let sample = samples.get(name);
  if (!sample) {
    sample = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Obj;
    samples.set(name, sample);
  }
  return sample;
}

/** Block Kit content and view state are free-form: taken as given, not checked field by field. */
const OPAQUE = new Set(['blocks', 'state']);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function shape(sample: Obj, values: Obj, path: string, extra: ReadonlySet<string>): Obj {
  const out: Obj = {};
  // The sample's field order first (as Slack serializes), then the allowed extras.
  const keys = [
    ...Object.keys(sample).filter((k) => k in values),
    ...Object.keys(values).filter((k) => !(k in sample)),
  ];
  for (const key of keys) {
    const at = path ? `${path}.${key}` : key;
    const value = values[key];
    if (!(key in sample) && !extra.has(at))
      throw new Error(`Slack sample has no field "${at}"; add it to extra only if Slack really sends it`);
    const model = sample[key];
    if (value === undefined || OPAQUE.has(key)) out[key] = value;
    else if (isObj(value) && isObj(model)) out[key] = shape(model, value, at, extra);
    else if (Array.isArray(value) && Array.isArray(model) && isObj(model[0])) {
      const item = model[0];
      out[key] = value.map((v) => (isObj(v) ? shape(item, v, `${at}[]`, extra) : v));
    } else out[key] = value;
  }
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
  return out;
}

/**
 * A payload shaped like the SDK sample `name`: the sample's fields, in its order, holding the
 * given values. Fields the builder does not set are left out (the samples hold blanked
 * placeholders for every field Slack ever sends; a real payload omits what does not apply).
 * A value for a field the sample does not have throws, unless its dotted path is in `extra`:
 * fields Slack sends that the sample misses, each named where it is used.
 */
export function fromSlackSample(name: SlackSampleName, values: Obj, extra: readonly string[] = []): Obj {
  return shape(loadSlackSample(name), values, '', new Set(extra));
}
