#!/usr/bin/env bash
# Sets up a fresh machine for bench: pnpm, the Debian services and the browser the
# tests use (when run as root), the workspace's dependencies, and a build.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! pnpm --version 2>/dev/null | grep -qx '12.4.2'; then
  npm i -g --force pnpm@12.4.2 >/dev/null
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  # The real servers the tests use: Redis, PostgreSQL, and Chromium for the dashboard's browser tests.
  if ! command -v redis-server >/dev/null || [ ! -x /usr/lib/postgresql/15/bin/initdb ] || [ ! -x /usr/bin/chromium ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server postgresql chromium >/dev/null
  fi
fi

export CI=true TURBO_TELEMETRY_DISABLED=1
# better-sqlite3 builds from source here; node-gyp must use Node's own headers.
export npm_config_nodedir=${npm_config_nodedir:-/usr}
pnpm install --frozen-lockfile
pnpm build
