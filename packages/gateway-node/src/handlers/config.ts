import { EngineError, type Engine } from '@bench/engine';
import type { AppliedConfig } from '../live-config/applied-config';
import { parseConfigEditBody } from '../live-config/config-edits';
import type { ConfigFile } from '../live-config/config-file';
import type { RequestState } from '../request-state';

/** What the config routes work on: the gateway's config file (none without `--config`), and where a save is told. */
export interface ConfigRoutes {
  file: ConfigFile | undefined;
  /** A save applied: one log line saying who saved what. */
  saved(by: string, applied: AppliedConfig): void;
}

/** `GET /bench/config`: the file's text and path, its object, the running config, whether an undo is kept (docs/config-api.md). */
export function handleGetConfig(state: RequestState, routes: ConfigRoutes): void {
  state.reply.json(200, fileOf(routes).view());
}

/** `POST /bench/config` `{"edits": [{"path", "value"?}], "version"?}`: validated, written, applied at once. */
export async function handleEditConfig(state: RequestState, engine: Engine, routes: ConfigRoutes): Promise<void> {
  const file = fileOf(routes);
  const body = parseConfigEditBody(await state.readBody(engine.config.server.bodyLimitBytes));
  const saved = file.edit(body);
  routes.saved(`POST /bench/config, key ${state.caller.keyName}`, saved);
  state.reply.json(200, saved);
}

/** `POST /bench/config/undo`: the previous version back, validated and applied like an edit. */
export function handleUndoConfig(state: RequestState, routes: ConfigRoutes): void {
  const saved = fileOf(routes).undo();
  routes.saved(`POST /bench/config/undo, key ${state.caller.keyName}`, saved);
  state.reply.json(200, saved);
}

function fileOf(routes: ConfigRoutes): ConfigFile {
  if (routes.file) return routes.file;
  throw new EngineError(
    409,
    'invalid-request',
    'there is no config file to edit: this gateway was started without --config (the demo, providers found in the environment, or a config given in code); start it with --config FILE',
  );
}
