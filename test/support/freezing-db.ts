import type { Collection, Db } from 'mongodb';

/** A call on the wrapped collection: its method's name, its arguments, and the real call. */
export interface Intercepted {
  method: string;
  args: unknown[];
  /** Runs the driver's own method with the same arguments. */
  call(): unknown;
  /** Never answers: the process "dies" here. Resolves `reached()` first. */
  hang(): Promise<never>;
}

/**
 * A database handle for kill tests: calls on collection `name` go through `intercept`, which
 * decides whether the driver runs them, or the call never answers (`hang`: a process killed at
 * that instant). Every other collection, and the handle's own methods, work as usual.
 * `reached()` resolves once a call hung.
 */
export function freezingDb(db: Db, name: string, intercept: (c: Intercepted) => unknown) {
  let reached: () => void = () => undefined;
  const reachedP = new Promise<void>((r) => (reached = r));
  const hang = (): Promise<never> => {
    reached();
    return new Promise<never>(() => undefined);
  };
  const wrap = (col: Collection): Collection =>
    new Proxy(col, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...a: unknown[]) => unknown;
        return (...args: unknown[]) =>
          intercept({ method: String(prop), args, call: () => fn.apply(target, args), hang });
      },
    });
  const proxied = new Proxy(db, {
    get(target, prop) {
      if (prop === 'collection')
        return (collection: string, options?: object) => {
          const col = target.collection(collection, options);
          return collection === name ? wrap(col) : col;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxied, reached: () => reachedP };
}

/**
 * A freezingDb where, once `arm()` was called (from the start with `armed`), the `method` calls
 * on collection `name` (every call there when no method is named) never answer: made before the
 * call, or with `after` once the driver made it (the write is stored, its answer never comes).
 */
export function armedFreezingDb(
  db: Db,
  name: string,
  options: { method?: string; after?: boolean; armed?: boolean } = {},
) {
  let armed = options.armed ?? false;
  const frozen = freezingDb(db, name, ({ method, call, hang }) => {
    if (options.method !== undefined && method !== options.method) return call();
    if (!options.after) return armed ? hang() : call();
    return (async () => {
      const done = await call();
      return armed ? hang() : done;
    })();
  });
  return {
    ...frozen,
    arm() {
      armed = true;
    },
  };
}
