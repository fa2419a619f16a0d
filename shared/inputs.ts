import { z } from "zod";
import { isHourlyRate, MAX_HOURLY_RATE } from "./billing/money";
import { canonicalZone, isoSeconds } from "./time";
import { noBody } from "./validation";

/** Path parameters or a query string that must be empty: anything sent is a 400 naming it. */
export const nothing = z.object({}).strict();

/** The input of an operation that takes nothing: no path parameters, no query, no body. */
export const noInput = z.object({ params: nothing, query: nothing, body: noBody });

/**
 * Text that must hold something once trimmed, as the server reads it. The documents say
 * so with the pattern `\S`, so that a client following them never sends only spaces.
 */
export function trimmedText(max: number) {
  return z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`).meta({ pattern: "\\S" });
}

/** An update must change something: `minProperties: 1` in the documents, a 400 naming `body` otherwise. */
export function someChanges<T extends z.ZodObject>(body: T): T {
  return body
    .refine((fields) => Object.keys(fields).length > 0, { message: "must change at least one field", params: { reason: "required" } })
    .meta({ minProperties: 1 });
}

/** RFC 5321's limit on the part before the `@`, which the documents' `format: email` implies. */
const MAX_LOCAL_PART = 64;

/** An email address as accounts keep it: trimmed, lower-cased, one a deployment. */
export const emailAddress = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .email("must be an email address")
  .refine((value) => value.lastIndexOf("@") <= MAX_LOCAL_PART, {
    message: `must have at most ${MAX_LOCAL_PART} characters before the @`,
    params: { reason: "invalid" },
  })
  .transform((value) => value.toLowerCase());

/** Instants and dates may not lie before the Unix epoch or after 2100; anything else is a typo. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a day that exists (no February 30th). */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 timestamp with a zone, normalised to UTC whole seconds (docs/decisions/0002-utc-whole-seconds.md). */
export const instant = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 with a time zone, between 1970 and 2100; stored in UTC, to the second" })
  .transform((value, ctx) => {
    const shape = ISO_DATE_TIME.exec(value);
    const millis = shape && isCalendarDate(shape[1] as string) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(millis)) {
      ctx.addIssue({
        code: "custom",
        message: "must be an ISO 8601 timestamp with a time zone, like 2026-11-21T09:30:00Z",
        params: { reason: "invalid" },
      });
      return z.NEVER;
    }
    if (millis < EARLIEST || millis >= LATEST) {
      ctx.addIssue({ code: "custom", message: "must lie between 1970 and 2100", params: { reason: "out_of_range" } });
      return z.NEVER;
    }
    return isoSeconds(new Date(millis));
  });

/** A calendar date `YYYY-MM-DD` (UTC) that exists. */
export const calendarDate = z
  .string()
  .refine((value) => isCalendarDate(value) && Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST, {
    message: "must be a date like 2026-11-21, between 1970 and 2100",
    params: { reason: "invalid" },
  })
  .meta({ format: "date", pattern: "^(19[7-9]\\d|20\\d\\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" });

/** A list's `start_date` and `end_date` filters: the end may not come before the start. */
export function datesInOrder(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (query.start_date && query.end_date && query.end_date < query.start_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "must not be before start_date", params: { reason: "invalid" } });
  }
}

/** An IANA time zone name, given back in its canonical spelling. */
export const timeZone = z
  .string()
  .transform((value, ctx) => {
    const zone = canonicalZone(value);
    if (zone === null) {
      ctx.addIssue({ code: "custom", message: "must be an IANA time zone name, like Europe/Berlin", params: { reason: "invalid" } });
      return z.NEVER;
    }
    return zone;
  })
  .meta({ examples: ["Europe/Berlin"] });

/**
 * The same, with the zones named in the documents one by one as this runtime knows them, so
 * that a client generating values from the documents sends zones that exist; other spellings
 * of the same zones are accepted too.
 */
export const namedTimeZone = timeZone.meta({
  examples: ["Europe/Berlin"],
  enum: ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")],
});

/**
 * An hourly rate in the major unit of the organization's currency: 0 to 1,000,000 with at
 * most two decimals, so that every amount is exact in integers (docs/api.md, "Money:
 * rates, amounts and budgets").
 */
export const hourlyRate = z
  .number()
  .min(0, "must not be negative")
  .max(MAX_HOURLY_RATE, `must be at most ${MAX_HOURLY_RATE}`)
  .refine(isHourlyRate, { message: "must have at most two decimals", params: { reason: "invalid" } })
  .describe("Major units of the organization's currency an hour, at most two decimals")
  .meta({ multipleOf: 0.01 });
