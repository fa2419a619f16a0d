# One image for every Stint service; SERVICES chooses what a container runs
# (gateway, projects, system, or a comma-separated mix). See docker-compose.yml and k8s/.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
# As `npm run serve`: the request scope (log lines name their request) costs far less on
# async context frames (bench/README.md, "Results: gateway speed").
# Two malloc arenas: glibc otherwise keeps one per thread, and the image library's threads
# leave memory in each (bench/README.md, Screenshots: 303 MiB peak instead of 343).
ENV NODE_ENV=production \
    NODE_OPTIONS=--experimental-async-context-frame \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The embedded store (used only when MONGO_URL is unset) writes under ./data. Distributed,
# nothing is written but an import's file under /tmp, so the root file system can be
# read-only with /tmp mounted writable (k8s/, docker-compose.yml).
RUN mkdir data && chown node:node data
# The image's `node` user, by number so that Kubernetes can check runAsNonRoot.
USER 1000:1000
# 3000: the gateway (PORT); 8081: the health listener of a process without one (HEALTH_PORT, as k8s/ sets it).
EXPOSE 3000 8081
CMD ["node", "dist/main.js"]
