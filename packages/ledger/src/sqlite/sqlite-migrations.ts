/** Schema versions in order; migration n brings the schema from version n-1 to n. Never edit one that shipped: add the next. */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE calls (
    id TEXT PRIMARY KEY,
    time INTEGER NOT NULL,
    purpose TEXT NOT NULL,
    collection TEXT NOT NULL,
    key_name TEXT,
    alias TEXT NOT NULL,
    provider TEXT,
    status TEXT NOT NULL,
    error_class TEXT,
    error_message TEXT,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    reasoning_tokens INTEGER NOT NULL,
    cached_tokens INTEGER NOT NULL,
    cost REAL,
    seconds REAL,
    first_piece_seconds REAL,
    finish_reason TEXT,
    tool_calls INTEGER NOT NULL,
    warnings TEXT,
    unit TEXT NOT NULL
  );
  CREATE INDEX calls_time ON calls (time, id);
  CREATE TABLE turns (
    conversation TEXT NOT NULL,
    turn INTEGER NOT NULL,
    time INTEGER NOT NULL,
    collection TEXT NOT NULL,
    call TEXT,
    alias TEXT NOT NULL,
    status TEXT NOT NULL,
    seconds REAL,
    first_token_seconds REAL,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    reasoning_tokens INTEGER NOT NULL,
    cached_tokens INTEGER NOT NULL,
    tool_calls INTEGER NOT NULL,
    finish_reason TEXT,
    tried TEXT NOT NULL,
    PRIMARY KEY (conversation, turn)
  );
  CREATE TABLE verdicts (
    call TEXT PRIMARY KEY,
    useful INTEGER NOT NULL,
    note TEXT,
    time INTEGER NOT NULL
  );
  CREATE TABLE unit_verdicts (
    collection TEXT NOT NULL,
    alias TEXT NOT NULL,
    unit TEXT NOT NULL,
    useful INTEGER NOT NULL,
    total INTEGER NOT NULL,
    PRIMARY KEY (collection, alias, unit)
  );
  CREATE TABLE model_stats (
    collection TEXT NOT NULL,
    alias TEXT NOT NULL,
    useful INTEGER NOT NULL DEFAULT 0,
    verdicts INTEGER NOT NULL DEFAULT 0,
    calls INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    last_used INTEGER,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    reasoning_tokens INTEGER NOT NULL DEFAULT 0,
    cached_tokens INTEGER NOT NULL DEFAULT 0,
    cost REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, alias)
  );
  `,
  // 2: prompt-cache writes, priced apart from other input (models.X.price.cacheWrite, cacheWrite1h).
  `
  ALTER TABLE calls ADD COLUMN cache_write_tokens INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE calls ADD COLUMN cache_write_1h_tokens INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE turns ADD COLUMN cache_write_tokens INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE model_stats ADD COLUMN cache_write_tokens INTEGER NOT NULL DEFAULT 0;
  `,
  // 3: the surface a call came through (`mcp`), when not a model API route.
  `
  ALTER TABLE calls ADD COLUMN via TEXT;
  `,
];
