# Warrantly: the built server and web app on Node 20, as a non-root user.
#   docker build -t warrantly .
#   docker run -p 3000:3000 -v warrantly-data:/data -e PUBLIC_URL=http://localhost:3000 -e SANDBOX=on warrantly
# See compose.yaml for several replicas on PostgreSQL, an S3-compatible store and Redis.

# The workspaces' manifests first, so the dependency layers are rebuilt only when they change.
FROM node:20-bookworm AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/extract/package.json packages/extract/
COPY tools/sandbox/package.json tools/sandbox/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Build: every dependency (dev tools included), then the web app and the bundled server.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime dependencies only: what the server and its document readers load from node_modules
# (better-sqlite3 compiles here, with the build image's compiler; the runtime image has none).
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund -w apps/server -w packages/extract

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
# package.json files say "type": "module" for the bundled server.
COPY --from=manifests /app/package.json ./
COPY --from=manifests /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The data folder (SQLite, generated key, receipt files when no S3 store is set) belongs to the app's user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# /healthz answers 200 when the database answers; the slim image has no curl, Node has fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# V8 flags for a small, flat footprint: docs/architecture.md, "How much memory a server holds".
CMD ["node", "--max-semi-space-size=1", "--heap-growing-percent=50", "apps/server/dist/server.js"]
