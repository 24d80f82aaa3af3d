/**
 * A shadow call's id: the turn's answering call id, `-shadow-`, and its number. The id is the link: a turn's
 * shadows are the calls of purpose `shadow` whose id starts with `<turn call>-shadow-` (no column to migrate).
 */
export function shadowCallId(turnCall: string, k: number): string {
  return `${shadowCallPrefix(turnCall)}${k}`;
}

/** What every shadow call id of the turn's call starts with. */
export function shadowCallPrefix(turnCall: string): string {
  return `${turnCall}-shadow-`;
}
