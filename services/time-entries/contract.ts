/**
 * What the time-entries service shows the world: a time entry as its answers show it.
 * Imports only `shared/` and packages.
 */
import { z } from "zod";
import { assertSameShape, idSchema, timestamp, type SameShape } from "../../shared/schemas";

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
    is_running: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "TimeEntry" });
assertSameShape<SameShape<z.output<typeof timeEntrySchema>, TimeEntry>>();
