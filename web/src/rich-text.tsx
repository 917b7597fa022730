import type { ComponentChildren } from 'preact';

const TOKEN = /\*\*([^*\n]+)\*\*|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

/**
 * The little formatting bot answers use (**bold**, bare https links), rendered as elements —
 * never as HTML, so customer or model text cannot inject markup.
 */
export function RichText({ text }: { text: string }) {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    if (match[1] !== undefined) parts.push(<strong key={at}>{match[1]}</strong>);
    else if (match[2] !== undefined)
      parts.push(
        <a key={at} href={match[2]} target="_blank" rel="noopener noreferrer">
          {match[2]}
        </a>,
      );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
