import type { Organization, OrganizationUpdateParams } from "@stint/sdk";
import { useMemo, useState, type FormEvent } from "react";
import { Page } from "../components/page";
import { ErrorNotice, Loading, Success } from "../components/status";
import { currencyCode, currencyCodes, currencyLabel, parseRate, rateText, showMoney } from "../lib/money";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import "./projects.css";

/**
 * What each plan allows, in plain words: requests per hour for each API key or person through
 * the API's second style (docs/api.md; the first style's limits are the same for every plan).
 */
const PLAN_LIMITS: Record<Organization["plan"], string> = {
  free: "up to 100 requests per hour",
  standard: "up to 1,000 requests per hour",
  pro: "up to 5,000 requests per hour",
  enterprise: "no hourly limit on requests",
};

/** The settings form's labels for the fields the API names in a refusal. */
const SETTINGS_FIELDS = {
  name: "Name",
  screenshot_retention_days: "Screenshot retention (days)",
  screenshot_interval_minutes: "Screenshot interval (minutes)",
  screenshot_blur: "Blur screenshots",
  currency: "Currency",
  default_hourly_rate: "Default hourly rate",
  members_see_own_amounts: "Members see the rates and amounts of their own time",
};
const PLAN_NAMES: Record<Organization["plan"], string> = { free: "Free", standard: "Standard", pro: "Pro", enterprise: "Enterprise" };

function showRetention(days: number | null): string {
  if (days === null) return "Kept until someone deletes them";
  return days === 1 ? "Deleted after 1 day" : `Deleted after ${days} days`;
}

function showCapture(organization: Organization): string {
  const minutes = organization.screenshot_interval_minutes;
  if (minutes === 0) return "Off: the capture agent takes no screenshots";
  const every = minutes === 1 ? "every minute" : `every ${minutes} minutes`;
  return `One ${organization.screenshot_blur ? "blurred " : ""}screenshot ${every} while a timer runs`;
}

/**
 * The organization's name, plan, how long screenshots are kept, how the capture agent takes
 * them, and its billing: currency, default hourly rate and whether members see their own
 * amounts. The owner renames it; the owner and admins set the rest; members read (without
 * the default rate, which they are not sent). Saving updates the name in the header.
 */
export default function OrganizationSettingsPage() {
  const client = useStint();
  const organization = useLoad(() => client.organization.get(), [client]);
  return (
    <Page title="Organization">
      <ErrorNotice error={organization.error} onRetry={organization.reload} />
      {organization.data === undefined ? (
        organization.error ? null : (
          <Loading what="the organization" />
        )
      ) : (
        <OrganizationSettings organization={organization.data} />
      )}
    </Page>
  );
}

