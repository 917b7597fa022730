import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';

/** web/dist, resolved from this file so the server works from any working directory. */
export const DEFAULT_ASSETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Serves the built page at `/`; without a build, a one-line hint instead of a blank 404. */
export function mountAssets(app: express.Express, assetsDir: string): void {
  if (existsSync(path.join(assetsDir, 'index.html'))) {
    // Hashed file names under /assets never change: cache them; index.html always revalidates.
    app.use(
      express.static(assetsDir, {
        index: 'index.html',
        setHeaders(res, filePath) {
          res.setHeader(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      }),
    );
    return;
  }
  app.get('/', (_req, res) => {
    res
      .status(503)
      .type('text/plain')
      .send(
        'The sandbox page has not been built yet: run `npm run build` (npm start does it for you), then reload.',
      );
  });
}
