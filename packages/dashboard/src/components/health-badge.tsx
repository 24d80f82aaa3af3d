import type { Member } from '../api/types';
import { formatTime } from '../lib/format';

const LABEL: Record<Member['health'], string> = { ready: 'ready', cooling: 'cooling down', 'half-open': 'probing' };

export function HealthBadge({ member }: { member: Member }) {
  const detail = member.health === 'cooling' && member.until ? `until ${formatTime(member.until)}${member.why ? `, ${member.why}` : ''}` : '';
  return (
    <span class="health">
      <span class={`badge health-${member.health}`}>{LABEL[member.health]}</span>
      {detail ? <span class="muted small">{detail}</span> : null}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone = status === 'ok' ? 'ok' : status === 'aborted' ? 'muted' : 'bad';
  return <span class={`badge status-${tone}`}>{status}</span>;
}
