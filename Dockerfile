# bench gateway: multi-stage build, runs as a non-root user, with a health check.
#   docker build -t bench-gateway .
#   docker run -p 4747:4747 -v $PWD/bench.jsonc:/config/bench.jsonc bench-gateway --config /config/bench.jsonc
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source against Node's own headers.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
 && npm i -g pnpm@12.4.2
ENV CI=true TURBO_TELEMETRY_DISABLED=1 npm_config_nodedir=/usr/local
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && pnpm prune --prod

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 4747
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4747)+'/bench/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "apps/gateway/dist/cli.js", "--host", "0.0.0.0"]
