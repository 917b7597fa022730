import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { IntentSchema, UrgencySchema } from '../../domain/index.js';
import { describeZodIssues, ValidationError } from '../../errors.js';

/** One labelled message: at least text and intent; route, urgency, sender and earlier turns optional. */
export const GoldenMessageSchema = z.object({
  text: z.string().min(1),
  intent: IntentSchema,
  urgency: UrgencySchema.optional(),
  route: z.enum(['resolve', 'escalate', 'ignore']).optional(),
  customerEmail: z.string().email().optional(),
  thread: z.array(z.object({ role: z.enum(['customer', 'bot', 'staff']), text: z.string() })).optional(),
});
export type GoldenMessage = z.infer<typeof GoldenMessageSchema>;

/** Reads a JSONL file; a bad line fails with its line number. */
export async function loadGoldenSet(file: string): Promise<GoldenMessage[]> {
  const raw = await readFile(file, 'utf8');
  const out: GoldenMessage[] = [];
  raw.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ValidationError(`${file}:${i + 1}: not valid JSON`);
    }
    const parsed = GoldenMessageSchema.safeParse(json);
    if (!parsed.success)
      throw new ValidationError(`${file}:${i + 1}: ${describeZodIssues(parsed.error.issues)}`);
    out.push(parsed.data);
  });
  return out;
}
