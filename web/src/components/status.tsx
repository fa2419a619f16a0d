import type { ReactNode } from "react";
import { describeError, type FieldWords } from "../lib/errors";

/** A polite live region, so a screen reader hears that something is loading without losing its place. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

/** An API error in words (a form's fields under its own labels, `fields`), announced when it appears. */
export function ErrorNotice({ error, onRetry, fields }: { error: unknown; onRetry?: () => void; fields?: FieldWords }) {
  if (!error) return null;
  return (
    <div className="notice notice-error" role="alert">
      <p>{describeError(error, fields)}</p>
      {onRetry ? (
        <button type="button" className="button-secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** A short success message, announced. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-success" role="status">
      {children}
    </p>
  );
}
