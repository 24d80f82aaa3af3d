import { ConfigError } from './config-error';
import { parseConfig } from './parse-config';

/** Test helper: the issues parseConfig refuses a config with, as `path: message` lines ([] when it takes it). */
export function issuesOf(raw: unknown): string[] {
  try {
    parseConfig(raw);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
    throw error;
  }
  return [];
}
