import type { DetailedReportParams, ExportFormat, SummaryReportParams } from "@stint/sdk";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "wouter";
import { Cut } from "../components/cut";
import { Page } from "../components/page";
import { TagChips } from "../components/tag-picker";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { TimeZoneSelect } from "../components/time-zone-select";
import { collect } from "../lib/collect";
import { browserTimeZone, hoursMinutes, showDateTime } from "../lib/format";
import { showMoney } from "../lib/money";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { CHART_KINDS, type ChartKind } from "./reports-chart";
import { ReportExport, type ExportKind } from "./reports-export";
import { GROUPS, showsAmounts, type GroupBy } from "./reports-groups";
import { isDay, presetOf, presetRange, RANGE_PRESETS, type RangePreset } from "./reports-range";
import { Summary } from "./reports-summary";
import "./reports.css";

type Rounding = NonNullable<SummaryReportParams["rounding"]>;
type RoundingMinutes = Extract<NonNullable<SummaryReportParams["roundingMinutes"]>, string>;
type RoundingScope = NonNullable<SummaryReportParams["roundingScope"]>;
type TimeZone = SummaryReportParams["timezone"];
const ROUNDINGS: readonly { id: Rounding; label: string }[] = [
  { id: "none", label: "No rounding" },
  { id: "up", label: "Up" },
  { id: "down", label: "Down" },
  { id: "nearest", label: "To the nearest" },
];
const STEPS: readonly RoundingMinutes[] = ["1", "5", "6", "10", "15", "30", "60"];
const ENTRIES_PER_PAGE = 25;

