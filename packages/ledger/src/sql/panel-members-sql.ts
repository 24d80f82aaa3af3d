/**
 * What the panels list's member filter walks (schema: panel_members): a row per panel and each model that made one of
 * its calls, at its first seat's (time, id), the list's order, so a member few panels have reads those panels, not
 * every panel since. A panel's calls may be written in any order: each batch with a seat or merger of a panel adds
 * every model of the panel's calls stored by then, once its first seat is stored too. Rows are never removed: the
 * list checks each row it walks against the panel's calls (a candidate, never the answer). `units`: a source of the
 * panels' ids (`unit`), named `u`.
 */
export function addPanelMembersSql(units: string): string {
  return `INSERT INTO panel_members (alias, time, seat)
    SELECT DISTINCT m.alias, f.time, f.id FROM ${units}
    JOIN calls f ON f.id = u.unit || '.1' AND f.purpose = 'seat'
    JOIN calls m ON m.id >= f.unit || '.' AND m.id < f.unit || '/'
    WHERE true ORDER BY 1, 2, 3
    ON CONFLICT (alias, time, seat) DO NOTHING`;
}
