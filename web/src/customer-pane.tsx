import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';
import { excerpt } from './format.js';
import { PostView } from './post-view.js';
import { useFetch } from './use-fetch.js';
import type { Customer, Post, Session, StaffIdentity } from './types.js';

/** The longest message the API takes: Slack's own limit, as the engine's InboundMessage. */
export const MESSAGE_MAX = 40_000;

/** Keeps the chosen thread in the address bar, so a reload or a shared link lands in it. */
function rememberThread(threadId: string | null): void {
  const url = new URL(window.location.href);
  if (threadId) url.searchParams.set('thread', threadId);
  else url.searchParams.delete('thread');
  history.replaceState(null, '', url.toString());
}

interface Props {
  session: Session;
  actor: StaffIdentity;
  revision: number;
}

interface Thread {
  root: Post;
  replies: Post[];
}

function threadsOf(posts: Post[]): Thread[] {
  const byRoot = new Map<string, Thread>();
  for (const p of posts) if (!p.threadId) byRoot.set(p.postId, { root: p, replies: [] });
  for (const p of posts) if (p.threadId) byRoot.get(p.threadId)?.replies.push(p);
  return [...byRoot.values()];
}

/** The shared customer channel: demo customers write, the bot and staff answer in threads. */
export function CustomerPane({ session, actor, revision }: Props) {
  const customers = useFetch<{ customers: Customer[] }>('/customers', 0).data?.customers ?? [];
  const posts =
    useFetch<{ posts: Post[] }>(`/channels/${session.channels.customer}/posts`, revision).data?.posts ?? [];
  const [customerId, setCustomerId] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [threadId, setThreadIdState] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('thread'),
  );
  // Bumped on every change of thread, so a slow answer to an earlier send cannot reselect its
  // thread after the person has moved on ("Start a new thread instead" while it was sending).
  const selection = useRef(0);
  // The thread chosen last, updated at once (state lands a render later): effects compare with it.
  const currentThread = useRef(threadId);
  const setThreadId = (id: string | null) => {
    selection.current += 1;
    currentThread.current = id;
    setThreadIdState(id);
    rememberThread(id);
  };
  /** Choosing a customer's thread writes as that customer, as continuing it in Slack would. */
  const chooseThread = (root: Post) => {
    setThreadId(root.postId);
    const owner = customers.find((c) => c.contacts.some((k) => k.userId === root.author.userId));
    if (owner && root.author.kind === 'customer') {
      setCustomerId(owner.customerId);
      setContactEmail(owner.contacts.find((k) => k.userId === root.author.userId)?.email ?? '');
    }
  };
  const [writeAs, setWriteAs] = useState<'customer' | 'staff'>('customer');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // State updates land after the handler returns: two Enters in one task would both see
  // `sending` false and post the message twice. The ref closes that window.
  const inFlight = useRef(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const customer = customers.find((c) => c.customerId === customerId) ?? customers[0];
  const contact = customer?.contacts.find((c) => c.email === contactEmail) ?? customer?.contacts[0];
  const rater =
    customer && contact ? { customerId: customer.customerId, contactEmail: contact.email } : undefined;
  const threads = useMemo(() => threadsOf(posts), [posts]);
  const selected = threads.find((t) => t.root.postId === threadId);
  const staffBlocked = writeAs === 'staff' && (actor.isExternal || !selected);

  // A thread opened from a link or restored after a reload writes as the customer who started it.
  useEffect(() => {
    if (!selected || selected.root.author.kind !== 'customer' || customers.length === 0) return;
    // The person picked another customer (which leaves the thread) since this render: theirs stands.
    if (currentThread.current !== selected.root.postId) return;
    if (customer?.contacts.some((k) => k.userId === selected.root.author.userId)) return;
    const owner = customers.find((c) => c.contacts.some((k) => k.userId === selected.root.author.userId));
    if (owner) setCustomerId(owner.customerId);
  }, [selected?.root.postId, customers.length]);

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [posts.length]);

  async function send(e: Event) {
    e.preventDefault();
    if (!text.trim() || inFlight.current) return;
    inFlight.current = true;
    // What this send carries: a person may type the next message while it is on its way.
    const sent = text;
    setSending(true);
    setNotice(null);
    try {
      if (writeAs === 'customer') {
        if (!customer || !contact) throw new Error('Choose a customer first.');
        const sentAt = selection.current;
        const res = await api.post<{ post: Post }>('/customer-messages', {
          customerId: customer.customerId,
          contactEmail: contact.email,
          text: sent,
          threadId: selected?.root.postId,
        });
        if (!selected && selection.current === sentAt) setThreadId(res.post.postId);
      } else {
        if (!selected) throw new Error('Choose a thread to write in first.');
        await api.post('/staff-messages', {
          actorId: actor.userId,
          threadId: selected.root.postId,
          text: sent,
        });
      }
      // Cleared only when it still holds what was sent: text typed meanwhile is the next message.
      setText((current) => (current === sent ? '' : current));
    } catch (err) {
      setNotice({ kind: 'error', text: (err as ApiError).message });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <section class="pane customer-pane" aria-labelledby="customer-heading" data-pane="customer">
      <header class="pane-head">
        <h2 id="customer-heading">Customer channel</h2>
        <p class="hint">
          #{session.channels.customer} — shared with your customers, as in Slack Connect or Teams.
        </p>
        <div class="row">
          <label for="customer-select">
            Customer
            <select
              id="customer-select"
              value={customer?.customerId ?? ''}
              onChange={(e) => {
                setCustomerId(e.currentTarget.value);
                setContactEmail('');
                // Another customer cannot continue this one's thread; this also stops a send still
                // in flight from reselecting the previous customer's new thread.
                setThreadId(null);
              }}
            >
              {customers.map((c) => (
                <option key={c.customerId} value={c.customerId}>
                  {c.name} ({c.plan})
                </option>
              ))}
            </select>
          </label>
          <label for="contact-select">
            Contact
            <select
              id="contact-select"
              value={contact?.email ?? ''}
              onChange={(e) => setContactEmail(e.currentTarget.value)}
            >
              {(customer?.contacts ?? []).map((c) => (
                <option key={c.email} value={c.email}>
                  {c.name} &lt;{c.email}&gt;
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>

      <div class="threads" ref={scroller} aria-label="Threads" role="log">
        {threads.length === 0 && (
          <p class="empty">No messages yet. Write one below, for example “Where is my order 1042?”.</p>
        )}
        {threads.map((t) => (
          <article
            key={t.root.postId}
            class={`thread ${selected?.root.postId === t.root.postId ? 'selected' : ''}`}
            data-thread-id={t.root.postId}
            aria-current={selected?.root.postId === t.root.postId ? 'true' : undefined}
          >
            <PostView post={t.root} />
            {t.replies.length > 0 && (
              <div class="replies">
                {t.replies.map((r) => (
                  <PostView key={r.postId} post={r} rater={rater} />
                ))}
              </div>
            )}
            <button
              type="button"
              class="link"
              onClick={() => chooseThread(t.root)}
              disabled={selected?.root.postId === t.root.postId}
              // Every thread has this button: the name says which thread it is.
              aria-label={`Reply in the thread “${excerpt(t.root.text, 40)}”`}
            >
              {selected?.root.postId === t.root.postId ? 'Replying in this thread' : 'Reply in thread'}
            </button>
          </article>
        ))}
      </div>

      <form class="composer" onSubmit={send}>
        <fieldset class="write-as">
          <legend>Write as</legend>
          <label>
            <input
              type="radio"
              name="write-as"
              value="customer"
              checked={writeAs === 'customer'}
              onChange={() => setWriteAs('customer')}
            />
            {contact ? `${contact.name} (customer)` : 'the customer'}
          </label>
          <label>
            <input
              type="radio"
              name="write-as"
              value="staff"
              checked={writeAs === 'staff'}
              onChange={() => setWriteAs('staff')}
            />
            {actor.name} (staff)
          </label>
        </fieldset>
        <p class="target" aria-live="polite">
          {selected ? (
            <>
              Replying in the thread “{excerpt(selected.root.text, 60)}”{' '}
              <button type="button" class="link" onClick={() => setThreadId(null)}>
                Start a new thread instead
              </button>
            </>
          ) : (
            'Starting a new thread.'
          )}
        </p>
        {writeAs === 'staff' && actor.isExternal && (
          <p class="warn">An external guest cannot write as staff; choose another person in “Act as”.</p>
        )}
        {writeAs === 'staff' && !actor.isExternal && !selected && (
          <p class="warn">Staff write in an existing thread: choose “Reply in thread” first.</p>
        )}
        <label for="customer-message">Message</label>
        <textarea
          id="customer-message"
          rows={3}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          maxLength={MESSAGE_MAX}
          dir="auto"
          aria-describedby={text.length > MESSAGE_MAX * 0.9 ? 'message-length' : undefined}
          onKeyDown={(e) => {
            // Enter that confirms an input method's composition (Japanese, Chinese, Korean)
            // belongs to the IME, not to the form: sending there cuts the message short.
            if (e.isComposing || e.keyCode === 229) return;
            if (e.key === 'Enter' && !e.shiftKey) send(e);
          }}
          placeholder="Enter sends, Shift+Enter adds a line"
        />
        <div class="row">
          <button type="submit" disabled={sending || !text.trim() || staffBlocked}>
            {sending ? 'Sending…' : 'Send'}
          </button>
          {text.length > MESSAGE_MAX * 0.9 && (
            <p id="message-length" class="hint">
              {text.length.toLocaleString()} of {MESSAGE_MAX.toLocaleString()} characters
            </p>
          )}
          {notice && (
            <p class={notice.kind} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
