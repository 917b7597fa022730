import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError } from './api.js';

/** GETs `path` whenever it or `revision` changes; keeps the last data while refetching. */
export function useFetch<T>(
  path: string | null,
  revision: number,
): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [bump, setBump] = useState(0);
  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    api
      .get<T>(path)
      .then((d) => {
        if (cancelled) return;
        setData(d);
        setError(null);
      })
      .catch((e: ApiError) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
  }, [path, revision, bump]);
  return { data, error, reload: () => setBump((n) => n + 1) };
}
