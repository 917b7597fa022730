import type express from 'express';
import type { Db } from 'mongodb';

/** `GET /healthz`: 200 when the database answers a ping, 503 otherwise (for load balancers and tests). */
export function mountHealth(app: express.Express, db: Db): void {
  app.get('/healthz', async (_req, res) => {
    try {
      await db.command({ ping: 1 });
      res.json({ ok: true, mongo: 'up' });
    } catch {
      res.status(503).json({ ok: false, mongo: 'down' });
    }
  });
}
