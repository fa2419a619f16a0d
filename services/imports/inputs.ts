import { z } from "zod";
import { idOf, noBody } from "../../shared/validation";
import { IMPORT_SOURCES } from "./import-job";
import { canonicalZone } from "./local-time";

const none = z.object({}).strict();

/** An IANA time zone name, given back in its canonical spelling. */
const timeZone = z
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

/** The form's text fields; the file itself reaches the action as its stream. */
export const createImportInput = z.object({
  params: none,
  query: none,
  body: z
    .object({
      source: z.enum(IMPORT_SOURCES, "must be stint, toggl, clockify or harvest").describe("Whose export the file is"),
      timezone: timeZone
        .default("UTC")
        .describe("The IANA time zone the file's local dates and times are read in (Toggl, Clockify, Harvest); Stint's file is in UTC"),
    })
    .strict(),
});
export type CreateImportInput = z.output<typeof createImportInput>;

export const importByIdInput = z.object({ params: z.object({ id: idOf("importJob") }).strict(), query: none, body: noBody });
