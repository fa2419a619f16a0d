import { addDays, localDay, weekStart } from "../lib/format";

/** The ranges a report can be asked for in one choice; anything else is a custom from/to. */
export const RANGE_PRESETS = [
  { id: "this-week", label: "This week" },
  { id: "last-week", label: "Last week" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]["id"];

export interface DayRange {
  from: string;
  to: string;
}

/** A preset's first and last day (inclusive), counted from `today` in the browser's calendar. */
export function presetRange(preset: RangePreset, today = new Date()): DayRange {
  const monday = weekStart(today);
  switch (preset) {
    case "this-week":
      return { from: localDay(monday), to: localDay(addDays(monday, 6)) };
    case "last-week":
      return { from: localDay(addDays(monday, -7)), to: localDay(addDays(monday, -1)) };
    case "this-month":
      return {
        from: localDay(new Date(today.getFullYear(), today.getMonth(), 1)),
        to: localDay(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
      };
    case "last-month":
      return {
        from: localDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
        to: localDay(new Date(today.getFullYear(), today.getMonth(), 0)),
      };
  }
}

/** Which preset a range is, so a bookmarked this-week range shows as such; `custom` otherwise. */
export function presetOf(range: DayRange, today = new Date()): RangePreset | "custom" {
  const match = RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset.id, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
  return match?.id ?? "custom";
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string | null | undefined): value is string {
  return typeof value === "string" && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
