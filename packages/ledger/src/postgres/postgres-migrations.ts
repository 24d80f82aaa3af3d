/** Schema versions in order, as for SQLite; text keys use the "C" collation so ordering matches JavaScript's. */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE calls (
    id TEXT COLLATE "C" PRIMARY KEY,
    time BIGINT NOT NULL,
    purpose TEXT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    key_name TEXT,
    alias TEXT COLLATE "C" NOT NULL,
    provider TEXT,
    status TEXT NOT NULL,
    error_class TEXT,
    error_message TEXT,
    input_tokens BIGINT NOT NULL,
    output_tokens BIGINT NOT NULL,
    reasoning_tokens BIGINT NOT NULL,
    cached_tokens BIGINT NOT NULL,
    cost DOUBLE PRECISION,
    seconds DOUBLE PRECISION,
    first_piece_seconds DOUBLE PRECISION,
    finish_reason TEXT,
    tool_calls INTEGER NOT NULL,
    warnings TEXT,
    unit TEXT COLLATE "C" NOT NULL
  );
  CREATE INDEX calls_time ON calls (time, id);
  CREATE TABLE turns (
    conversation TEXT COLLATE "C" NOT NULL,
    turn INTEGER NOT NULL,
    time BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    call TEXT,
    alias TEXT COLLATE "C" NOT NULL,
    status TEXT NOT NULL,
    seconds DOUBLE PRECISION,
    first_token_seconds DOUBLE PRECISION,
    input_tokens BIGINT NOT NULL,
    output_tokens BIGINT NOT NULL,
    reasoning_tokens BIGINT NOT NULL,
    cached_tokens BIGINT NOT NULL,
    tool_calls INTEGER NOT NULL,
    finish_reason TEXT,
    tried TEXT NOT NULL,
    PRIMARY KEY (conversation, turn)
  );
  CREATE TABLE verdicts (
    call TEXT COLLATE "C" PRIMARY KEY,
    useful BOOLEAN NOT NULL,
    note TEXT,
    time BIGINT NOT NULL
  );
  CREATE TABLE unit_verdicts (
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    unit TEXT COLLATE "C" NOT NULL,
    useful INTEGER NOT NULL,
    total INTEGER NOT NULL,
    PRIMARY KEY (collection, alias, unit)
  );
  CREATE TABLE model_stats (
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    useful BIGINT NOT NULL DEFAULT 0,
    verdicts BIGINT NOT NULL DEFAULT 0,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, alias)
  );
  `,
  // 2: prompt-cache writes, priced apart from other input (models.X.price.cacheWrite, cacheWrite1h).
  `
  ALTER TABLE calls ADD COLUMN cache_write_tokens BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE calls ADD COLUMN cache_write_1h_tokens BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE turns ADD COLUMN cache_write_tokens BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE model_stats ADD COLUMN cache_write_tokens BIGINT NOT NULL DEFAULT 0;
  `,
  // 3: the surface a call came through (`mcp`), when not a model API route.
  `
  ALTER TABLE calls ADD COLUMN via TEXT;
  `,
];
