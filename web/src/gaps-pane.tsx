import { useState } from 'preact/hooks';
import { humanize } from './format.js';
import { KbDraftsSection } from './kb-drafts-section.js';
import { useFetch } from './use-fetch.js';
import type { KnowledgeGaps, StaffIdentity } from './types.js';

/**
 * The questions the bot could not answer, grouped by similarity, largest groups first; below them
 * the articles drafted from people's answers, waiting for a supervisor's review.
 */
export function GapsPane({ actor, revision }: { actor: StaffIdentity; revision: number }) {
  const [since, setSince] = useState('30d');
  const { data, error } = useFetch<KnowledgeGaps>(`/knowledge-gaps?since=${since}`, revision);
  return (
    <section class="pane gaps" aria-labelledby="gaps-heading" data-pane="gaps">
      <header class="pane-head">
        <h2 id="gaps-heading">Knowledge gaps</h2>
        <div class="report-controls">
          <label for="gaps-period">Period</label>
          <select id="gaps-period" value={since} onChange={(e) => setSince(e.currentTarget.value)}>
            <option value="7d">Last 7 days</option>
            <option value="30d">Last 30 days</option>
            <option value="90d">Last 90 days</option>
          </select>
        </div>
      </header>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!data ? (
        <p class="loading">Loading the knowledge gaps…</p>
      ) : data.groups.length === 0 ? (
        <p class="hint">No unanswered questions in this period.</p>
      ) : (
        <>
          <p class="hint">
            {data.questions} questions the bot could not answer (escalated for low confidence or rated “Not
            good”), {data.groups.length} groups.
          </p>
          <ol class="gap-groups">
            {data.groups.map((g, i) => (
              <li key={i} class="gap-group" data-gap-group={i}>
                <h3>
                  <span class="gap-count">{g.count}</span> {g.terms.join(', ')}{' '}
                  <span class="gap-intent">({humanize(g.intent)})</span>
                </h3>
                <p class="gap-why">
                  {g.lowConfidence} escalated for low confidence, {g.ratedNotGood} rated “Not good”
                </p>
                <ul class="gap-examples">
                  {g.examples.map((e) => (
                    <li key={e.ticketId}>
                      “{e.question}” <span class="gap-ticket">{e.ticketId}</span>
                    </li>
                  ))}
                </ul>
                <p class="gap-article">
                  {g.closestArticle ? (
                    <>
                      Closest article: <strong>{g.closestArticle.title}</strong> (relevance{' '}
                      {Math.round(g.closestArticle.relevance * 100)} %)
                    </>
                  ) : (
                    'No article comes close.'
                  )}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
      <KbDraftsSection actor={actor} revision={revision} />
    </section>
  );
}
