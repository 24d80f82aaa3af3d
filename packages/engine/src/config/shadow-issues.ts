import type { CollectionConfig } from './config-schema';
import type { ConfigIssue } from './config-error';
import { configPath } from './field-path';

/**
 * What is wrong with a collection's `shadow`, each with its field and the reason. A shadow is a route turn's request
 * sent again, so only a route collection has one; a shadow member that is also a member is refused, since a turn it
 * answered would be compared with itself, and it would take shadow calls on conversations it serves.
 */
export function shadowIssues(name: string, collection: CollectionConfig, models: object): ConfigIssue[] {
  const shadow = collection.shadow;
  if (!shadow) return [];
  const issues: ConfigIssue[] = [];
  const at = (...path: (string | number)[]) => configPath(['collections', name, 'shadow', ...path]);
  if (collection.reply !== 'route') {
    issues.push({
      path: at(),
      message: `only a route collection shadows its turns (this one replies "${collection.reply ?? 'all'}"): set "reply": "route", or leave shadow out`,
    });
  }
  shadow.members.forEach((member, index) => {
    if (!(member in models)) {
      const known = Object.keys(models);
      issues.push({ path: at('members', index), message: `unknown model "${member}"${known.length ? ` (known: ${known.join(', ')})` : ''}` });
    } else if (collection.members.includes(member)) {
      issues.push({
        path: at('members', index),
        message: `"${member}" is a member of the collection: a shadow is a model the caller was not answered by, so its answer can be compared with the member's; name a model that is not in members`,
      });
    }
  });
  return issues;
}
