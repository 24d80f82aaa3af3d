export { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from './start-fake-upstream';
export type { Answer, Behaviour, ScriptedError, ScriptedToolCall } from './behaviour';
export type { RecordedRequest } from './recorded-request';
export { faults } from './faults';
export { echoAnswer, lastUserText } from './echo-answer';
export { startRedisServer, redisServerAvailable, type RedisService } from './services/redis-server';
export { startPostgresServer, postgresServerAvailable, type PostgresService, type PostgresServiceOptions } from './services/postgres-server';
export { freePort } from './services/free-port';
