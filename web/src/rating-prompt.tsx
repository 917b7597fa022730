import { useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import type { Post } from './types.js';

/** Who clicks: the demo customer the pane writes as. */
export interface Rater {
  customerId: string;
  contactEmail: string;
}

/** The satisfaction prompt's buttons and comment box under a bot post, as Slack and Teams show them. */
export function RatingPrompt({ rating, rater }: { rating: NonNullable<Post['rating']>; rater?: Rater }) {
  const [comment, setComment] = useState('');
  const [done, setDone] = useState<{ ok: boolean; text: string } | null>(null);
  if (done?.ok)
    return (
      <p class="rating-done" role="status">
        {done.text}
      </p>
    );
  async function rate(value: string) {
    if (!rater) return;
    try {
      const res = await api.post<{ ok: boolean; message: string }>('/ratings', {
        ...rater,
        ticketId: rating.ticketId,
        rating: value,
        ...(comment.trim() ? { comment } : {}),
      });
      setDone({ ok: res.ok, text: res.message });
    } catch (err) {
      setDone({ ok: false, text: (err as ApiError).message });
    }
  }
  return (
    <div class="rating" data-rating-ticket={rating.ticketId}>
      <label>
        {rating.commentLabel}
        <textarea maxLength={1000} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
      </label>
      <div class="rating-buttons" role="group" aria-label="Rating">
        {rating.options.map((o) => (
          <button key={o.rating} type="button" disabled={!rater} onClick={() => void rate(o.rating)}>
            {o.label}
          </button>
        ))}
      </div>
      {done && !done.ok && <p role="alert">{done.text}</p>}
    </div>
  );
}
