import { dayNumberOf } from "../../shared/time";

/**
 * Days as a time zone counts them. A report's range is whole days of its zone, so its
 * bounds, and the boundaries of every day in it, are instants computed here with the
 * zone rules Node carries (full ICU): a day across a daylight-saving change lasts 23 or
 * 25 hours, and a day whose midnight does not exist starts at its first instant.
 */

const DAY_MS = 86_400_000;
/** No zone is further than this from UTC (Kiribati is +14, Baker Island -12). */
const WIDEST_OFFSET_MS = 15 * 3_600_000;

/** `YYYY-MM-DD` of a UTC day number (days since 1970-01-01). */
function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Local calendar dates in one zone, as comparable day numbers. */
class LocalDates {
  private readonly format: Intl.DateTimeFormat;

  constructor(zone: string) {
    this.format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
  }

  /** The local wall-clock time at `ms`, read as if it were UTC. */
  private wallClockAt(ms: number): number {
    const part = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const { type, value } of this.format.formatToParts(ms)) if (type in part) part[type as keyof typeof part] = Number(value);
    return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  }

  dayNumberAt(ms: number): number {
    return Math.floor(this.wallClockAt(ms) / DAY_MS);
  }

  /**
   * The first second whose local date is `day` or later: local midnight at the offset in
   * force then, when the clocks show it so on both sides (nearly every day); otherwise (a
   * change at midnight) found by halving.
   */
  startOf(day: number): number {
    const nearby = day * DAY_MS;
    const guess = nearby - (this.wallClockAt(nearby) - nearby);
    if (this.dayNumberAt(guess) >= day && this.dayNumberAt(guess - 1000) < day) return guess;
    let low = day * DAY_MS - WIDEST_OFFSET_MS;
    let high = day * DAY_MS + WIDEST_OFFSET_MS;
    // Seconds: zone offsets before 1972 were not always whole minutes.
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (this.dayNumberAt(middle) >= day) high = middle;
      else low = middle;
    }
    return high;
  }
}

/** An instant as entries store it: ISO 8601 UTC with whole seconds, comparable as a string. */
function storedInstant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The days from `startDate` to `endDate` (inclusive) in `zone`: each day's date and the
 * instant it starts, and the instant the last one ends. An entry belongs to the day in
 * which it starts.
 */
export class ZoneCalendar {
  readonly dates: string[] = [];
  /** `starts[i]` is when `dates[i]` begins; `starts[dates.length]` is when the range ends. */
  readonly starts: string[] = [];

  constructor(startDate: string, endDate: string, zone: string) {
    const local = new LocalDates(zone);
    const first = dayNumberOf(startDate);
    const last = dayNumberOf(endDate);
    for (let day = first; day <= last + 1; day++) {
      this.starts.push(storedInstant(local.startOf(day)));
      if (day <= last) this.dates.push(dateOfDayNumber(day));
    }
  }

  get from(): string {
    return this.starts[0] as string;
  }

  get to(): string {
    return this.starts[this.starts.length - 1] as string;
  }

  /** Which day an instant inside the range falls on, by its position in `dates`. */
  dayIndexOf(instant: string): number {
    let low = 0;
    let high = this.dates.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as string) <= instant) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** The first day of the week `date` lies in, weeks starting on Monday or Sunday. */
export function weekStartOf(date: string, weekStart: "monday" | "sunday"): string {
  const day = dayNumberOf(date);
  // 1970-01-01 was a Thursday: day 0 has weekday 4 (Sunday 0).
  const weekday = (((day + 4) % 7) + 7) % 7;
  const back = weekStart === "sunday" ? weekday : (weekday + 6) % 7;
  return dateOfDayNumber(day - back);
}
