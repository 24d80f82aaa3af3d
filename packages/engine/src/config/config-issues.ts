import type { z } from 'zod';
import type { ConfigIssue } from './config-error';
import { configPath } from './field-path';
import { knownKeysAt } from './known-keys';
import { nearestName } from './nearest-name';

/**
 * zod's issues as config issues: an unknown key gets an issue of its own at
 * its own path, with the nearest known key (`colections` → `collections`) or,
 * failing one, the keys that are known there.
 */
export function configIssues(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): ConfigIssue[] {
  return issues.flatMap((issue): ConfigIssue[] => {
    if (issue.code !== 'unrecognized_keys') return [{ path: configPath(issue.path), message: issue.message }];
    const known = knownKeysAt(schema, issue.path).filter((key) => key !== '$schema');
    return issue.keys.map((key) => {
      const nearest = nearestName(key, known);
      const hint = nearest ? `did you mean "${nearest}"?` : known.length > 0 ? `known keys here: ${known.join(', ')}` : '';
      return { path: configPath([...issue.path, key]), message: `unknown key "${key}"${hint ? ` (${hint})` : ''}` };
    });
  });
}
