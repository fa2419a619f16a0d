import { DAY_MS } from "./sweep";

/** ISO 8601 UTC with `Z` and whole seconds, the form every timestamp takes in responses. */
export function isoSeconds(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The UTC day (`YYYY-MM-DD`) of an instant. */
export function utcDay(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** Whether `name` is a time zone the platform knows, by its IANA name; its canonical spelling if so. */
export function canonicalZone(name: string): string | null {
  // Offsets like "+01:00" are accepted by newer Intl versions but are not IANA names.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, as UTC counts them. */
export function dayNumberOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}
