import type { SummaryReport, SummaryReportParams } from "@stint/sdk";

export type GroupBy = NonNullable<SummaryReportParams["groupBy"]>;
export type ReportGroup = SummaryReport["groups"][number];

/** The groupings the reports page offers, in the order of its menu. */
export const GROUPS: readonly { id: GroupBy; label: string }[] = [
  { id: "project", label: "Project" },
  { id: "client", label: "Client" },
  { id: "tag", label: "Tag" },
  { id: "user", label: "Person" },
  { id: "task", label: "Task" },
  { id: "day", label: "Day" },
  { id: "week", label: "Week" },
  { id: "month", label: "Month" },
  { id: "billable", label: "Billable" },
];

/** What a group is called on the page; the group of entries without a task, tag or client is named so. */
export function groupLabel(group: Pick<ReportGroup, "key" | "name">, groupBy: GroupBy): string {
  if (group.name) return group.name;
  if (groupBy === "task") return "No task";
  if (groupBy === "tag") return "No tag";
  if (groupBy === "client") return "No client";
  if (groupBy === "user") return "Removed person";
  return group.key ?? "—";
}

/**
 * Whether the report shows money: only when the server sent the amounts (owners and admins,
 * and members whom the organization lets see their own) and some of the time has a rate,
 * so that an organization that bills nothing is not shown columns of zeros.
 */
export function showsAmounts(report: Pick<SummaryReport, "billable_amount" | "unrated_seconds" | "total_seconds">): boolean {
  return report.billable_amount !== undefined && (report.unrated_seconds ?? report.total_seconds) < report.total_seconds;
}
