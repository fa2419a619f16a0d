import { z } from "zod";
import { idOf, noBody } from "../../shared/validation";
import { timeZone, nothing as none } from "../../shared/inputs";
import { IMPORT_SOURCES } from "./contract";

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
