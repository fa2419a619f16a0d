import type { Context } from "moleculer";
import type { EntryReferenceQuery } from "./reference-query";

/** Asks the time-entries service how many entries point at a project or a task. */
export function countEntryReferences(ctx: Context<unknown>, query: EntryReferenceQuery): Promise<number> {
  return ctx.call<number, EntryReferenceQuery>("timeEntries.countReferences", query);
}
