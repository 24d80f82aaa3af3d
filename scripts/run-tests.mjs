#!/usr/bin/env node
// Type-checks every workspace, runs every workspace's tests through turbo,
// then adds up the vitest JSON reports so that the very last line is the
// count CI reads: "N passed, N failed" (a failed type check counts as one, and so does each
// step named in BENCH_FAILED_STEPS, space-separated: .ci/run's lint and pack-check).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const REPORT = '.test-report.json';

const workspaces = ['packages', 'apps']
  .flatMap((group) => {
    const dir = join(root, group);
    return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
  })
  .filter((dir) => {
    const manifest = join(dir, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
  });

for (const dir of workspaces) rmSync(join(dir, REPORT), { force: true });

const turboEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
// Tests run built code through tsup, which does not check types: a type error would pass them.
const typecheck = spawnSync('pnpm', ['exec', 'turbo', 'run', 'typecheck', '--continue'], { cwd: root, stdio: 'inherit', env: turboEnv });
// One package's tests at a time: on a 2-core machine, packages running side by side made tests with short
// upstream timeouts (500 ms first token) fail for want of CPU, not for what they test.
const turbo = spawnSync('pnpm', ['exec', 'turbo', 'run', 'test', '--continue', '--concurrency=1', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: turboEnv,
});

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
for (const dir of workspaces) {
  const file = join(dir, REPORT);
  if (!existsSync(file)) {
    failed += 1;
    problems.push(`${dir.slice(root.length)}: no test report (the test task did not finish)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  for (const r of brokenFiles) {
    failed += 1;
    problems.push(`${r.name.slice(root.length)}: failed to load: ${(r.message ?? '').split('\n')[0]}`);
  }
}

if (typecheck.status !== 0) {
  failed += 1;
  problems.push(`typecheck failed (exit ${typecheck.status ?? typecheck.signal}); see its errors above, or run pnpm typecheck`);
}

for (const step of (process.env.BENCH_FAILED_STEPS ?? '').split(' ').filter(Boolean)) {
  failed += 1;
  problems.push(`${step} failed; see its output above, or run pnpm ${step}`);
}

for (const problem of problems) console.log(`! ${problem}`);
if (turbo.status !== 0 && failed === 0) {
  failed += 1;
  console.log(`! turbo exited with ${turbo.status ?? turbo.signal}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
