import type { Stint, TimeEntry } from "@stint/sdk";
import { collect } from "./collect";
import { useLoad, type Loaded } from "./use-load";

/** How many of a person's latest entries the pickers and suggestions draw on. */
const RECENT_ENTRIES = 50;

/** The signed-in person's latest entries, newest first: what recent projects and descriptions come from. */
export function useRecentEntries(client: Stint, userId: string): Loaded<TimeEntry[]> {
  return useLoad(
    () => collect(client.timeEntries.list({ userId, perPage: RECENT_ENTRIES }), RECENT_ENTRIES),
    [client, userId],
    ["time-entries"],
  );
}

/** The projects of the latest entries, most recent first, each once, at most `limit`. */
export function recentProjectIds(entries: readonly TimeEntry[], limit = 5): string[] {
  return [...new Set(entries.map((entry) => entry.project_id))].slice(0, limit);
}

/** A past piece of work that can be typed again in a word: its description and where it went. */
export interface RecentWork {
  description: string;
  projectId: string;
  taskId: string | null;
  billable: boolean;
}

/**
 * The distinct descriptions of the latest entries (most recent first, each with the project and
 * task it was last tracked on) that contain `typed`, at most `limit`.
 */
export function recentWork(entries: readonly TimeEntry[], typed: string, limit = 6): RecentWork[] {
  const wanted = typed.trim().toLocaleLowerCase();
  const seen = new Set<string>();
  const found: RecentWork[] = [];
  for (const entry of entries) {
    const description = entry.description.trim();
    const key = description.toLocaleLowerCase();
    if (!description || seen.has(key) || (wanted && !key.includes(wanted))) continue;
    seen.add(key);
    found.push({ description, projectId: entry.project_id, taskId: entry.task_id, billable: entry.billable });
    if (found.length >= limit) break;
  }
  return found;
}
