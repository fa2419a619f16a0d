/*
 * Local dates and times without a zone, as Toggl, Clockify and Harvest export them, read in
 * an IANA time zone into UTC instants.
 */

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** How far ahead of UTC the zone's clocks are at an instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a zone's clocks showed a local time. A time skipped by a daylight-saving
 * change is read with the offset before it (02:30 on a spring-forward night is 03:30); a
 * time shown twice is the first of the two.
 */
export function instantOf(local: LocalDateTime, zone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  if (zone === "UTC") return wall;
  const before = offsetAt(zone, wall - 86_400_000);
  const after = offsetAt(zone, wall + 86_400_000);
  // Try the earlier offset first: it names the first of two equal wall times.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = wall - offset;
    if (offsetAt(zone, candidate) === offset) return candidate;
  }
  return wall - before;
}

/** `YYYY-MM-DD`, `M/D/YYYY` (US) or `D.M.YYYY`: the date formats these exports use. */
export function parseLocalDate(text: string): Pick<LocalDateTime, "year" | "month" | "day"> | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  let parts: [number, number, number] | null = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
  if (!parts && (match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) parts = [Number(match[3]), Number(match[1]), Number(match[2])];
  if (!parts && (match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value))) parts = [Number(match[3]), Number(match[2]), Number(match[1])];
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || year >= 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** `HH:MM`, `HH:MM:SS`, either with `AM`/`PM`. */
export function parseLocalTime(text: string): Pick<LocalDateTime, "hour" | "minute" | "second"> | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3] ?? 0);
  const meridiem = match[4]?.toUpperCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "PM" ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

/** An instant as stored: ISO 8601 UTC, whole seconds. */
export function storedInstant(instant: number): string {
  return new Date(Math.floor(instant / 1000) * 1000).toISOString().replace(".000Z", "Z");
}
