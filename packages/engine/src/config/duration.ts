/** A duration as the config writes one: a whole number of days, hours or minutes (`30d`, `12h`, `90m`). */
export const DURATION = /^[1-9][0-9]{0,5}[dhm]$/;

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

/** The milliseconds of a duration that matches `DURATION` (the schema checked it). */
export function durationMs(text: string): number {
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number(text.slice(0, -1)) * UNIT_MS[unit];
}
