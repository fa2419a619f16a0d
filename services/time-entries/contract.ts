/**
 * What the time-entries service shows the world: a time entry as its answers show it.
 * Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

/** At most this many tags on one entry, each 1 to `MAX_TAG_LENGTH` characters once trimmed (docs/api.md#tags). */
export const MAX_TAGS_PER_ENTRY = 20;
export const MAX_TAG_LENGTH = 50;

/** How tags compare: two spellings that lower-case alike are one tag. */
export function tagKey(name: string): string {
  return name.toLocaleLowerCase("en-US");
}

/**
 * A time entry as Style A shows it (Style B differs only in the project id prefix): the
 * stored fields minus the internal one, with `duration` always a number and `is_running`.
 */
export interface TimeEntry {
  id: string;
  user_id: string;
  project_id: string;
  task_id: string | null;
  description: string;
  start_time: string;
  /** `null` while the timer runs. */
  end_time: string | null;
  duration: number;
  billable: boolean;
  /** In the organization's spelling of each tag (the first one used); no two equal ignoring case. */
  tags: string[];
  is_running: boolean;
  created_at: string;
  updated_at: string;
}

/** The response schema of a time entry: what the documents show and the handlers return. */
export const timeEntrySchema = z
  .object({
    id: idSchema("timeEntry"),
    user_id: idSchema("user").describe("Whose time it is"),
    project_id: idSchema("project").describe("`prj_...` in Style A, `proj_...` in Style B"),
    task_id: idSchema("task").nullable(),
    description: z.string(),
    start_time: timestamp,
    end_time: timestamp.nullable().describe("`null` while the timer runs"),
    duration: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("Seconds; for a running entry, the seconds elapsed so far"),
    billable: z.boolean(),
    tags: z
      .array(z.string().min(1).max(MAX_TAG_LENGTH))
      .max(MAX_TAGS_PER_ENTRY)
      .describe("Each as the organization first spelled it; unique per entry ignoring case"),
    is_running: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "TimeEntry" });
assertSameShape<SameShape<z.output<typeof timeEntrySchema>, TimeEntry>>();

/** A tag of the organization as `GET /tags` lists it. */
export interface Tag {
  /** As the organization first spelled it. */
  name: string;
  /** Entries carrying it that the caller can see: every entry for owners and admins, their own for members. */
  entry_count: number;
}

export const tagSchema = z
  .object({
    name: z.string().min(1).max(MAX_TAG_LENGTH).describe("As the organization first spelled it"),
    entry_count: z
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .describe("Entries carrying it that the caller sees: all of them for owners and admins, their own for members"),
  })
  .meta({ id: "Tag" });
assertSameShape<SameShape<z.output<typeof tagSchema>, Tag>>();
