import { isManager } from "../../shared/access";
import { ApiError } from "../../shared/errors";
import type { Identity } from "../../shared/identity";
import type { ReportWindow } from "../time-entries/client";
import type { Selection } from "./inputs";
import type { ZoneCalendar } from "./zone";

/**
 * The entries a caller's report reads: its zone's days as instants, its filters, and
 * only the caller's own time for a member, who gets a 403 for asking about anyone else's
 * (as in time-entry lists, docs/api.md#time-entries-and-timers).
 */
export function windowFor(who: Identity, selection: Selection, calendar: ZoneCalendar): ReportWindow {
  if (!isManager(who) && selection.user_id !== undefined && selection.user_id !== who.userId) {
    throw new ApiError("forbidden", "Members see only their own time", { field: "user_id" });
  }
  return {
    organizationId: who.organizationId,
    from: calendar.from,
    to: calendar.to,
    userId: isManager(who) ? selection.user_id : who.userId,
    projectId: selection.project_id,
    taskId: selection.task_id,
    billable: selection.billable,
    tags: selection.tag,
  };
}
