import { useState } from 'preact/hooks';
import { time } from './format.js';
import { RichText } from './rich-text.js';
import type { Post } from './types.js';
import { RatingPrompt, type Rater } from './rating-prompt.js';
import { ConfirmPrompt } from './confirm-prompt.js';

function authorLabel(post: Post): string {
  if (post.author.kind === 'bot') return `${post.author.name ?? 'Switchboard'} (bot)`;
  if (post.author.kind === 'staff') return `${post.author.name ?? 'Staff'} (staff)`;
  return post.author.orgName
    ? `${post.author.name} · ${post.author.orgName}`
    : (post.author.name ?? 'Customer');
}

/** Longer messages start folded, as Slack folds them: a 10,000-character post is a wall. */
const FOLD_AT = 1200;

/** One message in the customer channel, as a chat client would show it. */
export function PostView({ post, rater }: { post: Post; rater?: Rater }) {
  const [open, setOpen] = useState(false);
  const folded = post.text.length > FOLD_AT && !open;
  // By code points, so an emoji at the fold is not cut in half.
  const shown = folded ? `${Array.from(post.text).slice(0, FOLD_AT).join('').trimEnd()}…` : post.text;
  return (
    <div
      class={`post author-${post.author.kind} kind-${post.kind}`}
      data-post-id={post.postId}
      data-author-kind={post.author.kind}
    >
      <div class="post-head">
        <strong>{authorLabel(post)}</strong> <time dateTime={post.createdAt}>{time(post.createdAt)}</time>
      </div>
      <p class="post-text" dir="auto">
        <RichText text={shown} />
      </p>
      {post.text.length > FOLD_AT && (
        <button type="button" class="link more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show more (${post.text.length.toLocaleString()} characters)`}
        </button>
      )}
      {post.citations.length > 0 && (
        <div class="citations">
          <span>Sources:</span>
          <ul>
            {post.citations.map((c) => (
              <li key={c.articleId}>{c.url ? <a href={c.url}>{c.title}</a> : c.title}</li>
            ))}
          </ul>
        </div>
      )}
      {post.rating && <RatingPrompt rating={post.rating} rater={rater} />}
      {post.confirm && <ConfirmPrompt post={post} rater={rater} />}
    </div>
  );
}
