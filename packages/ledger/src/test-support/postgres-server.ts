import { postgresServerAvailable, startPostgresServer, type PostgresService } from '@bench/testkit';

export type PostgresServer = PostgresService;

/** Whether the PostgreSQL binaries are here; tests skip loudly when not (CI installs them). */
export function postgresAvailable(): boolean {
  return postgresServerAvailable();
}

/** A throwaway cluster in a temp folder on a free loopback port (testkit's, shared by every package's tests). */
export function startPostgres(): Promise<PostgresServer> {
  return startPostgresServer();
}
