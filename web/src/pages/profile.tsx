import { BadRequestError, type EmailPreferences, type SummaryReportParams } from "@stint/sdk";
import { useRef, useState, type FormEvent } from "react";
import { Page } from "../components/page";
import { ErrorNotice, Loading, Success } from "../components/status";
import { TimeZoneSelect } from "../components/time-zone-select";
import { useLoad } from "../lib/use-load";
import { useAction } from "../lib/use-action";
import { useSignedIn, useStint } from "../session/session-context";
import "./developer.css";

/** A zone the documents name (the browser's list and the server's are the same IANA names). */
type TimeZone = SummaryReportParams["timezone"];

/** Settings > Profile: who you are, the weekly summary by email, and a new password (with the current one). */
export default function ProfilePage() {
  const { user } = useSignedIn();
  return (
    <Page title="Profile">
      <dl className="facts">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <WeeklySummary />
      <ChangePassword />
    </Page>
  );
}

function WeeklySummary() {
  const client = useStint();
  const saved = useLoad(() => client.emailPreferences.get(), [client]);
  if (!saved.data) return saved.error ? <ErrorNotice error={saved.error} onRetry={saved.reload} /> : <Loading what="your email settings" />;
  return <WeeklySummaryForm saved={saved.data} />;
}

function WeeklySummaryForm({ saved }: { saved: EmailPreferences }) {
  const client = useStint();
  const [weekly, setWeekly] = useState(saved.weekly_summary);
  // A first choice starts from the browser's own zone rather than UTC.
  const [zone, setZone] = useState(
    saved.weekly_summary ? saved.time_zone : Intl.DateTimeFormat().resolvedOptions().timeZone || saved.time_zone,
  );
  const { busy, error, said, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const changed = await client.emailPreferences.update({ weeklySummary: weekly, timeZone: zone as TimeZone });
      return changed.weekly_summary
        ? `Saved. Your weekly summary comes every Monday, for the week before in ${changed.time_zone.replace(/_/g, " ")}.`
        : "Saved. You get no weekly summary.";
    });
  };
  return (
    <form className="stack narrow-form" onSubmit={submit} aria-labelledby="weekly-summary">
      <h2 id="weekly-summary">Weekly summary by email</h2>
      <label className="checkbox">
        <input type="checkbox" checked={weekly} onChange={(event) => setWeekly(event.target.checked)} /> Email me a summary of my tracked
        time every Monday
      </label>
      <TimeZoneSelect value={zone} onChange={setZone} label="Weeks and days counted in" />
      <ErrorNotice error={error} />
      {said ? <Success>{said}</Success> : null}
      <div>
        <button type="submit" className="button-secondary" disabled={busy}>
          {busy ? "Saving…" : "Save email settings"}
        </button>
      </div>
    </form>
  );
}

function ChangePassword() {
  const { session } = useSignedIn();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeated, setRepeated] = useState("");
  const { busy, error, said, run, reset } = useAction();
  const [problem, setProblem] = useState("");
  const currentField = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset();
    const mismatch = next !== repeated ? "The two new passwords differ. Type the same password twice." : "";
    setProblem(mismatch);
    if (mismatch) return;
    void run(async () => {
      try {
        await session.changePassword(current, next);
      } catch (failure) {
        const field = failure instanceof BadRequestError ? (failure.details as { field?: string } | undefined)?.field : undefined;
        if (field === "current_password") {
          currentField.current?.focus();
          throw new Error("Your current password is not right. Type it again.");
        }
        throw failure;
      }
      setCurrent("");
      setNext("");
      setRepeated("");
      return "Your password is changed. Every other device that was signed in is signed out.";
    });
  };

  return (
    <form className="stack narrow-form" onSubmit={submit} aria-labelledby="change-password">
      <h2 id="change-password">Change your password</h2>
      <label className="field">
        <span>Current password</span>
        <input
          ref={currentField}
          type="password"
          required
          value={current}
          autoComplete="current-password"
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label className="field">
        <span>New password</span>
        <input
          type="password"
          required
          minLength={10}
          value={next}
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          onChange={(e) => setNext(e.target.value)}
        />
        <small id="new-password-hint" className="hint">
          At least 10 characters.
        </small>
      </label>
      <label className="field">
        <span>New password again</span>
        <input
          type="password"
          required
          minLength={10}
          value={repeated}
          autoComplete="new-password"
          onChange={(e) => setRepeated(e.target.value)}
        />
      </label>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorNotice error={error} />
      {said ? <Success>{said}</Success> : null}
      <div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </div>
    </form>
  );
}
