# The same image runs every role (ROLES=api,ingest,delivery,retry,operations or all).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies them (postinstall): fixes to dependencies, each explained in its file.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY console ./console
# The console calls the API through the generated client.
COPY clients ./clients
COPY bench ./bench
COPY schemas ./schemas
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
# The heap follows the container's memory limit; a larger young generation keeps a burst's
# short-lived objects out of the old one (docs/guides/running.md, "Memory"). Setting NODE_OPTIONS replaces this.
ENV NODE_OPTIONS=--max-semi-space-size=32
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schemas ./schemas
COPY package.json ./
# The command line as the guides write it: `hookline secrets status`, `kubectl exec … -- hookline …`.
RUN ln -s /app/dist/src/cli.js /usr/local/bin/hookline
USER node
# The API; /metrics listens on METRICS_PORT (9464), for Prometheus only.
EXPOSE 3000 9464
CMD ["node", "dist/src/main.js"]
