import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { describeError } from "../../lib/errors";
import { markFirstPageShown } from "../../lib/page-shown";

/** The frame of the pages before sign-in: a heading, a form, and the error in words. */
export function AuthForm({
  title,
  submitLabel,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  submitLabel: string;
  onSubmit(): Promise<void>;
  children: ReactNode;
  footer: ReactNode;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = `${title} · Stint`;
    markFirstPageShown();
  }, [title]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Stint</span>
        </p>
        <h1>{title}</h1>
        <form onSubmit={(event) => void submit(event)} className="stack">
          {children}
          {error ? (
            <p className="notice notice-error" role="alert">
              {describeError(error)}
            </p>
          ) : null}
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? "Please wait…" : submitLabel}
          </button>
        </form>
        <div className="auth-footer">{footer}</div>
      </div>
    </main>
  );
}

export function TextField({
  label,
  type = "text",
  value,
  onChange,
  autoComplete,
  required = true,
  minLength,
  hint,
}: {
  label: string;
  type?: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  hint?: string;
}) {
  const hintId = hint ? `${label.replace(/\W+/g, "-").toLowerCase()}-hint` : undefined;
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={value}
        required={required}
        minLength={minLength}
        autoComplete={autoComplete}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
    </label>
  );
}
