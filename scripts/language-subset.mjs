// `node scripts/language-subset.mjs`: writes src/agent/language-ngrams.json, the part of eld's
// 'medium' n-gram database (Apache-2.0, https://github.com/nitotm/efficient-language-detector-js)
// that scores the languages src/agent/language.ts detects. eld's own module parses its whole
// 60-language database at import, about 170 MB of RSS; this subset gives the same answers
// (test/agent/language.test.ts compares them) for about 2 MB. Rerun after changing the languages
// below or upgrading eld.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'node_modules', 'eld', 'src', 'ngrams', 'medium.js');
if (!existsSync(source)) {
  console.error('language-subset: node_modules/eld is missing; run npm ci first');
  process.exit(1);
}
const { ngramsData } = await import(pathToFileURL(source).href);
const ids = new Set(
  Object.entries(ngramsData.languages)
    .filter(([, code]) => LANGUAGES.includes(code))
    .map(([id]) => id),
);
const ngrams = {};
for (const [gram, scores] of Object.entries(ngramsData.ngrams)) {
  const kept = Object.entries(scores).filter(([id]) => ids.has(id));
  if (kept.length > 0) ngrams[gram] = Object.fromEntries(kept);
}
const out = path.join(root, 'src', 'agent', 'language-ngrams.json');
// Every language code stays, so eld's language ids and score arrays are those of the full database.
writeFileSync(
  out,
  JSON.stringify({ type: ngramsData.type, languages: ngramsData.languages, subset: LANGUAGES, ngrams }),
);
console.log(
  `language-subset: ${Object.keys(ngrams).length} n-grams for ${LANGUAGES.join(', ')} → ${path.relative(root, out)}`,
);
