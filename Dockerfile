# syntax=docker/dockerfile:1
# MP3.0 image (issue 17; docs/operations.md "Container"): console and gateway on Node 24 LTS, production
# dependencies only, non-root. `e2e/production-start.spec.ts` runs the same install and start without Docker.
#   docker build -t mp3 .        docker compose up -d   (compose.yaml: with PostgreSQL)
ARG NODE_VERSION=24.21.0

# 1. build: every dependency, then the console (Vite) and the server bundle (packages/server/dist)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/protocol/package.json packages/protocol/
COPY packages/i18n/package.json packages/i18n/
COPY packages/server/package.json packages/server/
COPY packages/console/package.json packages/console/
COPY packages/policy-client/package.json packages/policy-client/
COPY examples/demo-app/package.json examples/demo-app/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. production dependencies of the server bundle: server, protocol and i18n (not the console's, which
#    Vite has bundled; --omit=optional leaves out TypeScript, an optional peer of i18next)
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/packages/protocol/package.json packages/protocol/
COPY --from=build /app/packages/i18n/package.json packages/i18n/
COPY --from=build /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/console/package.json packages/console/
COPY --from=build /app/packages/policy-client/package.json packages/policy-client/
COPY --from=build /app/examples/demo-app/package.json examples/demo-app/
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund -w packages/server -w packages/protocol -w packages/i18n \
 && npm cache clean --force

# 3. runtime: node_modules, the bundle with its migrations and source map, the built console
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    MP_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./
# "type": "module" of the server package makes dist/main.js an ES module
COPY --from=deps /app/packages/server/package.json packages/server/
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/console/dist packages/console/dist
# the embedded database's folder (used when DATABASE_URL is not set), owned by the unprivileged user
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /healthz: the process answers (docs/operations.md); the slim image has no curl, Node's fetch does it
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "packages/server/dist/main.js"]
