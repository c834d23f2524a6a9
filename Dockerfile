# Production image of the PisoNow server (API + built web app). Node 24, runs as the unprivileged
# `node` user, only production dependencies. Build: docker build -t pisonow .
# Run (needs PostgreSQL and real providers; see compose.yaml and the README's configuration table).

# 1. build: all dependencies, then the web app's production bundle and the server's (apps/api/build.ts)
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. production dependencies of the server and the shared domain package only
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @pisonow/api --workspace @pisonow/domain

# 3. runtime: the server's bundle (apps/api/dist) beside its sources, which it reads its migrations,
#    fixtures and the paths of its packages' files from; no compiler in the image
FROM node:24-bookworm-slim
# TRUST_PROXY: X-Forwarded-For is believed only from proxies on private or loopback addresses (the
# Caddy of compose.yaml, a VPC load balancer), so per-IP login limits count the address the proxy
# saw and a client cannot dodge them by writing the header. Name the proxies if they are elsewhere.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    TRUST_PROXY=loopback,uniquelocal \
    DATA_DIR=/var/lib/pisonow \
    WEB_DIST=/app/apps/web/dist \
    GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/domain packages/domain
COPY apps/api/package.json apps/api/
COPY apps/api/src apps/api/src
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/pisonow && chown node:node /var/lib/pisonow
USER node
EXPOSE 8080
# liveness only: readiness (/api/health/ready) is for the proxy, which stops sending traffic to a
# replica that is starting or draining
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests and jobs, then exits
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "apps/api/dist/server.mjs"]
