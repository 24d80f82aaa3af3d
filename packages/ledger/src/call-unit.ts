/**
 * The panel or conversation a call belongs to: the part of its id before the
 * last `.` (`p7.2` and `p7.merger` → `p7`; `c9.3` → `c9`), or the whole id when
 * it has no dot. Useful verdicts count once per unit and model.
 */
export function callUnit(id: string): string {
  const dot = id.lastIndexOf('.');
  return dot > 0 ? id.slice(0, dot) : id;
}
