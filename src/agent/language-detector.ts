import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The part of eld's detector language.ts uses. */
export interface LanguageDetector {
  detect(text: string): { language: string; isReliable(): boolean };
}

interface NgramsData {
  type: string;
  languages: Record<string, string>;
  /** The languages whose n-grams the file keeps (every other language scores 0). */
  subset: string[];
  ngrams: Record<string, Record<string, number>>;
}

interface EldInternals {
  createEld(): {
    instance: LanguageDetector & { setLanguageSubset(languages: string[]): unknown };
    loadData(data: Omit<NgramsData, 'subset'>): string;
  };
}

/** Written by scripts/language-subset.mjs from eld's 'medium' database; copied into dist/ by the build. */
const NGRAMS_FILE = new URL('./language-ngrams.json', import.meta.url);

/** eld's own detector module. Its package exports only entries that parse a whole database. */
function eldDetectorModule(): string {
  const dirs = createRequire(import.meta.url).resolve.paths('eld') ?? [];
  for (const dir of dirs) {
    const file = path.join(dir, 'eld', 'src', 'languageDetector.js');
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  throw new Error('the eld package (language detection) is not installed');
}

/**
 * eld's detector with a database of only the languages Switchboard tells apart. `import 'eld/medium'`
 * parses a 2 MB object literal of 60 languages at start-up, which costs about 170 MB of resident
 * memory for good; the subset (7 languages, 18k n-grams, 0.4 MB of JSON) costs about 3 MB. Scores
 * are per language, so with the same subset set the answers are eld's: test/agent/language.test.ts
 * compares both on the golden set.
 */
export async function createSubsetDetector(): Promise<LanguageDetector> {
  const data = JSON.parse(readFileSync(NGRAMS_FILE, 'utf8')) as NgramsData;
  const { createEld } = (await import(eldDetectorModule())) as EldInternals;
  const { instance, loadData } = createEld();
  loadData({ type: data.type, languages: data.languages, ngrams: data.ngrams });
  instance.setLanguageSubset(data.subset);
  return instance;
}
