import type express from 'express';
import type { Db } from 'mongodb';

export interface HealthOptions {
  /** Longest wait for the database's ping before /readyz answers 503. */
  readyzTimeoutMs: number;
  /** True once start-up recovery has finished (the first sweep pass). */
  startupDone: () => boolean;
}

/**
 * `GET /healthz` (liveness): 200 at once, no database call; a stalled database must not make an
 * orchestrator kill a process that is only waiting (it hung 15 s before). `GET /readyz`
 * (readiness): 200 when the database answers a ping within the timeout and start-up recovery is
 * done, else 503 with which part is not ready. One ping at a time: probes during a stall share it.
 */
export function mountHealth(app: express.Express, db: Db, options: HealthOptions): void {
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  let ping: Promise<boolean> | undefined;
  const reachable = (): Promise<boolean> => {
    ping ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), options.readyzTimeoutMs);
      db.command({ ping: 1 })
        .then(
          () => true,
          () => false,
        )
        .then((ok) => {
          clearTimeout(timer);
          resolve(ok);
        });
    }).finally(() => {
      ping = undefined;
    });
    return ping;
  };
  app.get('/readyz', async (_req, res) => {
    const [mongo, recovered] = [await reachable(), options.startupDone()];
    const body = {
      ok: mongo && recovered,
      mongo: mongo ? 'up' : 'down',
      startupRecovery: recovered ? 'done' : 'running',
    };
    res.status(body.ok ? 200 : 503).json(body);
  });
}
