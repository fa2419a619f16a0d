import type { Organization, OrganizationUpdateParams } from "@stint/sdk";
import { useState, type FormEvent } from "react";
import { Page } from "../components/page";
import { ErrorNotice, Loading, Success } from "../components/status";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import "./projects.css";

/** Requests per hour through the second style of the API, by plan (the first style's limits are the same for all). */
const PLAN_LIMITS: Record<Organization["plan"], string> = {
  free: "100 requests an hour",
  standard: "1,000 requests an hour",
  pro: "5,000 requests an hour",
  enterprise: "no hourly limit",
};
const PLAN_NAMES: Record<Organization["plan"], string> = { free: "Free", standard: "Standard", pro: "Pro", enterprise: "Enterprise" };

function showRetention(days: number | null): string {
  if (days === null) return "Kept until someone deletes them";
  return days === 1 ? "Deleted after 1 day" : `Deleted after ${days} days`;
}

/**
 * The organization's name, plan and how long screenshots are kept. The owner renames it;
 * the owner and admins set the retention; members read. Saving updates the name in the header.
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
      // Only what this role may change: an admin sending the name would be refused whole.
      const changes: OrganizationUpdateParams = { screenshotRetentionDays: days === "" ? null : Number(days) };
      if (owner) changes.name = name;
      const saved = await client.organization.update(changes);
      setOrganization(saved);
      setName(saved.name);
      setRetention(saved.screenshot_retention_days === null ? "" : String(saved.screenshot_retention_days));
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
        {PLAN_NAMES[organization.plan]}: {PLAN_LIMITS[organization.plan]} for each API key or person through the API&apos;s second style
        (Style B). The people who run this Stint change plans; nothing here does.
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
        <ErrorNotice error={error} />
        <div className="row">
          <button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save settings"}
          </button>
        </div>
      </form>
    </>
  );
}
