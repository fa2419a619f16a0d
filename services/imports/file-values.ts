import { type DateFormat, type DateFormatSource } from "./contract";
import { ApiError } from "../../shared/errors";
import type { LocalDateTime } from "./local-time";

/*
 * Dates, clock times, hours and yes/no as exports write them, which depends on the settings
 * of whoever exported the file: the order of day and month, 12- or 24-hour clocks, a decimal
 * point or comma. See docs/api.md (Imports) for what is read and how the order is decided.
 */

export interface DateDecision {
  format: DateFormat;
  source: DateFormatSource;
}

export type LocalDate = Pick<LocalDateTime, "year" | "month" | "day">;

/**
 * The three shapes of dates: year first (`2026-03-02`, `2026/03/02`), dotted day first
 * (`02.03.2026`), and year last with slashes or dashes (`03/02/2026`, `03-02-2026`), whose
 * order of day and month only the file or the request can tell.
 */
type DateShape =
  | { kind: "year first"; year: number; month: number; day: number }
  | { kind: "dotted"; day: number; month: number; year: number }
  | { kind: "year last"; first: number; second: number; year: number };

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const YEAR_LAST = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;

function shapeOf(text: string): DateShape | null {
  const value = text.trim();
  let match = YEAR_FIRST.exec(value);
  if (match) return { kind: "year first", year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  match = DOTTED.exec(value);
  if (match) return { kind: "dotted", day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  match = YEAR_LAST.exec(value);
  if (match) return { kind: "year last", first: Number(match[1]), second: Number(match[3]), year: Number(match[4]) };
  return null;
}

function calendarDate(year: number, month: number, day: number): LocalDate | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || year >= 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether a decided format reads year-last dates day first. */
export function readsDayFirst(format: DateFormat): boolean {
  return format === "DD/MM/YYYY" || format === "DD.MM.YYYY";
}

/** A date in the decided format, or `null` when it is none, or names no real day. */
export function readDate(text: string, format: DateFormat): LocalDate | null {
  const shape = shapeOf(text);
  if (!shape) return null;
  if (shape.kind === "year first" || shape.kind === "dotted") return calendarDate(shape.year, shape.month, shape.day);
  return readsDayFirst(format) ? calendarDate(shape.year, shape.second, shape.first) : calendarDate(shape.year, shape.first, shape.second);
}

export const DATE_EXAMPLES = "a date like 2026-03-02, 03/02/2026 or 02.03.2026";

/** A cell a date was seen in, to name in a message. */
interface Sighting {
  row: number;
  column: string;
  value: string;
}

/**
 * What the file's dates say about their format, gathered row by row: the first date of each
 * shape, and the first year-last date whose first part (a day) or second part (then the day)
 * is above 12.
 */
export class DateEvidence {
  yearFirst: Sighting | null = null;
  dotted: Sighting | null = null;
  yearLast: Sighting | null = null;
  dayFirst: Sighting | null = null;
  monthFirst: Sighting | null = null;

  see(value: string, row: number, column: string): void {
    const shape = shapeOf(value);
    if (!shape) return;
    const sighting = { row, column, value: value.trim() };
    if (shape.kind === "year first") this.yearFirst ??= sighting;
    else if (shape.kind === "dotted") this.dotted ??= sighting;
    else {
      this.yearLast ??= sighting;
      // A part above 31 is no day at all: such a date proves nothing (and is refused on its row).
      if (shape.first > 12 && shape.first <= 31 && shape.second <= 12) this.dayFirst ??= sighting;
      if (shape.second > 12 && shape.second <= 31 && shape.first <= 12) this.monthFirst ??= sighting;
    }
  }
}

const refuse = (message: string) => ApiError.validation([{ field: "file", reason: "invalid", message }]);
const quoted = (sighting: Sighting) => `row ${sighting.row} has "${sighting.value}" in "${sighting.column}"`;

/**
 * How the file's dates are read: year-first and dotted dates say so themselves; year-last
 * dates are day first or month first as the file's own dates show, else as the request says,
 * else as the vendor writes them by default. A file that shows both orders is refused.
 */
export function decideDateFormat(evidence: DateEvidence, requested: DateFormat | "auto", vendorDefault: DateFormat): DateDecision {
  const { dayFirst, monthFirst, yearLast } = evidence;
  if (dayFirst && monthFirst) {
    throw refuse(
      `mixes two date orders: ${quoted(dayFirst)}, which can only be day first, and ${quoted(monthFirst)}, which can only be month first. Export the file again with one date format`,
    );
  }
  if (dayFirst) return { format: "DD/MM/YYYY", source: "file" };
  if (monthFirst) return { format: "MM/DD/YYYY", source: "file" };
  if (yearLast) {
    if (requested === "auto") return { format: vendorDefault, source: "default" };
    if (requested === "YYYY-MM-DD") {
      throw refuse(
        `has dates with the year last (${quoted(yearLast)}), not YYYY-MM-DD as date_format says: send date_format MM/DD/YYYY or DD/MM/YYYY`,
      );
    }
    return { format: requested === "MM/DD/YYYY" ? "MM/DD/YYYY" : "DD/MM/YYYY", source: "request" };
  }
  if (evidence.yearFirst) return { format: "YYYY-MM-DD", source: "file" };
  if (evidence.dotted) return { format: "DD.MM.YYYY", source: "file" };
  return requested === "auto" ? { format: vendorDefault, source: "default" } : { format: requested, source: "request" };
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp])\.?\s*[Mm]\.?$|^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** `HH:MM` or `HH:MM:SS` on a 24-hour clock, or on a 12-hour one with `AM`/`PM` (`a.m.`, `pm`...). */
export function readTime(text: string): Pick<LocalDateTime, "hour" | "minute" | "second"> | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const twelveHour = match[4] !== undefined;
  let hour = Number(twelveHour ? match[1] : match[5]);
  const minute = Number(twelveHour ? match[2] : match[6]);
  const second = Number((twelveHour ? match[3] : match[7]) ?? 0);
  if (twelveHour) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (match[4]?.toUpperCase() === "P" ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

export const TIME_EXAMPLES = "a time like 09:00, 17:30:00 or 5:30 PM";

const DECIMAL_HOURS = /^(\d+)(?:[.,](\d+))?$/;
const CLOCK_HOURS = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/;

/** Hours as decimal hours with a point or a comma (`7.5`, `7,5`) or as `H:MM` (`7:30`), in whole seconds. */
export function readHours(text: string): number | null {
  const value = text.trim();
  const decimal = DECIMAL_HOURS.exec(value);
  if (decimal) return Math.round(Number(`${decimal[1]}.${decimal[2] ?? "0"}`) * 3600);
  const clock = CLOCK_HOURS.exec(value);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  return null;
}

/**
 * Yes and no as exports write them: English, and the words of the languages the vendors'
 * apps are shown in, which some exports carry into their cells.
 */
const YES = new Set(["yes", "true", "1", "y", "ja", "oui", "sí", "si", "sim", "はい", "是"]);
const NO = new Set(["no", "false", "0", "n", "nein", "non", "não", "nao", "いいえ", "否"]);

/** `true`, `false`, `null` (empty: the default applies), or `undefined` (not a yes or no). */
export function readYesNo(text: string): boolean | null | undefined {
  const word = text.trim().toLocaleLowerCase("en-US");
  if (word === "") return null;
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}
