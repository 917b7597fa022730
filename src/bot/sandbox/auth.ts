import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/**
 * With a token configured (production with SANDBOX=on), every /sandbox route needs
 * `Authorization: Bearer <token>`. EventSource cannot send headers, so the events stream may
 * pass it as `?token=` instead.
 */
export function requireSandboxToken(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!token) return next();
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S.*)$/i.exec(header);
    const fromQuery =
      req.path.endsWith('/events') && typeof req.query.token === 'string' ? req.query.token : undefined;
    const presented = match?.[1]?.trim() ?? fromQuery;
    if (presented && sameSecret(presented, token)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer realm="switchboard-sandbox"')
      .json({ error: 'This sandbox needs its access token: send Authorization: Bearer <SANDBOX_TOKEN>.' });
  };
}