/** The report as the address describes it, so that a bookmark brings the same report back. */
interface Selection {
  from: string;
  to: string;
  group: GroupBy;
  chart: ChartKind;
  tz: string;
  project: string;
  /** Only with a project: tasks belong to one. */
  task: string;
  user: string;
  billable: "" | "true" | "false";
  rounding: Rounding;
  step: RoundingMinutes;
  scope: RoundingScope;
  page: number;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function readSelection(params: URLSearchParams): Selection {
  const week = presetRange("this-week");
  const from = params.get("from");
  const to = params.get("to");
  const page = Number(params.get("page"));
  return {
    from: isDay(from) ? from : week.from,
    to: isDay(to) ? to : week.to,
    group: oneOf(
      params.get("group"),
      GROUPS.map((group) => group.id),
      "project",
    ),
    chart: oneOf(
      params.get("chart"),
      CHART_KINDS.map((kind) => kind.id),
      "bars",
    ),
    tz: params.get("tz") || browserTimeZone(),
    project: params.get("project") ?? "",
    task: params.get("project") ? (params.get("task") ?? "") : "",
    user: params.get("user") ?? "",
    billable: oneOf(params.get("billable"), ["", "true", "false"] as const, ""),
    rounding: oneOf(
      params.get("rounding"),
      ROUNDINGS.map((rounding) => rounding.id),
      "none",
    ),
    step: oneOf(params.get("step"), STEPS, "15"),
    scope: oneOf(params.get("scope"), ["entry", "group"] as const, "entry"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The address of a selection: only what differs from the defaults besides the range, group and zone. */
function writeSelection(selection: Selection): URLSearchParams {
  const params = new URLSearchParams({ from: selection.from, to: selection.to, group: selection.group, tz: selection.tz });
  if (selection.chart !== "bars") params.set("chart", selection.chart);
  if (selection.project) params.set("project", selection.project);
  if (selection.project && selection.task) params.set("task", selection.task);
  if (selection.user) params.set("user", selection.user);
  if (selection.billable) params.set("billable", selection.billable);
  if (selection.rounding !== "none") {
    params.set("rounding", selection.rounding);
    params.set("step", selection.step);
    params.set("scope", selection.scope);
  }
  if (selection.page > 1) params.set("page", String(selection.page));
  return params;
}

/** The filters both reports share, in the library's terms. */
function filtersOf(selection: Selection) {
  return {
    startDate: selection.from,
    endDate: selection.to,
    timezone: selection.tz as TimeZone,
    ...(selection.project ? { projectId: selection.project } : {}),
    ...(selection.project && selection.task ? { taskId: selection.task } : {}),
    ...(selection.user ? { userId: selection.user } : {}),
    ...(selection.billable ? { billable: selection.billable } : {}),
  };
}

function summaryParams(selection: Selection): SummaryReportParams {
  return {
    ...filtersOf(selection),
    groupBy: selection.group,
    ...(selection.rounding === "none"
      ? {}
      : { rounding: selection.rounding, roundingMinutes: selection.step, roundingScope: selection.scope }),
  };
}

export default function ReportsPage() {
  const client = useStint();
  const manager = useIsManager();
  const { organization } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);
  const change = useCallback(
    (patch: Partial<Selection>) => setParams(writeSelection({ ...selection, page: 1, ...patch }), { replace: true }),
    [selection, setParams],
  );

  const projects = useLoad(() => collect(client.projects.list({ perPage: 200 })), [client], ["projects"]);
  const tasks = useLoad(
    async () => (selection.project ? collect(client.tasks.list(selection.project, { perPage: 200 })) : []),
    [client, selection.project],
    ["tasks"],
  );
  const people = useLoad(async () => (manager ? collect(client.users.list({ perPage: 200 })) : []), [client, manager]);

  // A range that ends before it starts is said once, here, and nothing is asked of the API:
  // no report, and none of the range before shown as if it were this one's.
  const reversed = selection.from > selection.to;
  const summaryKey = JSON.stringify(summaryParams(selection));
  // The figures come with the grouping they were asked for, so the headings never name the next one early.
  const summary = useLoad(
    async (signal) =>
      reversed
        ? undefined
        : {
            report: await client.reports.summary(summaryParams(selection), { signal }),
            groupBy: selection.group,
            rounded: selection.rounding !== "none",
          },
    [client, summaryKey],
    ["time-entries"],
  );
  const detailedParams: DetailedReportParams = { ...filtersOf(selection), page: selection.page, perPage: ENTRIES_PER_PAGE };
  const detailed = useLoad(
    async (signal) => (reversed ? undefined : client.reports.detailed(detailedParams, { signal })),
    [client, JSON.stringify(detailedParams)],
    ["time-entries"],
  );

  const download = (kind: ExportKind, format: ExportFormat, signal: AbortSignal) =>
    kind === "summary"
      ? client.reports.exportSummary({ ...summaryParams(selection), format }, { signal })
      : client.reports.exportDetailed({ ...filtersOf(selection), format }, { signal });

  const loads = [projects, tasks, people, summary, detailed];
  const failed = loads.find((load) => load.error);
  const preset = presetOf(selection);
  // Money in the entries only where the summary of the same filters shows it (see `showsAmounts`).
  const money = summary.data !== undefined && showsAmounts(summary.data.report);
  const currency = summary.data?.report.currency ?? organization.currency;

  return (
    <Page title="Reports">
      <form className="card stack report-controls" aria-label="Report settings" onSubmit={(event) => event.preventDefault()}>
        <div className="row">
          <div className="field">
            <label className="field-label" htmlFor="report-period">
              Period
            </label>
            <select
              id="report-period"
              value={preset}
              onChange={(event) => event.target.value !== "custom" && change(presetRange(event.target.value as RangePreset))}
            >
              {RANGE_PRESETS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
              <option value="custom">Custom</option>
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-from">
              From
            </label>
            <input
              id="report-from"
              type="date"
              value={selection.from}
              onChange={(event) => isDay(event.target.value) && change({ from: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-to">
              To
            </label>
            <input
              id="report-to"
              type="date"
              value={selection.to}
              onChange={(event) => isDay(event.target.value) && change({ to: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-group-by">
              Group by
            </label>
            <select id="report-group-by" value={selection.group} onChange={(event) => change({ group: event.target.value as GroupBy })}>
              {GROUPS.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-chart-kind">
              Chart
            </label>
            <select id="report-chart-kind" value={selection.chart} onChange={(event) => change({ chart: event.target.value as ChartKind })}>
              {CHART_KINDS.map((kind) => (
                <option key={kind.id} value={kind.id}>
                  {kind.label}
                </option>
              ))}
            </select>
          </div>
          <TimeZoneSelect value={selection.tz} onChange={(tz) => change({ tz })} />
        </div>
        <div className="row">
          <div className="field">
            <label className="field-label" htmlFor="report-project">
              Project
            </label>
            <select id="report-project" value={selection.project} onChange={(event) => change({ project: event.target.value, task: "" })}>
              <option value="">All projects</option>
              {projects.data?.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                  {project.archived ? " (archived)" : ""}
                </option>
              ))}
            </select>
          </div>
          {selection.project ? (
            <div className="field">
              <label className="field-label" htmlFor="report-task">
                Task
              </label>
              <select id="report-task" value={selection.task} onChange={(event) => change({ task: event.target.value })}>
                <option value="">All tasks</option>
                {tasks.data?.map((task) => (
                  <option key={task.id} value={task.id}>
                    {task.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {manager ? (
            <div className="field">
              <label className="field-label" htmlFor="report-person">
                Person
              </label>
              <select id="report-person" value={selection.user} onChange={(event) => change({ user: event.target.value })}>
                <option value="">Everyone</option>
                {people.data?.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name || person.email}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label className="field-label" htmlFor="report-billable">
              Billable
            </label>
            <select
              id="report-billable"
              value={selection.billable}
              onChange={(event) => change({ billable: event.target.value as Selection["billable"] })}
            >
              <option value="">Billable and not</option>
              <option value="true">Only billable</option>
              <option value="false">Only not billable</option>
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-rounding">
              Rounding
            </label>
            <select
              id="report-rounding"
              value={selection.rounding}
              onChange={(event) => change({ rounding: event.target.value as Rounding })}
            >
              {ROUNDINGS.map((rounding) => (
                <option key={rounding.id} value={rounding.id}>
                  {rounding.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-rounding-step">
              Rounding step
            </label>
            <select
              id="report-rounding-step"
              value={selection.step}
              disabled={selection.rounding === "none"}
              onChange={(event) => change({ step: event.target.value as RoundingMinutes })}
            >
              {STEPS.map((step) => (
                <option key={step} value={step}>
                  {step} {step === "1" ? "minute" : "minutes"}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="report-round-each">
              Round each
            </label>
            <select
              id="report-round-each"
              value={selection.scope}
              disabled={selection.rounding === "none"}
              onChange={(event) => change({ scope: event.target.value as RoundingScope })}
            >
              <option value="entry">Entry</option>
              <option value="group">Group total</option>
            </select>
          </div>
        </div>
      </form>

      {/* One failure, one message: a refusal (a rate limit, a lost connection) met by every load at once is said once. */}
      {reversed || !failed ? null : (
        <ErrorNotice error={failed.error} onRetry={() => loads.forEach((load) => load.error && load.reload())} />
      )}
      {reversed ? (
        <p className="notice notice-error" role="alert">
          The To date is before the From date. Choose a To date on or after the From date.
        </p>
      ) : (
        <Summary loaded={summary.data} loading={summary.loading} chart={selection.chart} currency={organization.currency} />
      )}

      {reversed ? null : <ReportExport download={download} />}

      <section className="stack" aria-labelledby="report-entries-title" hidden={reversed}>
        <h2 id="report-entries-title">Entries</h2>
        {detailed.data === undefined ? (
          detailed.loading ? (
            <Loading what="entries" />
          ) : null
        ) : detailed.data.data.length === 0 ? (
          <Empty>No entries in this range.</Empty>
        ) : (
          <>
            <div className="table-wrap" role="region" aria-label="Entries of the report" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Entries of the report, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Start</th>
                    <th scope="col">Person</th>
                    <th scope="col">Project</th>
                    <th scope="col">Task</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="number">
                      Duration
                    </th>
                    <th scope="col">Billable</th>
                    {money ? (
                      <>
                        <th scope="col" className="number">
                          Rate ({currency})
                        </th>
                        <th scope="col" className="number">
                          Amount ({currency})
                        </th>
                      </>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {detailed.data.data.map((entry) => (
                    <tr key={entry.id}>
                      <td className="report-nowrap">{showDateTime(entry.start_time)}</td>
                      <td>
                        <Cut text={entry.user_name ?? entry.user_email ?? "Removed person"} />
                      </td>
                      <td>
                        <Cut text={entry.project_name ?? "—"} />
                      </td>
                      <td>
                        <Cut text={entry.task_name ?? ""} />
                      </td>
                      <td>
                        <Cut text={entry.description} lines />
                        <TagChips tags={entry.tags} />
                      </td>
                      <td className="number">
                        {hoursMinutes(entry.duration)}
                        {entry.is_running ? " (running)" : ""}
                      </td>
                      <td>{entry.billable ? "Yes" : "No"}</td>
                      {money ? (
                        <>
                          <td className="number">{showMoney(entry.hourly_rate, currency)}</td>
                          <td className="number">{showMoney(entry.billable_amount, currency)}</td>
                        </>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="row report-pages" aria-label="Entry pages">
              <button
                type="button"
                className="button-secondary"
                disabled={selection.page <= 1}
                onClick={() => change({ page: selection.page - 1 })}
              >
                Newer entries
              </button>
              <span>
                Page {detailed.data.meta.page} of {Math.max(1, Math.ceil(detailed.data.meta.total / detailed.data.meta.per_page))} (
                {detailed.data.meta.total} entries)
              </span>
              <button
                type="button"
                className="button-secondary"
                disabled={!detailed.data.hasNextPage()}
                onClick={() => change({ page: selection.page + 1 })}
              >
                Older entries
              </button>
            </nav>
          </>
        )}
      </section>
    </Page>
  );
}
