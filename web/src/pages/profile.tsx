import { BadRequestError } from "@stint/sdk";
import { useRef, useState, type FormEvent } from "react";
import { Page } from "../components/page";
import { ErrorNotice, Success } from "../components/status";
import { useAction } from "../lib/use-action";
import { useSignedIn } from "../session/session-context";
import "./developer.css";

/** Settings > Profile: who you are, and a new password (with the current one). */
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
      <ChangePassword />
    </Page>
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
