/** Older / newer through cursor pages: the cursors seen so far are kept so "Newer" can go back. */
export function Pager({ cursors, next, onPage }: { cursors: string[]; next: string | null; onPage: (cursors: string[]) => void }) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={cursors.length === 0} onClick={() => onPage(cursors.slice(0, -1))}>
        ← Newer
      </button>
      <span class="muted">page {cursors.length + 1}</span>
      <button type="button" disabled={!next} onClick={() => next && onPage([...cursors, next])}>
        Older →
      </button>
    </nav>
  );
}
