/**
 * Rounding of durations (reports, docs/api.md#the-summary) to a step of minutes, up, down or to the nearest step (halves
 * go up). A duration already on a step never moves.
 */
export type RoundingMode = "none" | "up" | "down" | "nearest";

export interface Rounding {
  mode: RoundingMode;
  minutes: number;
  scope: "entry" | "group";
}

export function roundSeconds(seconds: number, rounding: Pick<Rounding, "mode" | "minutes">): number {
  const step = rounding.minutes * 60;
  switch (rounding.mode) {
    case "none":
      return seconds;
    case "up":
      return Math.ceil(seconds / step) * step;
    case "down":
      return Math.floor(seconds / step) * step;
    case "nearest":
      return Math.floor((seconds + step / 2) / step) * step;
  }
}
