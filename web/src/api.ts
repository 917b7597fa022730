/** The page's only way to the server: /sandbox/api, with the bearer token when one is needed. */

const TOKEN_KEY = 'switchboard.sandboxToken';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A token given once as `?token=` is kept for the tab's session and removed from the address bar. */
export function initToken(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    sessionStorage.setItem(TOKEN_KEY, token);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.toString());
  }
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/sandbox/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('The sandbox server cannot be reached. Is it still running?', 0);
  }
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new ApiError(data.error ?? `The server answered ${res.status}.`, res.status);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
};

export function eventsUrl(): string {
  const token = getToken();
  return `/sandbox/api/events${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
