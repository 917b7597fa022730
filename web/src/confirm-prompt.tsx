import { useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import type { Rater } from './rating-prompt.js';
import type { Post } from './types.js';

/**
 * Yes / No under a refund question, as Slack and Teams show them. The answer comes back as one
 * sentence for the person who pressed; the post itself loses the buttons once the question is
 * over (the live feed brings that change to every open page).
 */
export function ConfirmPrompt({ post, rater }: { post: Post; rater?: Rater }) {
  const prompt = post.confirm;
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (!prompt) return null;
  async function answer(value: 'yes' | 'no') {
    if (!rater || !prompt) return;
    setBusy(true);
    try {
      const res = await api.post<{ ok: boolean; message: string }>('/confirmations', {
        ...rater,
        postId: post.postId,
        data: {
          v: 1,
          action: 'refund.confirm',
          ticketId: prompt.ticketId,
          confirmationId: prompt.confirmationId,
          answer: value,
        },
      });
      setSaid({ ok: res.ok, text: res.message });
    } catch (err) {
      setSaid({ ok: false, text: (err as ApiError).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div class="confirm" data-confirmation-id={prompt.confirmationId}>
      <div class="confirm-buttons" role="group" aria-label="Confirm the refund">
        <button type="button" class="primary" disabled={!rater || busy} onClick={() => void answer('yes')}>
          {prompt.yesLabel}
        </button>
        <button type="button" disabled={!rater || busy} onClick={() => void answer('no')}>
          {prompt.noLabel}
        </button>
      </div>
      {said && <p role={said.ok ? 'status' : 'alert'}>{said.text}</p>}
    </div>
  );
}