function OrganizationSettings({ organization }: { organization: Organization }) {
  const client = useStint();
  const { identity, setOrganization } = useSignedIn();
  const manager = useIsManager();
  const owner = identity.role === "owner";
  const [name, setName] = useState(organization.name);
  const [retention, setRetention] = useState(
    organization.screenshot_retention_days === null ? "" : String(organization.screenshot_retention_days),
  );
  const [intervalMinutes, setIntervalMinutes] = useState(String(organization.screenshot_interval_minutes));
  const [blur, setBlur] = useState(organization.screenshot_blur);
  const [currency, setCurrency] = useState(organization.currency);
  const [defaultRate, setDefaultRate] = useState(rateText(organization.default_hourly_rate));
  const [membersSeeOwnAmounts, setMembersSeeOwnAmounts] = useState(organization.members_see_own_amounts);
  const [savedRate, setSavedRate] = useState(rateText(organization.default_hourly_rate));
  const currencies = useMemo(() => currencyCodes(currency), [currency]);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaid("");
    try {
      const days = retention.trim();
      if (days !== "" && !/^-?\d+$/.test(days))
        throw new Error("Screenshot retention must be a whole number of days, or empty to keep screenshots.");
      const minutes = intervalMinutes.trim();
      if (!/^\d+$/.test(minutes)) throw new Error("The screenshot interval must be a whole number of minutes, 0 to turn capture off.");
      // Only what this role may change: an admin sending the name would be refused whole.
      const changes: OrganizationUpdateParams = {
        screenshotRetentionDays: days === "" ? null : Number(days),
        screenshotIntervalMinutes: Number(minutes),
        screenshotBlur: blur,
        currency: currencyCode(currency),
        membersSeeOwnAmounts,
      };
      if (owner) changes.name = name;
      // Setting the default rate replaces its history (dated changes are kept on the rates),
      // so it is sent only when it was changed here.
      if (defaultRate.trim() !== savedRate) changes.defaultHourlyRate = parseRate(defaultRate, "The default hourly rate");
      const saved = await client.organization.update(changes);
      setOrganization(saved);
      setName(saved.name);
      setCurrency(saved.currency);
      setMembersSeeOwnAmounts(saved.members_see_own_amounts);
      setDefaultRate(rateText(saved.default_hourly_rate));
      setSavedRate(rateText(saved.default_hourly_rate));
      setRetention(saved.screenshot_retention_days === null ? "" : String(saved.screenshot_retention_days));
      setIntervalMinutes(String(saved.screenshot_interval_minutes));
      setBlur(saved.screenshot_blur);
      setSaid("Settings saved.");
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const plan = (
    <>
      <dt>Plan</dt>
      <dd>
        {PLAN_NAMES[organization.plan]}: scripts and integrations may make {PLAN_LIMITS[organization.plan]} for each API key or person. The
        people who run this Stint change plans; nothing here does.
      </dd>
    </>
  );

  if (!manager) {
    return (
      <section className="card">
        <dl className="details-list">
          <dt>Name</dt>
          <dd>{organization.name}</dd>
          {plan}
          <dt>Screenshots</dt>
          <dd>{showRetention(organization.screenshot_retention_days)}</dd>
          <dt>Screenshot capture</dt>
          <dd>{showCapture(organization)}</dd>
          <dt>Currency</dt>
          <dd>{currencyLabel(organization.currency)}</dd>
          <dt>Default hourly rate</dt>
          <dd>{showMoney(organization.default_hourly_rate, organization.currency)}</dd>
          <dt>Members see their own amounts</dt>
          <dd>{organization.members_see_own_amounts ? "Yes" : "No"}</dd>
        </dl>
        <p className="hint">Only the owner and admins change these settings.</p>
      </section>
    );
  }

  return (
    <>
      {said ? <Success>{said}</Success> : null}
      <section className="card">
        <dl className="details-list">{plan}</dl>
      </section>
      <form className="card stack settings-form" aria-label="Organization settings" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            required
            maxLength={200}
            readOnly={!owner}
            aria-describedby={owner ? undefined : "name-hint"}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {owner ? null : (
          <small id="name-hint" className="hint">
            Only the owner renames the organization.
          </small>
        )}
        <label className="field">
          <span>Screenshot retention (days)</span>
          <input
            type="text"
            inputMode="numeric"
            value={retention}
            aria-describedby="retention-hint"
            onChange={(event) => setRetention(event.target.value)}
          />
        </label>
        <small id="retention-hint" className="hint">
          Screenshots older than this many days are deleted, with their images, from 1 to 3650 days. Leave empty to keep them until someone
          deletes them.
        </small>
        <label className="field">
          <span>Screenshot interval (minutes)</span>
          <input
            type="text"
            inputMode="numeric"
            value={intervalMinutes}
            aria-describedby="interval-hint"
            onChange={(event) => setIntervalMinutes(event.target.value)}
          />
        </label>
        <small id="interval-hint" className="hint">
          While someone&apos;s timer runs, the capture agent (<code>stint capture</code>) takes one screenshot of every screen at a random
          moment in each interval, from 1 to 60 minutes. 0 turns capture off for everyone.
        </small>
        <label className="checkbox">
          <input type="checkbox" checked={blur} onChange={(event) => setBlur(event.target.checked)} />
          <span>Blur screenshots before they are uploaded</span>
        </label>
        <fieldset className="stack">
          <legend>Billing</legend>
          <label className="field">
            <span>Currency</span>
            <select value={currency} aria-describedby="currency-hint" onChange={(event) => setCurrency(event.target.value)}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </select>
          </label>
          <small id="currency-hint" className="hint">
            Every rate and amount is in this currency. Changing it converts nothing: rates keep their numbers.
          </small>
          <label className="field">
            <span>Default hourly rate</span>
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              value={defaultRate}
              aria-describedby="default-rate-hint"
              onChange={(event) => setDefaultRate(event.target.value)}
            />
          </label>
          <small id="default-rate-hint" className="hint">
            Used for time with no rate on its project or person. Leave empty for none. Setting it here applies it to all time, past
            included; dated changes are made from a project or a team member.
          </small>
          <label className="checkbox">
            <input type="checkbox" checked={membersSeeOwnAmounts} onChange={(event) => setMembersSeeOwnAmounts(event.target.checked)} />
            Members see the rates and amounts of their own time
          </label>
        </fieldset>
        <ErrorNotice error={error} fields={SETTINGS_FIELDS} />
        <div className="row">
          <button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </button>
        </div>
      </form>
    </>
  );
}
