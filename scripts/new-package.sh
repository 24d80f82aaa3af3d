#!/usr/bin/env bash
# Scaffolds packages/<name> as @bench/<name>: ESM, tsup, vitest, composite tsconfig.
set -euo pipefail
name=$1; desc=${2:-}; private=${3:-false}
dir=packages/$name
mkdir -p "$dir/src"
cat > "$dir/package.json" <<JSON
{
  "name": "@bench/$name",
  "version": "0.0.0",
  "description": "$desc",
  "private": $private,
  "type": "module",
  "sideEffects": false,
  "license": "MIT",
  "engines": { "node": ">=20.19" },
  "exports": {
    ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" },
    "./package.json": "./package.json"
  },
  "types": "./dist/index.d.ts",
  "files": ["dist", "README.md"],
  "scripts": {
    "build": "tsup",
    "typecheck": "tsc --build",
    "test": "vitest run --reporter=default --reporter=json --outputFile.json=.test-report.json"
  }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": ".tsbuild", "tsBuildInfoFile": ".tsbuild/tsconfig.tsbuildinfo" },
  "include": ["src/**/*.ts", "bench/**/*.ts", "*.config.ts"]
}
JSON
cat > "$dir/tsup.config.ts" <<'TS'
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
TS
[ -f "$dir/src/index.ts" ] || echo "export {};" > "$dir/src/index.ts"
