/** 3725 -> "1:02:05": hours, minutes and seconds, as a running timer shows them. */
export function clockDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** 5400 -> "1:30": hours and minutes, as a timesheet adds time up. */
export function hoursMinutes(totalSeconds: number): string {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The browser's time zone, for reports and day boundaries. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A date as `YYYY-MM-DD` in the browser's time zone. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** Monday 00:00 local time of the week holding `date`. */
export function weekStart(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

// Every clock time the app writes is in the browser's locale, one format for every page
// ("9:00 AM" in the United States, "09:00" in Britain and Germany).
const clock = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** The time of day of an instant, as the browser's locale writes it. */
export function showClock(iso: string): string {
  return clock.format(new Date(iso));
}
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function showDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "never";
}

export function showDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : "";
}
