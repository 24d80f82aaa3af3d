/** Where the engine reports what it worked around (a store it could not read, a record refused): pino fits as it is. */
export interface EngineLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** A logger that says nothing, for an engine given none. */
export const silentLogger: EngineLogger = { warn: () => undefined, error: () => undefined };
