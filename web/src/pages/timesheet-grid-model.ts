import type { Day, TimedEntry } from "./timesheet-week";
import { secondsOf } from "./timesheet-week";

/** What the grid needs of an entry, beyond the week's: whose project it is and whether it runs. */
export interface GridEntry extends TimedEntry {
  project_id: string;
  is_running: boolean;
}

/** One cell: a project's time on one day, and the entries behind it. */
export interface GridCell<T extends GridEntry> {
  dayKey: string;
  day: Date;
  entries: T[];
  seconds: number;
}

export interface GridRow<T extends GridEntry> {
  projectId: string;
  cells: GridCell<T>[];
  seconds: number;
}

/**
 * The week as projects × days: a row for every project with time in the week, and for each
 * project in `extraRows` (added to be filled in), in that order, each with its total.
 */
export function gridOf<T extends GridEntry>(days: readonly Day<T>[], extraRows: readonly string[], now: number): GridRow<T>[] {
  const projectIds = [...new Set([...days.flatMap((day) => day.entries.map((entry) => entry.project_id)), ...extraRows])];
  return projectIds.map((projectId) => {
    const cells = days.map((day) => {
      const entries = day.entries.filter((entry) => entry.project_id === projectId);
      return { dayKey: day.key, day: day.day, entries, seconds: entries.reduce((sum, entry) => sum + secondsOf(entry, now), 0) };
    });
    return { projectId, cells, seconds: cells.reduce((sum, cell) => sum + cell.seconds, 0) };
  });
}

/**
 * A duration as typed in a cell, in seconds: "1:30", "1.5" or "1,5" hours, "90m", "2h";
 * blank is none. Null when it is none of these, or longer than a day.
 */
export function parseDuration(typed: string): number | null {
  const text = typed.trim().toLowerCase();
  if (text === "") return 0;
  let seconds: number | null = null;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  const minutes = /^(\d{1,4})\s*m(in)?$/.exec(text);
  const hours = /^(\d{1,2}(?:[.,]\d+)?)\s*h?$/.exec(text);
  if (clock) seconds = Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  else if (minutes) seconds = Number(minutes[1]) * 60;
  else if (hours) seconds = Math.round(Number(hours[1]!.replace(",", ".")) * 60) * 60;
  return seconds !== null && seconds <= 24 * 3600 ? seconds : null;
}

/** Whether a cell can be typed into: not while one of its entries runs (stop the timer first). */
export function isEditable(cell: GridCell<GridEntry>): boolean {
  return !cell.entries.some((entry) => entry.is_running);
}

/** What a total typed into a cell does to the entries behind it. */
export type CellChange<T extends GridEntry> =
  | { kind: "none" }
  | { kind: "create"; seconds: number }
  | { kind: "resize"; entry: T; seconds: number }
  | { kind: "delete"; entry: T }
  | { kind: "below-the-others"; othersSeconds: number };

/**
 * Typing a day's total into a cell: an empty cell gets an entry of that length; otherwise the
 * cell's latest entry takes up the difference (its end moves, 0 left deletes it), so the
 * earlier ones keep their times and descriptions. A total below what the earlier entries
 * already make is not guessed at: those are changed in the list.
 */
export function cellChange<T extends GridEntry>(cell: GridCell<T>, seconds: number): CellChange<T> {
  if (seconds === cell.seconds) return { kind: "none" };
  const latest = cell.entries.reduce<T | undefined>(
    (last, entry) => (!last || Date.parse(entry.start_time) >= Date.parse(last.start_time) ? entry : last),
    undefined,
  );
  if (!latest) return seconds > 0 ? { kind: "create", seconds } : { kind: "none" };
  const othersSeconds = cell.seconds - latest.duration;
  const length = seconds - othersSeconds;
  if (length > 0) return { kind: "resize", entry: latest, seconds: length };
  if (length === 0) return { kind: "delete", entry: latest };
  return { kind: "below-the-others", othersSeconds };
}
