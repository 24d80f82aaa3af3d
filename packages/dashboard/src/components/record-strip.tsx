import type { RecordsReply } from '../api/bench-api';

/** The record every choice reads, for the members on screen: it moves when a verdict lands. */
export function RecordStrip({ records, collection, aliases }: { records: RecordsReply | undefined; collection: string; aliases: string[] }) {
  const members = records?.collections.find((c) => c.name === collection)?.members ?? [];
  const shown = aliases.flatMap((alias) => members.filter((m) => m.alias === alias));
  if (shown.length === 0) return null;
  return (
    <div class="record-strip" data-testid="record-strip">
      <span class="muted">Record in {collection}:</span>
      {shown.map((member) => (
        <span key={member.alias} class="record" data-record={member.alias}>
          <strong>{member.alias}</strong> <span data-testid={`useful-${member.alias}`}>{member.whole.useful}</span> useful ·{' '}
          <span data-testid={`not-useful-${member.alias}`}>{member.whole.notUseful}</span> not · {member.whole.calls} calls
        </span>
      ))}
    </div>
  );
}
