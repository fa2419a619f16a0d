import type { ReactNode } from "react";
import { describeError, type FieldWords } from "../lib/errors";
import { useStillCurrent } from "../lib/page-actions";

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

/**
 * A short success message, announced; it goes with the page's next action (see
 * `page-actions.ts`) unless it is `lasting`, a state rather than the answer to an action.
 */
export function Success({ children, lasting = false }: { children: ReactNode; lasting?: boolean }) {
  const current = useStillCurrent(typeof children === "string" ? children : "");
  if (!current && !lasting) return null;
  return (
    <p className="notice notice-success" role="status">
      {children}
    </p>
  );
}
