#!/usr/bin/env node
// Proves the public packages work as published, the way an embedder meets them:
//   1. `pnpm pack` every non-private package under packages/ and apps/ (workspace:* becomes a version);
//   2. checks each packed manifest (exports with types first, files, engines, sideEffects, description,
//      license, no private or undeclared dependency in what ships);
//   3. installs all the tarballs at once into a scratch project outside the workspace with npm, plus the
//      workspace's typescript and @types/node, type-checks scripts/pack-check/*.ts against the packed
//      .d.ts files with `tsc --noEmit`, runs them and checks what they print;
//   4. when apps/gateway is public, runs `npx bench-gateway --version` and `--demo --port 0` there, and fetches
//      the dashboard's page from it (served from the installed @bench/dashboard).
// Needs the packages built (pnpm build) and the npm registry; prints `! pack-check: …` for each problem
// and exits 1 if there was one.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const programDir = join(root, 'scripts', 'pack-check');
const problems = [];
const problem = (text) => {
  problems.push(text);
  console.log(`! pack-check: ${text}`);
};
const say = (text) => console.log(`pack-check: ${text}`);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

function run(command, args, options = {}) {
  const settings = { encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024, ...options };
  const result = spawnSync(command, args, settings);
  const timedOut = result.error?.code === 'ETIMEDOUT';
  const status = timedOut ? `timed out after ${settings.timeout / 1000} s` : (result.error?.message ?? result.status ?? result.signal);
  return { ok: result.status === 0 && !result.error, status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function tail(text, lines = 30) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

// The workspace packages, public and private.
const workspaces = ['packages', 'apps'].flatMap((group) => {
  const dir = join(root, group);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((pkgDir) => existsSync(join(pkgDir, 'package.json')))
    .map((pkgDir) => ({ dir: pkgDir, manifest: readJson(join(pkgDir, 'package.json')) }));
});
const privateNames = new Set(workspaces.filter((w) => w.manifest.private).map((w) => w.manifest.name));
const publicOnes = workspaces.filter((w) => !w.manifest.private);

const scratch = mkdtempSync(join(tmpdir(), 'bench-pack-check-'));
if (!relative(root, scratch).startsWith('..')) {
  problem(`the scratch folder ${scratch} is inside the workspace; set TMPDIR to a folder outside it`);
  process.exit(1);
}
const tarballs = join(scratch, 'tarballs');
const app = join(scratch, 'app');
mkdirSync(tarballs);
mkdirSync(app);

// 1. Pack.
const packed = [];
for (const { dir, manifest } of publicOnes) {
  const before = new Set(readdirSync(tarballs));
  const result = run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: dir });
  const made = readdirSync(tarballs).filter((f) => !before.has(f) && f.endsWith('.tgz'));
  if (!result.ok || made.length !== 1) {
    problem(`${manifest.name}: pnpm pack failed (${result.status})\n${tail(result.stdout + result.stderr)}`);
    continue;
  }
  const tarball = join(tarballs, made[0]);
  const list = run('tar', ['-tzf', tarball]);
  const files = new Set(
    list.stdout
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, '')),
  );
  const packedManifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json']).stdout);
  packed.push({ dir, name: manifest.name, tarball, files, manifest: packedManifest });
}
say(`packed ${packed.map((p) => p.name).join(', ')}`);

// 2. Check each packed manifest and what it ships.
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const builtins = new Set(builtinModules);
const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]);

function importsOf(text) {
  const found = new Set();
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm, // import … from 'x', export … from 'x'
    /^\s*import\s*['"]([^'"]+)['"]/gm, // import 'x'
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('x'), also in .d.ts types
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  return [...found].filter((s) => !s.startsWith('.') && !s.startsWith('/'));
}

