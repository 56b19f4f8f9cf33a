# syntax=docker/dockerfile:1
# Build stage: compile TypeScript and bundle the playground page (web/, esbuild); native addons build
# here, with the toolchain.
# Node 26 is the active LTS (Nov 2026). better-sqlite3 12.x (the line that still supports Node 20) does
# not list Node 26 in its engines, but builds from source and runs on 26.9 (checked with npm's node 26).
FROM node:26-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY workers ./workers
COPY bin ./bin
COPY web ./web
RUN npm run build && npm prune --omit=dev

# Runtime stage: only production dependencies and compiled code, as an unprivileged user.
FROM node:26-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/bin ./bin
# `mockhive` on the PATH: `docker run --rm mockhive mockhive seed --database-url … --template …` runs the CLI.
RUN mkdir -p /data && chown node:node /data && chmod +x bin/mockhive.js && ln -s /app/bin/mockhive.js /usr/local/bin/mockhive
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# --single-threaded-gc and --heap-growing-percent=100: see docs/architecture.md (GC tuned for streaming).
CMD ["node", "--single-threaded-gc", "--heap-growing-percent=100", "dist/src/server.js"]
