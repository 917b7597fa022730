/** Ways a text can hide other text from a plain substring check, undone for the guardrails. */

export function rot13(s: string): string {
  // ASCII letters only (as `/[a-z]/gi` matches), by code: a callback per letter cost more than
  // the rest of the output filter.
  const codes = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    codes[i] = c >= 65 && c <= 90 ? ((c - 52) % 26) + 65 : c >= 97 && c <= 122 ? ((c - 84) % 26) + 97 : c;
  }
  let out = '';
  // In slices: a call's arguments are bounded.
  for (let i = 0; i < codes.length; i += 4096) out += String.fromCharCode(...codes.subarray(i, i + 4096));
  return out;
}

/** Mostly readable text (a decoded run that is really text, not noise). */
function readable(s: string): boolean {
  if (s.length < 8) return false;
  const printable = s.replace(/[^\x20-\x7e\u00a0-\uffff\n]/g, '').length;
  return printable / s.length > 0.9 && /[a-z]{3}/i.test(s);
}

/** Texts hidden in the reply: base64 and hex runs decoded, rot13, and the reply reversed. */
export function decodedVariants(text: string, { encodedOnly = false } = {}): string[] {
  // `encodedOnly`: the base64 and hex runs alone (the caller checked rot13 and reversed itself).
  const out: string[] = encodedOnly ? [] : [rot13(text), [...text].reverse().join('')];
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
