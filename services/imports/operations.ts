import { importJobSchema, MAX_IMPORT_BYTES, importPreviewSchema } from "./contract";
import { EVERY_ROLE, type CredentialAccess } from "../../shared/access";
import { defineOperations } from "../../shared/operations";
import { single } from "../../shared/schemas";
import { createImportInput, importByIdInput } from "./inputs";

/** Importing is writing time entries: members import their own, admins anyone's (docs/api.md#imports). */
const WRITE: CredentialAccess = { permission: "time_entries:write", roles: EVERY_ROLE };

const TAG = "Imports";
const RESOURCE = "Import";

/** Time entries brought in from CSV exports, followed as jobs (docs/api.md#imports). */
export const importOperations = defineOperations("imports", {
  create: {
    method: "POST",
    path: "/imports",
    summary: "Import time entries from a CSV export",
    description: [
      "A form (`multipart/form-data`) with `source` (`stint`, `toggl`, `clockify` or `harvest`), optionally `timezone`, `date_format` and `dry_run`, and then `file`: a detailed CSV export of that product, UTF-8, comma-, semicolon- or tab-separated, at most 100 MiB. Fields after the file are not read.",
      "The file is received and read through before the answer: a file that is not UTF-8 text, lacks the source's columns, or mixes day-first and month-first dates is a 400 saying what to change, a larger one a 413. Dates with the year last are read day first or month first as the file's own dates show, else as `date_format` says, else as the vendor writes them by default; the job says which (`date_format`, `date_format_source`). The rows are then imported in the background: follow the job at its `Location`. With `dry_run=true` the answer is instead a 200 with what the import would do, and nothing is stored.",
      "Projects and tasks are matched by name regardless of case, archived ones included, and made when missing if the caller may make projects (an admin with `projects:write`). People are matched by email (Harvest: by first and last name); a row without one is the caller's. A member imports only their own time; an admin's file may name any member of the organization.",
      "Each row becomes an entry whose id is derived from the organization, the source and the row, so importing the same file again creates no duplicates: those rows count as skipped. Imported entries follow the rules of entries made by hand (end after start, at most 24 hours); no webhook event is sent per imported entry.",
    ].join("\n\n"),
    tag: TAG,
    resource: RESOURCE,
    input: createImportInput,
    access: WRITE,
    upload: { field: "file", mediaType: "text/csv", maxBytes: MAX_IMPORT_BYTES },
    success: {
      status: 202,
      description: "The import, started",
      body: single(importJobSchema),
      location: "/imports/{data.id}",
      otherwise: [
        {
          status: 200,
          description: "With `dry_run=true`: what the import would do; nothing was stored",
          body: single(importPreviewSchema),
        },
      ],
    },
    errors: [413],
  },
  get: {
    method: "GET",
    path: "/imports/:id",
    summary: "Follow an import",
    description: "The import's status and counts, and the first 100 row errors. Members see only their own imports.",
    tag: TAG,
    resource: RESOURCE,
    input: importByIdInput,
    access: { permission: "time_entries:write", roles: EVERY_ROLE },
    success: { status: 200, description: "The import", body: single(importJobSchema) },
    parameters: { id: "The import's id (`imp_...`)" },
  },
});
