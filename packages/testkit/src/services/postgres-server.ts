import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresService {
  /** The cluster's default `postgres` database. */
  url: string;
  /** A fresh, empty database's URL. */
  createDatabase(): string;
  stop(): void;
}

export interface PostgresServiceOptions {
  /** Keep fsync on, so commits cost what they cost in production (benchmarks); off by default for tests. */
  durable?: boolean;
  /** More server settings, as `name=value`. */
  settings?: readonly string[];
}

/** Whether the PostgreSQL server binaries are installed; when not, says so loudly (CI installs them). */
export function postgresServerAvailable(): boolean {
  const found = existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'));
  if (!found)
    console.warn(
      `\n!!! PostgreSQL is not installed (no initdb in ${BIN}): tests that need it are SKIPPED here (apt-get install postgresql; CI installs it) !!!\n`,
    );
  return found;
}

/** A throwaway PostgreSQL cluster in a temp folder on a free loopback port (as root, run as the postgres user). */
export async function startPostgresServer(options: PostgresServiceOptions = {}): Promise<PostgresService> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(BIN, command), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const settings = [...(options.durable ? [] : ['fsync=off']), ...(options.settings ?? [])].map((setting) => ` -c ${setting}`).join('');
  run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}${settings}`, 'start']);
  let databases = 0;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    createDatabase() {
      databases += 1;
      const name = `bench_${process.pid}_${databases}`;
      execFileSync('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name], { stdio: 'pipe' });
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', options.durable ? 'fast' : 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
