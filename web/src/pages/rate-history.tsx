import type { Rate, RateCreateParams, RateListParams, Stint } from "@stint/sdk";
import { useId, useState, type FormEvent } from "react";
import { ConfirmButton } from "../components/confirm-button";
import { Empty, ErrorNotice, Loading, Success } from "../components/status";
import { collect } from "../lib/collect";
import { parseRate, showMoney } from "../lib/money";
import { useAction } from "../lib/use-action";
import { useLoad } from "../lib/use-load";

/**
 * Whom a rate change may name here: the project as a whole, a member on it, or a member
 * everywhere. Each level names exactly the ids the API asks of it (docs/api.md, "Rates and their history").
 */
export type RateTarget = { label: string } & (
  | { level: "member"; userId: string }
  | { level: "project"; projectId: string }
  | { level: "project_member"; userId: string; projectId: string }
);

/** The body of `POST /rates` for a change to `target`'s rate from `effectiveFrom`. */
function rateChange(target: RateTarget, hourlyRate: number | null, effectiveFrom: string): RateCreateParams {
  switch (target.level) {
    case "member":
      return { level: "member", userId: target.userId, hourlyRate, effectiveFrom };
    case "project":
      return { level: "project", projectId: target.projectId, hourlyRate, effectiveFrom };
    case "project_member":
      return { level: "project_member", userId: target.userId, projectId: target.projectId, hourlyRate, effectiveFrom };
  }
}

const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** `2026-03-15` -> "Mar 15, 2026": a change's first day, a UTC date (entries are billed by the UTC day they start). */
function showDay(day: string | null): string {
  return day === null ? "The beginning" : utcDay.format(new Date(`${day}T00:00:00Z`));
}

/** Today's UTC date, the first day a new change is offered for. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The rate changes that `filter` selects, oldest recorded first, each deletable, and a form that
 * adds one from a date for one of `targets`. Only owners and admins are shown this (members
 * get a 403 from every rates operation). `onChanged` reloads what shows the rate in force.
 */
export function RateHistory({
  client,
  title,
  filter,
  targets,
  describe,
  currency,
  onChanged,
}: {
  client: Stint;
  title: string;
  filter: RateListParams;
  targets: readonly RateTarget[];
  describe(rate: Rate): string;
  currency: string;
  onChanged(): void;
}) {
  const id = useId();
  const rates = useLoad(() => collect(client.rates.list({ ...filter, perPage: 200 })), [client, JSON.stringify(filter)]);
  const { said, error, run } = useAction();
  const [target, setTarget] = useState(0);
  const [rate, setRate] = useState("");
  const [from, setFrom] = useState(todayUtc);

  const changed = (done: string) => {
    rates.reload();
    onChanged();
    return done;
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = targets[target];
    if (!chosen) return;
    const added = await run(async () => {
      const hourlyRate = parseRate(rate);
      await client.rates.create(rateChange(chosen, hourlyRate, from));
      return changed(`Rate for ${chosen.label} from ${showDay(from)} added.`);
    });
    if (added) setRate("");
  };
  const remove = (change: Rate) =>
    run(async () => {
      await client.rates.delete(change.id);
      return changed(`Rate for ${describe(change)} from ${showDay(change.effective_from)} deleted.`);
    });

  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-heading">
        {title}
      </h2>
      {said ? <Success>{said}</Success> : null}
      <ErrorNotice error={error} />
      <ErrorNotice error={rates.error} onRetry={rates.reload} />
      {rates.data === undefined ? (
        rates.error ? null : (
          <Loading what="the rates" />
        )
      ) : rates.data.length === 0 ? (
        <Empty>No rates recorded here yet.</Empty>
      ) : (
        <div className="table-wrap" role="region" aria-label={title} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Applies to</th>
                <th scope="col">From</th>
                <th scope="col" className="number">
                  Hourly rate ({currency})
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((change) => (
                <tr key={change.id}>
                  <td>{describe(change)}</td>
                  <td>{showDay(change.effective_from)}</td>
                  <td className="number">{change.hourly_rate === null ? "No rate" : showMoney(change.hourly_rate, currency)}</td>
                  <td>
                    <ConfirmButton
                      confirmLabel={`Delete the rate for ${describe(change)} from ${showDay(change.effective_from)} for good`}
                      onConfirm={() => remove(change)}
                    >
                      Delete
                      <span className="visually-hidden">
                        {" "}
                        the rate for {describe(change)} from {showDay(change.effective_from)}
                      </span>
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="stack" aria-label={`New rate: ${title}`} onSubmit={(event) => void add(event)}>
        <div className="row">
          {targets.length > 1 ? (
            <label className="field">
              <span>Rate for</span>
              <select value={target} onChange={(event) => setTarget(Number(event.target.value))}>
                {targets.map((each, index) => (
                  <option key={`${each.level}-${"userId" in each ? each.userId : ""}`} value={index}>
                    {each.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="field">
            <span>New hourly rate ({currency})</span>
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              value={rate}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setRate(event.target.value)}
            />
          </label>
          <label className="field">
            <span>From (UTC date)</span>
            <input type="date" value={from} required onChange={(event) => setFrom(event.target.value)} />
          </label>
          <button type="submit">Add rate</button>
        </div>
        <small id={`${id}-hint`} className="hint">
          Time starting on or after this day (UTC) is billed at the new rate; earlier time keeps its price. Leave the rate empty for
          &ldquo;no rate here from that day&rdquo;: the next level applies again (a member on a project, then the project, then the member,
          then the organization).
        </small>
      </form>
    </section>
  );
}
