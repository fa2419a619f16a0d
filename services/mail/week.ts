/**
 * Weeks as a person's time zone counts them, Monday to Sunday, for the weekly summary. A
 * week's bounds are the instants its Monday and the next Monday begin there (a week across a
 * daylight-saving change is an hour shorter or longer).
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD`, the date an instant falls on in `zone`. */
export function localDateAt(ms: number, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(zone, format);
  }
  return format.format(ms);
}

/** The date `days` after `date`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first minute whose date in `zone` is `date`: its midnight, or where a clock change
 * skips midnight, the instant the day begins. No zone is more than 14 hours from UTC, so the
 * answer lies within 15 hours of the day's UTC midnight; halving that span finds it.
 */
export function dayStartsAt(date: string, zone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let before = utcMidnight - 15 * 60 * MINUTE_MS;
  let atOrAfter = utcMidnight + 15 * 60 * MINUTE_MS;
  while (atOrAfter - before > MINUTE_MS) {
    const middle = before + Math.floor((atOrAfter - before) / (2 * MINUTE_MS)) * MINUTE_MS;
    if (localDateAt(middle, zone) >= date) atOrAfter = middle;
    else before = middle;
  }
  return atOrAfter;
}

export interface Week {
  /** Monday to Sunday, `YYYY-MM-DD`. */
  dates: string[];
  startMs: number;
  /** When the next Monday begins: the week is over from then. */
  endMs: number;
}

/** The last whole week before `now` in `zone`: the one that ended when this week's Monday began. */
export function lastFinishedWeek(now: number, zone: string): Week {
  const today = localDateAt(now, zone);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday - 7);
  const dates = Array.from({ length: 7 }, (_, day) => addDays(monday, day));
  return { dates, startMs: dayStartsAt(monday, zone), endMs: dayStartsAt(addDays(monday, 7), zone) };
}
