import { Cut } from "../components/cut";
import type { SummaryReport } from "@stint/sdk";
import { useMemo } from "react";
import { Empty, Loading } from "../components/status";
import { hoursMinutes, showDateTime } from "../lib/format";
import { showMoney } from "../lib/money";
import { ReportChart, type ChartBar, type ChartKind } from "./reports-chart";
import { GROUPS, groupLabel, showsAmounts, type GroupBy } from "./reports-groups";

export interface LoadedSummary {
  report: SummaryReport;
  groupBy: GroupBy;
  rounded: boolean;
}

const hours = (seconds: number): number => seconds / 3600;
const DATE_GROUPS: readonly GroupBy[] = ["day", "week", "month"];

/**
 * The summary: totals, the chart and the table by group. When the report shows money (see
 * `showsAmounts`), the billable amount and the unrated hours stand beside the hours, in the
 * report's currency, formatted for the browser's locale.
 */
export function Summary({
  loaded,
  loading,
  chart,
  currency: organizationCurrency,
}: {
  loaded: LoadedSummary | undefined;
  loading: boolean;
  chart: ChartKind;
  /** The organization's currency, for a report that names none. */
  currency: string;
}) {
  const summary = loaded?.report;
  const groupBy = loaded?.groupBy ?? "project";
  const rounded = loaded?.rounded ?? false;
  const money = summary !== undefined && showsAmounts(summary);
  const currency = summary?.currency ?? organizationCurrency;
  const groupName = GROUPS.find((group) => group.id === groupBy)?.label ?? "Group";
  const bars = useMemo<ChartBar[]>(
    () =>
      (summary?.groups ?? []).map((group) => ({
        label: groupLabel(group, groupBy),
        hours: hours(rounded ? group.rounded_seconds : group.total_seconds),
        billableHours: hours(group.billable_seconds),
        ...(money ? { amount: group.billable_amount ?? 0 } : {}),
      })),
    [summary, groupBy, rounded, money],
  );
  return (
    <section className="stack" aria-labelledby="report-summary-title" aria-busy={loading}>
      <h2 id="report-summary-title">Summary</h2>
      {summary === undefined ? (
        loading ? (
          <Loading what="the report" />
        ) : null
      ) : (
        <>
          <dl className="report-totals">
            <div>
              <dt>Total</dt>
              <dd data-testid="total-hours">{hoursMinutes(summary.total_seconds)}</dd>
            </div>
            <div>
              <dt>Billable</dt>
              <dd>{hoursMinutes(summary.billable_seconds)}</dd>
            </div>
            {rounded ? (
              <div>
                <dt>Rounded</dt>
                <dd data-testid="rounded-hours">{hoursMinutes(summary.rounded_seconds)}</dd>
              </div>
            ) : null}
            {money ? (
              <>
                <div>
                  <dt>Billable amount</dt>
                  <dd data-testid="billable-amount">{showMoney(summary.billable_amount, currency)}</dd>
                </div>
                <div>
                  <dt>Unrated</dt>
                  <dd data-testid="unrated-hours">{hoursMinutes(summary.unrated_seconds ?? 0)}</dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>Entries</dt>
              <dd>{summary.entry_count}</dd>
            </div>
          </dl>
          <p className="hint">
            Days of {summary.timezone.replace(/_/g, " ")}; an entry counts on the day it starts. Running entries count up to{" "}
            {showDateTime(summary.as_of)}.{groupBy === "tag" ? " An entry with several tags counts in each of them." : ""}
            {money ? " Unrated: time that earns nothing, not billable or without a rate." : ""}
          </p>
          {summary.groups.length === 0 ? <Empty>No time in this range.</Empty> : null}
          <ReportChart bars={bars} groupedBy={groupName.toLowerCase()} kind={chart} currency={money ? currency : undefined} />
          {summary.groups.length > 0 ? (
            <div className="table-wrap" role="region" aria-label={`Hours by ${groupName.toLowerCase()}`} tabIndex={0}>
              <table>
                <caption className="visually-hidden">Hours by {groupName.toLowerCase()}</caption>
                <thead>
                  <tr>
                    <th scope="col">{groupName}</th>
                    <th scope="col" className="number">
                      Hours
                    </th>
                    <th scope="col" className="number">
                      Billable hours
                    </th>
                    {rounded ? (
                      <th scope="col" className="number">
                        Rounded hours
                      </th>
                    ) : null}
                    {money ? (
                      <th scope="col" className="number">
                        Amount ({currency})
                      </th>
                    ) : null}
                    <th scope="col" className="number">
                      Entries
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.groups.map((group) => (
                    <tr key={group.key ?? "none"}>
                      <th scope="row" className={DATE_GROUPS.includes(groupBy) ? "report-nowrap" : undefined}>
                        <Cut text={groupLabel(group, groupBy)} />
                      </th>
                      <td className="number">{hoursMinutes(group.total_seconds)}</td>
                      <td className="number">{hoursMinutes(group.billable_seconds)}</td>
                      {rounded ? <td className="number">{hoursMinutes(group.rounded_seconds)}</td> : null}
                      {money ? <td className="number">{showMoney(group.billable_amount ?? 0, currency)}</td> : null}
                      <td className="number">{group.entry_count}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td className="number">{hoursMinutes(summary.total_seconds)}</td>
                    <td className="number">{hoursMinutes(summary.billable_seconds)}</td>
                    {rounded ? <td className="number">{hoursMinutes(summary.rounded_seconds)}</td> : null}
                    {money ? <td className="number">{showMoney(summary.billable_amount, currency)}</td> : null}
                    <td className="number">{summary.entry_count}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
