/** True when the text repeats any eight-word run of the instructions (a prompt leak). */
export function echoesPrompt(text: string, instructions: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .split(' ');
  const words = norm(instructions);
  const hay = ` ${norm(text).join(' ')} `;
  for (let i = 0; i + 8 <= words.length; i++) {
    if (hay.includes(` ${words.slice(i, i + 8).join(' ')} `)) return true;
  }
  return false;
}
