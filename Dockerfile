# syntax=docker/dockerfile:1
# Switchboard: build stage compiles dist/ and the sandbox page; the runtime stage holds only
# production dependencies and the build output, and runs `node dist/main.js` as a non-root user.
# There is no database inside: set MONGODB_URI (compose.yaml starts MongoDB 7 beside it).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall (scripts/postinstall.mjs, patch-package) applies the driver's write fix,
# patches/mongodb+*.patch.
COPY patches ./patches
COPY scripts/postinstall.mjs ./scripts/postinstall.mjs
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json vite.config.ts ./
COPY scripts ./scripts
COPY src ./src
COPY web ./web
RUN node scripts/build.mjs --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    EMBEDDED_MONGO=off \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: no runtime dependency needs one (esbuild's belongs to the build stage).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The driver as the build stage patched it (same lockfile version; patch-package is a dev tool).
COPY --from=build /app/node_modules/mongodb ./node_modules/mongodb
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY kb ./kb
# The offline engine's trained models (npm run train), read at run time.
COPY data/models ./data/models
USER node
EXPOSE 3000
# /healthz is liveness: 200 at once, no database call (/readyz is readiness: database and start-up recovery).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: it receives SIGTERM from `docker stop` and drains
# answers in progress for up to SHUTDOWN_TIMEOUT_MS (keep docker's --stop-timeout above it).
CMD ["node", "dist/main.js"]
