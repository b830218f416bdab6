# Steep: the production build in a small image that runs as an unprivileged user.
# The two commands that matter are the ones CI and the cluster suite run: `npm run build` to build, and
# `node scripts/start.mjs` (what `npm start` runs) to start.
#   docker build -t steep .
#   docker run -p 3000:3000 -v steep-data:/data steep          # embedded mode: trying Steep, one small node
# Production (PostgreSQL, Redis, a bucket, several replicas behind nginx): compose.yaml and docs/deploy.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# postinstall would build too; the explicit `npm run build` below is the one build.
ENV STEEP_SKIP_PREPARE=1
COPY package.json package-lock.json ./
COPY scripts/postinstall.mjs scripts/postinstall.mjs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# Only what the bundle loads at run time stays.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/start.mjs /app/scripts/build-keys.mjs ./scripts/
# DATA_DIR: the embedded database, the disk media store and the mail outbox (unused with PostgreSQL + s3
# except for the outbox). Owned by the unprivileged `node` user the image provides.
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /health answers while the process serves; /ready (503 while draining or without the database) is for
# the load balancer's routing.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (DRAIN_SECONDS): /ready says 503, sockets get 1012, in-flight requests finish.
STOPSIGNAL SIGTERM
# --max-semi-space-size=1: as `npm start` (docs/performance.md, "Idle memory").
CMD ["node", "--max-semi-space-size=1", "scripts/start.mjs"]
