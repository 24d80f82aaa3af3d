/** Where the engine reports what it worked around (a store it could not read, a record refused): pino fits as it is. */
export interface EngineLogger {
  /** What the engine did on its own that an operator may want to see (a retention pass); optional. */
  info?(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** A logger that says nothing, for an engine given none. */
export const silentLogger: EngineLogger = { warn: () => undefined, error: () => undefined };
