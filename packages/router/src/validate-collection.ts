import { InvalidRouteInputError } from './errors/invalid-route-input-error';
import type { Collection } from './member';
import { positiveInteger } from './resolve-settings';

const valid = new WeakSet<object>();

/** Checks a collection once per object (its members' sizes and names); throws naming the field. */
export function validateCollection(collection: Collection): void {
  if (valid.has(collection)) return;
  if (typeof collection.name !== 'string' || collection.name === '') {
    throw new InvalidRouteInputError('collection.name', 'must be a non-empty string');
  }
  if (!Array.isArray(collection.members) || collection.members.length === 0) {
    throw new InvalidRouteInputError('collection.members', 'must list at least one member');
  }
  const seen = new Set<string>();
  collection.members.forEach((member, index) => {
    const at = `collection.members[${index}]`;
    if (typeof member.alias !== 'string' || member.alias === '') {
      throw new InvalidRouteInputError(`${at}.alias`, 'must be a non-empty string');
    }
    if (seen.has(member.alias)) throw new InvalidRouteInputError(`${at}.alias`, `"${member.alias}" is listed twice`);
    seen.add(member.alias);
    positiveInteger(`${at}.contextWindow`, member.contextWindow);
    positiveInteger(`${at}.maxOutput`, member.maxOutput);
  });
  valid.add(collection);
}
