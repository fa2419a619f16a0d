import { DATE_FORMATS, IMPORT_SOURCES } from "./contract";
import { z } from "zod";
import { timeZone, nothing as none } from "../../shared/inputs";
import { idOf, noBody, queryBoolean } from "../../shared/validation";

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
      date_format: z
        .enum(["auto", ...DATE_FORMATS], "must be auto, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYY-MM-DD")
        .default("auto")
        .describe(
          "How to read dates with the year last (`03/02/2026`) when none of the file's dates shows whether the day or the month comes first; `auto`: the vendor's default. The file's own dates decide when they can",
        ),
      dry_run: queryBoolean.default(false).describe("`true`: answer 200 with what the import would do, and store nothing"),
    })
    .strict(),
});
export type CreateImportInput = z.output<typeof createImportInput>;

export const importByIdInput = z.object({ params: z.object({ id: idOf("importJob") }).strict(), query: none, body: noBody });