function checkExports(name, exportsField, files) {
  const targets = [];
  const walk = (value, where) => {
    if (typeof value === 'string') {
      targets.push([where, value]);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const keys = Object.keys(value);
    const conditions = keys.filter((k) => !k.startsWith('.'));
    if (conditions.length > 0 && conditions.includes('types') && conditions[0] !== 'types') {
      problem(`${name}: exports${where}: "types" must be the first condition (it is ${conditions.indexOf('types') + 1}.)`);
    }
    if (conditions.length > 0 && !conditions.includes('types') && conditions.some((k) => ['import', 'default', 'require'].includes(k))) {
      problem(`${name}: exports${where}: no "types" condition: TypeScript users get no types for it`);
    }
    for (const key of keys) walk(value[key], `${where}[${JSON.stringify(key)}]`);
  };
  walk(exportsField, '');
  for (const [where, target] of targets) {
    if (!files.has(target.replace(/^\.\//, '')))
      problem(`${name}: exports${where} points to ${target}, which is not in the tarball (was it built? pnpm build)`);
  }
}

for (const pkg of packed) {
  const { name, manifest, files } = pkg;
  const binOnly = manifest.bin && !manifest.exports && !manifest.main && !manifest.types;
  for (const field of ['description', 'license']) {
    if (typeof manifest[field] !== 'string' || manifest[field].trim() === '') problem(`${name}: package.json has no ${field}`);
  }
  if (manifest.type !== 'module') problem(`${name}: package.json "type" is ${JSON.stringify(manifest.type)}, not "module" (bench is ESM only)`);
  if (typeof manifest.engines?.node !== 'string') problem(`${name}: package.json has no engines.node`);
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) problem(`${name}: package.json has no "files" list (everything in the folder would ship)`);
  if (!binOnly) {
    if (manifest.sideEffects !== false) problem(`${name}: package.json "sideEffects" is ${JSON.stringify(manifest.sideEffects)}, not false`);
    if (!manifest.exports) problem(`${name}: package.json has no "exports" map`);
    else checkExports(name, manifest.exports, files);
    if (manifest.types && !files.has(manifest.types.replace(/^\.\//, ''))) problem(`${name}: "types" points to ${manifest.types}, which is not in the tarball`);
  }
  const bins = typeof manifest.bin === 'string' ? { [name.split('/').pop()]: manifest.bin } : (manifest.bin ?? {});
  for (const [bin, target] of Object.entries(bins)) {
    const file = target.replace(/^\.\//, '');
    if (!files.has(file)) problem(`${name}: bin ${bin} points to ${target}, which is not in the tarball (was it built?)`);
    else if (!run('tar', ['-xzOf', pkg.tarball, `package/${file}`]).stdout.startsWith('#!/usr/bin/env node'))
      problem(`${name}: bin ${bin} (${target}) does not start with #!/usr/bin/env node`);
  }
  const declared = new Set([name]);
  for (const field of DEPENDENCY_FIELDS) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      declared.add(dep);
      if (String(range).startsWith('workspace:')) problem(`${name}: ${field}.${dep} is still "${range}" in the packed manifest`);
      if (privateNames.has(dep))
        problem(`${name}: ${field}.${dep}: ${dep} is private (never published), so installing ${name} would fail; make it a devDependency or drop it`);
    }
  }
  // What ships may import only Node's modules and what the manifest declares.
  const shipped = [...files].filter((f) => /\.(m?js|cjs|d\.m?ts)$/.test(f));
  const undeclared = new Map();
  for (const file of shipped) {
    const text = run('tar', ['-xzOf', pkg.tarball, `package/${file}`]).stdout;
    for (const specifier of importsOf(text)) {
      if (isBuiltin(specifier) || declared.has(packageOf(specifier))) continue;
      if (!undeclared.has(packageOf(specifier))) undeclared.set(packageOf(specifier), file);
    }
  }
  for (const [dep, file] of undeclared) problem(`${name}: ${file} imports ${dep}, which is not in its dependencies`);
}

// 3. A scratch project outside the workspace, as an embedder would set it up.
const rootManifest = readJson(join(root, 'package.json'));
const pinned = (dep) => rootManifest.devDependencies?.[dep] ?? rootManifest.dependencies?.[dep];
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key) || /^npm_config_nodedir$/i.test(key)));
// better-sqlite3 (ledger) builds from source here; node-gyp must use Node's own headers.
if (!npmEnv.npm_config_nodedir && existsSync('/usr/include/node/node.h')) npmEnv.npm_config_nodedir = '/usr';
const names = new Set(packed.map((p) => p.name));
writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'bench-embedder', private: true, type: 'module' }, null, 2)}\n`);

if (problems.length > 0) {
  say('skipped the scratch project: fix the problems above first (a private dependency would be fetched from the registry)');
} else if (packed.length > 0) {
  const started = Date.now();
  const install = run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--save-exact',
      ...packed.map((p) => p.tarball),
      `typescript@${pinned('typescript')}`,
      `@types/node@${pinned('@types/node')}`,
    ],
    // better-sqlite3 (ledger) compiles from source here: about 2 minutes on an idle 2-core machine.
    { cwd: app, env: npmEnv, timeout: 1_200_000 },
  );
  if (!install.ok) problem(`npm install of the tarballs failed (${install.status})\n${tail(install.stdout + install.stderr)}`);
  else say(`installed ${packed.length} tarballs with npm in ${Math.round((Date.now() - started) / 1000)} s`);
}

const programs = [];
if (['@bench/formats', '@bench/router', '@bench/client'].every((n) => names.has(n))) {
  programs.push({
    file: 'embed.ts',
    expect: [
      /^formats: anthropic -> openai-chat \/chat\/completions \[system, user\]$/,
      /^router: turn 1 new, turn 2 kept on the member that answered$/,
      /^client: "Hello from the upstream" \(stop, 4 output tokens\)$/,
    ],
  });
} else {
  problem('@bench/formats, @bench/router and @bench/client must all be public and packed');
}
if (!existsSync(join(root, 'packages', 'engine'))) say('skipped embed-engine.ts: packages/engine does not exist yet');
else if (!names.has('@bench/engine')) problem('packages/engine exists but @bench/engine was not packed (is it private?)');
else programs.push({ file: 'embed-engine.ts', expect: [/^engine: bench\/agents answered "Hello from the upstream" \(stop\)$/] });
if (!existsSync(join(root, 'packages', 'mcp'))) say('skipped embed-mcp.ts: packages/mcp does not exist yet');
else if (!names.has('@bench/mcp')) problem('packages/mcp exists but @bench/mcp was not packed (is it private?)');
else programs.push({ file: 'embed-mcp.ts', expect: [/^mcp: ask answered "Hello from the upstream" from tiny$/] });

const installed = existsSync(join(app, 'node_modules', '.bin', 'tsc'));
if (installed && programs.length > 0) {
  copyFileSync(join(programDir, 'upstream.ts'), join(app, 'upstream.ts'));
  for (const { file } of programs) copyFileSync(join(programDir, file), join(app, file));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      // The packed .d.ts files are checked too, as an embedder's strict project would.
      skipLibCheck: false,
      outDir: 'out',
      rootDir: '.',
    },
    files: ['upstream.ts', ...programs.map((p) => p.file)],
  };
  writeFileSync(join(app, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const tsc = join(app, 'node_modules', '.bin', 'tsc');
  const check = run(tsc, ['-p', 'tsconfig.json', '--noEmit'], { cwd: app });
  if (!check.ok) problem(`tsc --noEmit against the packed types failed\n${tail(check.stdout + check.stderr, 40)}`);
  else {
    say(`tsc --noEmit passed for ${tsconfig.files.join(', ')}`);
    const emit = run(tsc, ['-p', 'tsconfig.json', '--noCheck'], { cwd: app });
    if (!emit.ok) problem(`tsc could not emit the programs\n${tail(emit.stdout + emit.stderr)}`);
    for (const { file, expect } of emit.ok ? programs : []) {
      const out = join('out', file.replace(/\.ts$/, '.js'));
      const result = run(process.execPath, [out], { cwd: app, timeout: 60_000 });
      const lines = result.stdout.trim().split('\n');
      const missing = expect.filter((pattern) => !lines.some((line) => pattern.test(line)));
      if (!result.ok || missing.length > 0) {
        problem(`${file} failed (exit ${result.status}); missing ${missing.map(String).join(', ') || 'nothing'}\n${tail(result.stdout + result.stderr)}`);
      } else {
        for (const line of lines) say(`${file}: ${line}`);
      }
    }
  }
}

// 4. The gateway's CLI, when it is published.
const gateway = packed.find((p) => p.name === '@bench/gateway');
if (!gateway) say('skipped npx bench-gateway: apps/gateway is private (not published)');
else if (installed) await checkGatewayCli(gateway);

async function checkGatewayCli(pkg) {
  const version = run('npx', ['--no', '--', 'bench-gateway', '--version'], { cwd: app, env: npmEnv, timeout: 60_000 });
  if (!version.ok || !version.stdout.includes(pkg.manifest.version)) {
    problem(`npx bench-gateway --version: exit ${version.status}, expected ${pkg.manifest.version}\n${tail(version.stdout + version.stderr)}`);
  } else say(`npx bench-gateway --version: ${version.stdout.trim()}`);

  const child = spawn('npx', ['--no', '--', 'bench-gateway', '--demo', '--port', '0'], {
    cwd: app,
    env: npmEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = await new Promise((done) => {
    const timer = setTimeout(() => done(undefined), 60_000);
    const onData = (data) => {
      output += data;
      const match = /^bench gateway listening on (http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (data) => (output += data));
    child.on('exit', () => {
      clearTimeout(timer);
      done(undefined);
    });
  });
  if (!ready) problem(`npx bench-gateway --demo --port 0 printed no ready line\n${tail(output)}`);
  else {
    say(`npx bench-gateway --demo --port 0: bench gateway listening on ${ready}`);
    // The dashboard ships as its own package: the installed gateway must find and serve it.
    const page = await fetch(`${ready}/bench/ui/`).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      (error) => ({ status: error.message, text: '' }),
    );
    if (page.status !== 200 || !page.text.includes('<div id="app">')) {
      problem(`GET ${ready}/bench/ui/ from the installed packages: ${page.status}, not the dashboard's page\n${tail(page.text, 5)}`);
    } else say('GET /bench/ui/: the dashboard, served from the installed @bench/dashboard');
  }
  const exited = new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.on('exit', done)));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const stopped = await Promise.race([exited.then(() => true), new Promise((done) => setTimeout(() => done(false), 10_000))]);
  if (!stopped) {
    process.kill(-child.pid, 'SIGKILL');
    problem('bench-gateway --demo did not stop within 10 s of SIGTERM');
  }
}

if (problems.length > 0) {
  console.log(`! pack-check: ${problems.length} problem(s); the scratch project is kept in ${scratch}`);
  process.exit(1);
}
rmSync(scratch, { recursive: true, force: true });
say(`ok: ${packed.length} packages packed, installed and used from ${programs.length} program(s)`);
