const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A duration as a config file writes it: a whole number and a unit (`90d`, `12h`, `30m`, `45s`, `2w`). */
export const DURATION = /^(\d+)([smhdw])$/;

/** The duration's milliseconds, or undefined when it is not one (see DURATION). */
export function durationMs(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
