import type { DomainEvent, EventType } from "../../shared/events";
import { parseId } from "../../shared/ids";
import { isoSeconds } from "../../shared/time";
import type { TimeEntry } from "../time-entries/client";
import type { Project } from "./contract";

/**
 * The events after which a project's budget may have crossed a threshold: time recorded or
 * changed on it, and its budget set or changed (docs/api.md#budgets). Deleting time only
 * lowers what is used, and a running timer is counted once it stops.
 */
export const BUDGET_EVENTS = [
  "time_entry.created",
  "time_entry.updated",
  "time_entry.stopped",
  "project.created",
  "project.updated",
] as const satisfies readonly EventType[];

const WATCHED = new Set<string>(BUDGET_EVENTS);

/**
 * Which project to look at after an event, and the instant whose period to look at: an
 * entry's start (an entry recorded late counts in the month it started), or now for a
 * change of the project itself. `null` for any other event.
 */
export function budgetCheckOf(event: DomainEvent, now: Date = new Date()): { projectId: string; at: string } | null {
  if (!WATCHED.has(event.type)) return null;
  if (event.type.startsWith("time_entry.")) {
    const entry = event.data as Partial<TimeEntry>;
    const projectId = typeof entry.project_id === "string" ? parseId("project", entry.project_id) : null;
    return projectId && typeof entry.start_time === "string" ? { projectId, at: entry.start_time } : null;
  }
  const project = event.data as Partial<Project>;
  const projectId = typeof project.id === "string" ? parseId("project", project.id) : null;
  return projectId ? { projectId, at: isoSeconds(now) } : null;
}
