import { useState, type ReactNode } from "react";

/**
 * A destructive action in two presses: the first asks, the second does. Keyboard and
 * screen-reader friendly, unlike a browser `confirm()` box, and testable.
 */
export function ConfirmButton({
  children,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => unknown;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button-danger-quiet" disabled={disabled} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <span className="confirm">
      <button
        type="button"
        className="button-danger"
        disabled={busy}
        autoFocus
        onClick={() => {
          setBusy(true);
          void Promise.resolve(onConfirm()).finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button-secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
