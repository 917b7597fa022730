import robotsParserModule from 'robots-parser';

interface Robots {
  isDisallowed(url: string, ua?: string): boolean | undefined;
}
// The package is CommonJS (`module.exports = function`); its typings declare an ES default export
// that NodeNext resolution sees as the module namespace, so the call signature is restated here.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;
import type { SourceContext } from './source.js';

/** Pages larger than this are not articles (and would only slow the import down). */
const MAX_BYTES = 5_000_000;

/** Why a URL was not read, in words for the summary. */
export class FetchFailure extends Error {}

/** GET with the run's timeout and user agent; a non-2xx answer or a timeout is a FetchFailure. */
export async function fetchText(
  url: string,
  ctx: Pick<SourceContext, 'fetch' | 'timeoutMs' | 'userAgent'>,
): Promise<{ text: string; contentType: string; status: number }> {
  let res: Response;
  try {
    res = await ctx.fetch(url, {
      headers: {
        'user-agent': ctx.userAgent,
        accept: 'text/html,application/xhtml+xml,application/xml,text/plain;q=0.9,*/*;q=0.5',
      },
      signal: AbortSignal.timeout(ctx.timeoutMs),
      redirect: 'follow',
    });
  } catch (err) {
    throw new FetchFailure(describeFetchError(err, ctx.timeoutMs));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`too large (${length} bytes)`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new FetchFailure(describeFetchError(err, ctx.timeoutMs));
  }
  return { text, contentType: res.headers.get('content-type') ?? '', status: res.status };
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  return `unreachable (${cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))})`;
}

type RobotsVerdict = (url: string) => string | null;

/**
 * robots.txt per origin (RFC 9309): fetched once per run; a missing file (4xx) allows everything,
 * an unreachable one (5xx, timeout) allows nothing. Returns why a URL may not be fetched, or null.
 */
export function createRobots(ctx: Pick<SourceContext, 'fetch' | 'timeoutMs' | 'userAgent'>): RobotsVerdict & {
  load(url: string): Promise<void>;
} {
  const byOrigin = new Map<string, Promise<RobotsVerdict>>();
  const ready = new Map<string, RobotsVerdict>();
  const load = (url: string): Promise<void> => {
    const origin = new URL(url).origin;
    let pending = byOrigin.get(origin);
    if (!pending) {
      pending = fetchRobots(origin, ctx).then((verdict) => {
        ready.set(origin, verdict);
        return verdict;
      });
      byOrigin.set(origin, pending);
    }
    return pending.then(() => undefined);
  };
  const verdict = ((url: string) => {
    const check = ready.get(new URL(url).origin);
    return check ? check(url) : 'robots.txt not read';
  }) as RobotsVerdict & { load(url: string): Promise<void> };
  verdict.load = load;
  return verdict;
}

async function fetchRobots(
  origin: string,
  ctx: Pick<SourceContext, 'fetch' | 'timeoutMs' | 'userAgent'>,
): Promise<RobotsVerdict> {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const { text } = await fetchText(robotsUrl, ctx);
    const robots = robotsParser(robotsUrl, text);
    const agent = ctx.userAgent.split('/')[0]!;
    return (url) => (robots.isDisallowed(url, agent) ? 'disallowed by robots.txt' : null);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (/^HTTP 4\d\d/.test(reason)) return () => null;
    return () => `robots.txt unavailable (${reason}), so nothing on ${origin} is fetched`;
  }
}
