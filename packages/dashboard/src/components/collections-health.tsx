import type { Collection } from '../api/types';
import { HealthBadge } from './health-badge';

/** Each collection and whether each member is ready or cooling down. */
export function CollectionsHealth({ collections }: { collections: Collection[] }) {
  return (
    <div class="cards" data-testid="collections">
      {collections.map((collection) => (
        <article key={collection.name} class="card" data-collection={collection.name}>
          <h3>
            {collection.name} <span class="badge">{collection.reply}</span>
          </h3>
          {collection.description ? <p class="muted">{collection.description}</p> : null}
          <ul class="members">
            {collection.members.map((member) => (
              <li key={member.alias} data-member={member.alias}>
                <span>
                  {member.alias}
                  {member.adHoc ? <span class="muted"> (ad hoc)</span> : null}
                  {member.retired ? <span class="muted"> (retired {member.retired.at})</span> : null}
                </span>
                <HealthBadge member={member} />
              </li>
            ))}
          </ul>
          {collection.merger ? <p class="muted">merger: {collection.merger}</p> : null}
        </article>
      ))}
    </div>
  );
}
