import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ConfigError, EngineError, parseConfig, type ConfigIssue, type GatewayConfig } from '@bench/engine';
import { InvalidRequestError } from '@bench/formats';
import { applyConfigEdits, type ConfigEditBody } from './config-edits';
import { parseConfigText, readConfigText } from './config-text';
import type { AppliedConfig } from './applied-config';
import { writeFileAtomically } from './write-atomically';

export interface ConfigFileOptions {
  /** The file the gateway's config was read from. */
  path: string;
  /** The text the running config was parsed from: a reload of the same text applies nothing. */
  text: string;
  /** Applied to the file's object before it is validated, at start and at every reload (the CLI's `--host`, `--port`). */
  adjust?: (raw: Record<string, unknown>) => Record<string, unknown>;
}

/** `GET /bench/config`: the file, what it says, what runs, and whether an undo is kept. */
export interface ConfigView {
  object: 'bench.config';
  path: string;
  text: string;
  /** A digest of `text`: an edit that sends it back is refused (409) if the file changed since. */
  version: string;
  /** The file's object as written (comments dropped), or null when it is not valid JSON with comments. */
  config: unknown;
  /** The config the gateway runs, every default filled in. */
  resolved: Omit<GatewayConfig, 'source'>;
  /** Whether the running config was read from this text. */
  applied: boolean;
  /** Why the file's last reload was refused (when not `applied`). */
  refused?: ConfigIssue[];
  undo: boolean;
}

export type ConfigSaved = ConfigView & AppliedConfig;

/** What the file is to the running gateway: `apply` reconfigures it (throwing a `ConfigError` to refuse), `running` is what it runs. */
export interface ConfigFileHost {
  apply(config: GatewayConfig): AppliedConfig;
  running(): GatewayConfig;
}

/** What a reload of the file came to. */
export type ConfigReload =
  | { status: 'applied'; result: AppliedConfig }
  | { status: 'no-file' }
  | { status: 'unchanged' }
  | { status: 'refused'; issues: ConfigIssue[] };

/**
 * The config file of a running gateway: reloaded when it changes, edited through the config routes (validated before
 * anything is written, written atomically, the version it replaced kept as `<file>.previous` for undo).
 */
export class ConfigFile {
  readonly path: string;
  readonly #adjust: (raw: Record<string, unknown>) => Record<string, unknown>;
  readonly #host: ConfigFileHost;
  /** The text the running config was read from. */
  #applied: string;
  #refused: ConfigIssue[] | undefined;

  constructor(options: ConfigFileOptions, host: ConfigFileHost) {
    this.path = options.path;
    this.#applied = options.text;
    this.#adjust = options.adjust ?? ((raw) => raw);
    this.#host = host;
  }

  get previousPath(): string {
    return `${this.path}.previous`;
  }

  /** Reads the file and applies it, unless it is the text already running. Never throws: a refusal says why. */
  reload(): ConfigReload {
    let text: string;
    try {
      text = readConfigText(this.path);
      if (text === this.#applied) return { status: 'unchanged' };
      const result = this.#apply(text);
      this.#applied = text;
      this.#refused = undefined;
      return { status: 'applied', result };
    } catch (error) {
      this.#refused = issuesOf(error);
      return { status: 'refused', issues: this.#refused };
    }
  }

  view(): ConfigView {
    const text = this.#read(this.path);
    let config: unknown = null;
    try {
      config = parseConfigText(text, this.path);
    } catch {
      // shown as null; `refused` says why once a reload has read it
    }
    const { source: _source, ...resolved } = this.#host.running();
    const applied = text === this.#applied;
    return {
      object: 'bench.config',
      path: this.path,
      text,
      version: versionOf(text),
      config,
      resolved,
      applied,
      ...(!applied && this.#refused ? { refused: this.#refused } : {}),
      undo: existsSync(this.previousPath),
    };
  }

  /** `POST /bench/config`: the edits made, validated, written and applied; a refusal (400) leaves the file as it was. */
  edit(body: ConfigEditBody): ConfigSaved {
    const text = this.#read(this.path);
    if (body.version !== undefined && body.version !== versionOf(text)) {
      throw new EngineError(409, 'invalid-request', 'version: the config file changed since it was read; GET /bench/config again and redo the edits', {
        param: 'version',
      });
    }
    return this.#save(text, applyConfigEdits(text, body.edits));
  }

  /** `POST /bench/config/undo`: the previous version back, validated and applied like an edit; the one it replaced becomes the previous. */
  undo(): ConfigSaved {
    if (!existsSync(this.previousPath)) {
      throw new EngineError(409, 'invalid-request', `no previous version of ${this.path} is kept: nothing to undo (one is kept at each save)`);
    }
    return this.#save(this.#read(this.path), this.#read(this.previousPath));
  }

  #save(current: string, next: string): ConfigSaved {
    const before = this.#host.running();
    let result: AppliedConfig;
    try {
      result = this.#apply(next);
    } catch (error) {
      throw new InvalidRequestError(issuesOf(error).map((issue) => ({ path: issue.path, message: issue.message })));
    }
    try {
      writeFileAtomically(this.previousPath, current);
      writeFileAtomically(this.path, next);
    } catch (error) {
      this.#host.apply(before); // it ran a moment ago: back to it
      throw new EngineError(
        503,
        'unavailable',
        `${this.path} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): nothing changed`,
      );
    }
    this.#applied = next;
    this.#refused = undefined;
    return { ...this.view(), ...result };
  }

  /** A file the routes need, or a 503 saying why it cannot be read (gone, no permission). */
  #read(path: string): string {
    try {
      return readConfigText(path);
    } catch (error) {
      throw new EngineError(503, 'unavailable', `${(error as Error).message}; the gateway goes on with the config it had`);
    }
  }

  #apply(text: string): AppliedConfig {
    const raw = parseConfigText(text, this.path);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ConfigError([{ path: '', message: `${this.path} holds no JSON object: the config is one object, {"models": …, "collections": …}` }]);
    }
    return this.#host.apply(parseConfig(this.#adjust(raw as Record<string, unknown>)));
  }
}

const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A refusal's reasons: a config's issues by path, or a file that cannot be read or parsed (its message names file, line, column). */
function issuesOf(error: unknown): ConfigIssue[] {
  if (ConfigError.isInstance(error)) return error.issues;
  return [{ path: '', message: (error as Error).message }];
}
