/** Ways a text can hide other text from a plain substring check, undone for the guardrails. */

export function rot13(s: string): string {
  return s.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Mostly readable text (a decoded run that is really text, not noise). */
function readable(s: string): boolean {
  if (s.length < 8) return false;
  const printable = s.replace(/[^\x20-\x7e\u00a0-\uffff\n]/g, '').length;
  return printable / s.length > 0.9 && /[a-z]{3}/i.test(s);
}

/** Texts hidden in the reply: base64 and hex runs decoded, rot13, and the reply reversed. */
export function decodedVariants(text: string): string[] {
  const out: string[] = [rot13(text), [...text].reverse().join('')];
  const compact = text.replace(/\s+/g, '');
  for (const run of compact.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) {
    const b64 = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    if (readable(b64)) out.push(b64);
  }
  for (const run of text.match(/(?:[0-9a-f]{2}[\s:]?){8,}/gi) ?? []) {
    const hex = Buffer.from(run.replace(/[\s:]/g, ''), 'hex').toString('utf8');
    if (readable(hex)) out.push(hex);
  }
  return out;
}
