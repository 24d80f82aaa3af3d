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
  // 3: shapes, and running totals per hour × collection × key × model × shape (stats over a window or a key without a
  // scan) and per collection × model × shape (records); a unit's verdicts count where its first verdict's call is.
  // Every filter is indexed where it is read: stats by collection, key and hour on the totals (their key and two
  // indexes), exports on calls (time, id), getCall on the calls' key. No index on calls for what the totals answer:
  // each would cost every insert.
  `
  ALTER TABLE calls ADD COLUMN shape TEXT COLLATE "C" NOT NULL DEFAULT 'general';
  CREATE TABLE call_totals (
    hour BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    key_name TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    shape TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    useful BIGINT NOT NULL DEFAULT 0,
    verdicts BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (hour, collection, key_name, alias, shape)
  );
  CREATE INDEX call_totals_key ON call_totals (key_name, hour);
  CREATE INDEX call_totals_collection ON call_totals (collection, hour);
  CREATE TABLE shape_totals (
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    shape TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    useful BIGINT NOT NULL DEFAULT 0,
    verdicts BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (collection, alias, shape)
  );
  ALTER TABLE unit_verdicts ADD COLUMN hour BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE unit_verdicts ADD COLUMN key_name TEXT COLLATE "C" NOT NULL DEFAULT '';
  ALTER TABLE unit_verdicts ADD COLUMN shape TEXT COLLATE "C" NOT NULL DEFAULT 'general';
  INSERT INTO call_totals (hour, collection, key_name, alias, shape, calls, failures, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT time / 3600000 * 3600000, collection, coalesce(key_name, ''), alias, shape, count(*),
      count(*) FILTER (WHERE status NOT IN ('ok', 'aborted')), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens),
      sum(cached_tokens), sum(cache_write_tokens), coalesce(sum(cost), 0), coalesce(sum(seconds), 0), count(seconds),
      coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)
    FROM calls GROUP BY 1, 2, 3, 4, 5;
  UPDATE unit_verdicts SET (hour, key_name) = (
    SELECT c.time / 3600000 * 3600000, coalesce(c.key_name, '') FROM calls c
    WHERE c.collection = unit_verdicts.collection AND c.alias = unit_verdicts.alias AND c.unit = unit_verdicts.unit
    ORDER BY c.time LIMIT 1
  );
  UPDATE call_totals SET
    useful = (SELECT count(*) FROM unit_verdicts u WHERE u.hour = call_totals.hour AND u.collection = call_totals.collection
      AND u.key_name = call_totals.key_name AND u.alias = call_totals.alias AND u.shape = call_totals.shape AND u.useful > 0),
    verdicts = (SELECT count(*) FROM unit_verdicts u WHERE u.hour = call_totals.hour AND u.collection = call_totals.collection
      AND u.key_name = call_totals.key_name AND u.alias = call_totals.alias AND u.shape = call_totals.shape AND u.total > 0);
  INSERT INTO shape_totals (collection, alias, shape, calls, failures, useful, verdicts, input_tokens, output_tokens, reasoning_tokens,
      cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT collection, alias, shape, sum(calls), sum(failures), sum(useful), sum(verdicts), sum(input_tokens), sum(output_tokens),
      sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count),
      sum(first_sum), sum(first_count), max(last_used)
    FROM call_totals GROUP BY collection, alias, shape;
  `,
  // 4: the surface a call came through (`mcp`), when not a model API route.
  `
  ALTER TABLE calls ADD COLUMN via TEXT;
  `,
  // 4: the characters of text each call gave the caller's answer (its part, when another member finished the stream).
  `
  ALTER TABLE calls ADD COLUMN text_chars INTEGER;
  `,
  // 5: the provider key a call used, by the name of the variable that holds it (a provider's key pool), never its value.
  `
  ALTER TABLE calls ADD COLUMN provider_key TEXT;
  `,
  // 6: what retention deletes by (turns by time; calls already have (time, id)), and records by model alone (shape_totals'
  // key starts with the collection).
  `
  CREATE INDEX turns_time ON turns (time);
  CREATE INDEX shape_totals_alias ON shape_totals (alias COLLATE "C");
  `,
  // 7: the dashboard's — transcripts (prompts and answers, kept only when the config asks, deleted by time) and one
  // summary row per route conversation, so conversations are listed latest first without a scan of the turns.
  `
  CREATE TABLE transcripts (
    call TEXT COLLATE "C" PRIMARY KEY,
    time BIGINT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX transcripts_time ON transcripts (time);
  CREATE TABLE conversations (
    conversation TEXT COLLATE "C" PRIMARY KEY,
    collection TEXT COLLATE "C" NOT NULL,
    started BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    turns INTEGER NOT NULL,
    last_status TEXT NOT NULL
  );
  CREATE INDEX conversations_updated ON conversations (updated, conversation);
  INSERT INTO conversations (conversation, collection, started, updated, turns, last_status)
    SELECT t.conversation, min(t.collection), min(t.time), max(t.time), max(t.turn),
      (SELECT l.status FROM turns l WHERE l.conversation = t.conversation ORDER BY l.turn DESC LIMIT 1)
    FROM turns t GROUP BY t.conversation;
  `,
  // 8: the overview's series and the calls page's filters at scale — the hourly totals rolled up per model
  // (model_hours) and per key (key_hours), a few dozen rows an hour instead of one per collection × key × model × shape,
  // so a week's series reads a few thousand rows; their (model or key, hour) indexes tell the calls page which hours hold
  // a filter's calls, so a filter on a model or key unused for months reads those hours, not every call since (see
  // sql/calls-guide.ts). Stats for one key over all time from key_stats (a row per key, collection and model, like
  // model_stats per model), not from every hour of its totals. All built from call_totals, so they keep what retention
  // deleted, as the totals do. And calls by purpose (the panels list, a purpose the gateway never records): an index
  // walked newest first.
  `
  CREATE TABLE model_hours (
    hour BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (hour, collection, alias)
  );
  CREATE INDEX model_hours_alias ON model_hours (alias, hour);
  CREATE INDEX model_hours_collection ON model_hours (collection, hour);
  INSERT INTO model_hours (hour, collection, alias, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT hour, collection, alias, sum(calls), sum(failures), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used)
    FROM call_totals GROUP BY hour, collection, alias;
  CREATE TABLE key_hours (
    hour BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    key_name TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (hour, collection, key_name)
  );
  CREATE INDEX key_hours_key ON key_hours (key_name, hour);
  CREATE INDEX key_hours_collection ON key_hours (collection, hour);
  INSERT INTO key_hours (hour, collection, key_name, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT hour, collection, key_name, sum(calls), sum(failures), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used)
    FROM call_totals GROUP BY hour, collection, key_name;
  CREATE TABLE key_stats (
    key_name TEXT COLLATE "C" NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    useful BIGINT NOT NULL DEFAULT 0,
    verdicts BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (key_name, collection, alias)
  );
  INSERT INTO key_stats (key_name, collection, alias, calls, failures, useful, verdicts, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT key_name, collection, alias, sum(calls), sum(failures), sum(useful), sum(verdicts), sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), sum(cost), sum(seconds_sum), sum(seconds_count), sum(first_sum), sum(first_count), max(last_used)
    FROM call_totals GROUP BY key_name, collection, alias;
  CREATE INDEX calls_purpose ON calls (purpose, time, id);
  `,
  // 9: key_totals — running totals per key and hour of the calls made for callers (shadows left out, as a budget
  // counts them), so that a key's day, week and month (`GET /bench/keys/me`) are read from a few rows, not a scan.
  `
  CREATE TABLE key_totals (
    key_name TEXT NOT NULL,
    hour BIGINT NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (key_name, hour)
  );
  INSERT INTO key_totals (key_name, hour, calls, input_tokens, output_tokens, cached_tokens, cost)
    SELECT coalesce(key_name, ''), time / 3600000 * 3600000, count(*), sum(input_tokens), sum(output_tokens), sum(cached_tokens), coalesce(sum(cost), 0)
    FROM calls WHERE purpose <> 'shadow' GROUP BY 1, 2;
  `,
  // 10: conversation_facets — a row per conversation and each model that answered one of its turns and each key its
  // turns' calls were made with, carrying the conversation's `updated`: the conversations list's model and key filters walk
  // their (facet, value, updated, conversation) index newest first, instead of probing every conversation's turns.
  `
  CREATE TABLE conversation_facets (
    conversation TEXT COLLATE "C" NOT NULL,
    facet TEXT COLLATE "C" NOT NULL,
    value TEXT COLLATE "C" NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (conversation, facet, value)
  );
  CREATE INDEX conversation_facets_value ON conversation_facets (facet, value, updated, conversation);
  INSERT INTO conversation_facets (conversation, facet, value, updated)
    SELECT DISTINCT t.conversation, 'model', t.alias, c.updated FROM turns t JOIN conversations c ON c.conversation = t.conversation;
  INSERT INTO conversation_facets (conversation, facet, value, updated)
    SELECT DISTINCT t.conversation, 'key', k.key_name, c.updated FROM turns t JOIN conversations c ON c.conversation = t.conversation
    JOIN calls k ON k.id = t.call WHERE k.key_name IS NOT NULL;
  `,
  // 11: panel_members — a row per panel and each model that made one of its calls, at the panel's first seat's
  // (time, id): the panels list's member filter walks a model's rows newest first, instead of probing every panel since.
  `
  CREATE TABLE panel_members (
    alias TEXT COLLATE "C" NOT NULL,
    time BIGINT NOT NULL,
    seat TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (alias, time, seat)
  );
  INSERT INTO panel_members (alias, time, seat)
    SELECT DISTINCT m.alias, f.time, f.id FROM calls f JOIN calls m ON m.id >= f.unit || '.' AND m.id < f.unit || '/'
    WHERE f.purpose = 'seat' AND f.id LIKE '%.1';
  `,
  // 12: model_minutes and key_minutes — the hourly roll-ups' per-minute twins, kept for the two hours before the latest
  // call (see minute-totals.ts), so the overview's last hour by the minute reads a few thousand rows, not the hour's calls.
  `
  CREATE TABLE model_minutes (
    minute BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    alias TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (minute, collection, alias)
  );
  CREATE TABLE key_minutes (
    minute BIGINT NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    key_name TEXT COLLATE "C" NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    failures BIGINT NOT NULL DEFAULT 0,
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    reasoning_tokens BIGINT NOT NULL DEFAULT 0,
    cached_tokens BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    seconds_count BIGINT NOT NULL DEFAULT 0,
    first_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
    first_count BIGINT NOT NULL DEFAULT 0,
    last_used BIGINT,
    PRIMARY KEY (minute, collection, key_name)
  );
  INSERT INTO model_minutes (minute, collection, alias, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens,
      cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT time / 60000 * 60000, collection, alias, count(*), sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END),
      sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), coalesce(sum(cost), 0),
      coalesce(sum(seconds), 0), count(seconds), coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)
    FROM calls WHERE time >= (SELECT max(time) FROM calls) - 7200000 GROUP BY 1, 2, 3;
  INSERT INTO key_minutes (minute, collection, key_name, calls, failures, input_tokens, output_tokens, reasoning_tokens, cached_tokens,
      cache_write_tokens, cost, seconds_sum, seconds_count, first_sum, first_count, last_used)
    SELECT time / 60000 * 60000, collection, coalesce(key_name, ''), count(*), sum(CASE WHEN status IN ('ok', 'aborted') THEN 0 ELSE 1 END),
      sum(input_tokens), sum(output_tokens), sum(reasoning_tokens), sum(cached_tokens), sum(cache_write_tokens), coalesce(sum(cost), 0),
      coalesce(sum(seconds), 0), count(seconds), coalesce(sum(first_piece_seconds), 0), count(first_piece_seconds), max(time)
    FROM calls WHERE time >= (SELECT max(time) FROM calls) - 7200000 GROUP BY 1, 2, 3;
  `,
  // 13: key_totals.requests — a key's requests, not only its calls (a panel of 3 and its merger make 4 calls for one
  // request): the call that stands for its request carries calls.request = 1 (see CallInput.request) and adds one.
  // Stored hours are backfilled from the calls still kept: a route turn is its calls' id before any `-k` (the
  // attempts it left behind), a panel its seats' and merger's unit. Hours whose calls retention deleted stay at 0, a
  // request whose calls crossed an hour counts in both, and a turn that made no upstream call was never recorded.
  `
  ALTER TABLE calls ADD COLUMN request INTEGER;
  ALTER TABLE key_totals ADD COLUMN requests BIGINT NOT NULL DEFAULT 0;
  UPDATE key_totals SET requests = (
    SELECT count(DISTINCT CASE WHEN c.purpose = 'route' THEN split_part(c.id, '-', 1) ELSE c.unit END)
    FROM calls c
    WHERE c.time >= key_totals.hour AND c.time < key_totals.hour + 3600000 AND coalesce(c.key_name, '') = key_totals.key_name
      AND c.purpose IN ('route', 'seat', 'merger')
  );
  `,
  // 14: refusals — requests the gateway's limits refused (never a prompt), counted per minute, key, collection ('' for
  // a model alias), scope and limit: a refused request makes no call, so without it the dashboard could not show
  // refusals after a restart or another replica's. Kept like the totals (retention does not delete it).
  `
  CREATE TABLE refusals (
    minute BIGINT NOT NULL,
    key_name TEXT COLLATE "C" NOT NULL,
    collection TEXT COLLATE "C" NOT NULL,
    scope TEXT NOT NULL,
    limit_name TEXT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (minute, key_name, collection, scope, limit_name)
  );
  `,
  // 15: stored_responses — Responses replies kept for a later previous_response_id (and GET /v1/responses/{id}) in the
  // database rather than the process's heap: the stored value as JSON and when it expires (each read moves it on);
  // expired rows are deleted oldest expiry first.
  `
  CREATE TABLE stored_responses (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    expires BIGINT NOT NULL
  );
  CREATE INDEX stored_responses_expires ON stored_responses (expires);
  `,
  // 16: refusal_ids — each refusal's id (given when it is queued), so that a batch written again after a lost reply
  // (the COMMIT done, its answer never heard) adds its refusals to the roll-up once, as calls and turns are kept by
  // their own keys. Ids are dropped a day after their minute (see REFUSAL_IDS_KEPT_MS).
  `
  CREATE TABLE refusal_ids (
    id TEXT COLLATE "C" PRIMARY KEY,
    minute BIGINT NOT NULL
  );
  CREATE INDEX refusal_ids_minute ON refusal_ids (minute);
  `,
];
