/*
 * Local dates and times without a zone, as Toggl, Clockify and Harvest export them, placed in
 * an IANA time zone as UTC instants. How the file writes them is read in `file-values.ts`.
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

/** The wall clock a zone shows at an instant. */
export function wallClock(instant: number, zone: string): LocalDateTime {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/** How far ahead of UTC the zone's clocks are at an instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const wall = wallClock(instant, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1000) * 1000;
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

/** An instant as stored: ISO 8601 UTC, whole seconds. */
export function storedInstant(instant: number): string {
  return new Date(Math.floor(instant / 1000) * 1000).toISOString().replace(".000Z", "Z");
}
