import { useEffect, useRef } from "react";
import { CopyButton } from "./copy-button";

/**
 * A secret the API shows this one time: the value, a copy button and the warning, announced and
 * focused when it appears so nobody navigates away without seeing it.
 */
export function SecretShownOnce({
  title,
  label,
  secret,
  advice,
  onDone,
}: {
  title: string;
  label: string;
  secret: string;
  advice: string;
  onDone(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [secret]);
  return (
    <div className="notice notice-warning secret-once" role="region" aria-label={title} tabIndex={-1} ref={box}>
      <h2>{title}</h2>
      <p>
        <strong>This {label} will not be shown again.</strong> {advice}
      </p>
      <label className="field">
        <span>{label[0]?.toUpperCase() + label.slice(1)}</span>
        {/* A read-only field rather than text: selectable at once when the browser refuses the copy. */}
        <input className="secret secret-value" readOnly value={secret} spellCheck={false} onFocus={(event) => event.target.select()} />
      </label>
      <p className="row">
        <CopyButton text={secret} label={`Copy the ${label}`} />
        <button type="button" className="button-secondary" onClick={onDone}>
          I have stored it
        </button>
      </p>
    </div>
  );
}
