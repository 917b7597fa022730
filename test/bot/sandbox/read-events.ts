export interface EventsRead {
  status: number;
  type: string | null;
  events: Array<{ event: string; data: unknown }>;
}

/**
 * Reads a server-sent event stream until `done` says enough (or the time runs out). `opened`
 * settles once the response headers are in: the server subscribes the stream before it sends
 * them, so whatever happens after `await stream.opened` is heard (a fixed sleep instead was a
 * guess a loaded machine could lose).
 */
export function readEvents(
  url: string,
  done: (events: Array<{ event: string; data: unknown }>) => boolean,
  init?: RequestInit,
): Promise<EventsRead> & { opened: Promise<void> } {
  const controller = new AbortController();
  // Generous: the stream often spans a whole message's run, slow on a loaded two-core machine.
  const timer = setTimeout(() => controller.abort(), 15_000);
  const response = fetch(url, { ...init, signal: controller.signal });
  const read = (async (): Promise<EventsRead> => {
    const events: Array<{ event: string; data: unknown }> = [];
    try {
      const res = await response;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        while (!done(events)) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const chunk = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.+)$/m.exec(chunk)?.[1];
            const data = /^data: (.+)$/m.exec(chunk)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
          }
        }
      } catch (err) {
        if (!controller.signal.aborted) throw err;
      }
      return { status: res.status, type: res.headers.get('content-type'), events };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  })();
  return Object.assign(read, { opened: response.then(() => undefined) });
}
