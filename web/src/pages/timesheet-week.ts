import { addDays, localDay, weekStart } from "../lib/format";

/** `YYYY-MM-DD` read as a local calendar day, or null when it is not one. */
export function parseDay(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // `new Date` rolls 2026-02-31 over into March; such a day is not a day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day || year < 1970 || year > 2100) return null;
  return date;
}

/** The Monday of the week the address names (`?week=2026-11-23`, any day of it will do), or of this week. */
export function weekFromSearch(search: string, today = new Date()): Date {
  return weekStart(parseDay(new URLSearchParams(search).get("week")) ?? today);
}

/** The seven local days of the week starting on `monday`. */
export function daysOf(monday: Date): Date[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The UTC days to ask the API for: it filters by the UTC day of `start_time`, and a local
 * week can begin on the Sunday or end on the Monday in UTC. The page keeps only the
 * entries that start inside the local week.
 */
export function utcRangeOf(monday: Date): { startDate: string; endDate: string } {
  const utcDay = (date: Date) => date.toISOString().slice(0, 10);
  return { startDate: utcDay(addDays(monday, -1)), endDate: utcDay(addDays(monday, 8)) };
}

/** What the week needs of a time entry (the library's `TimeEntry` has it). */
export interface TimedEntry {
  id: string;
  start_time: string;
  end_time: string | null;
  duration: number;
}

/** Seconds of an entry, a running one counted up to `now`. */
export function secondsOf(entry: TimedEntry, now: number): number {
  if (entry.end_time) return entry.duration;
  return Math.max(0, Math.floor((now - Date.parse(entry.start_time)) / 1000));
}

export interface Day<T extends TimedEntry> {
  day: Date;
  key: string;
  entries: T[];
  seconds: number;
}

/** The week's entries by local day, earliest first within a day, with each day's total. */
export function groupByDay<T extends TimedEntry>(monday: Date, entries: readonly T[], now: number): Day<T>[] {
  const days = daysOf(monday).map((day) => ({ day, key: localDay(day), entries: [] as T[], seconds: 0 }));
  const byKey = new Map(days.map((day) => [day.key, day]));
  for (const entry of entries) {
    const day = byKey.get(localDay(new Date(entry.start_time)));
    if (!day) continue;
    day.entries.push(entry);
    day.seconds += secondsOf(entry, now);
  }
  for (const day of days) day.entries.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id.localeCompare(b.id));
  return days;
}

/** `HH:MM` of an instant in local time, as a time input holds it. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** A local day and `HH:MM` as an instant, or null when either is not one. */
export function instantOf(day: string, time: string): Date | null {
  const date = parseDay(day);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !match) return null;
  date.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return date;
}
