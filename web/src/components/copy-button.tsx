import { useState } from "react";

/** Copies a secret to the clipboard and says so; falls back to selecting it when the browser refuses. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [said, setSaid] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied");
    } catch {
      setSaid("Copy refused by the browser: select the text and copy it");
    }
  };
  return (
    <>
      <button type="button" className="button-secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {said}
      </span>
    </>
  );
}
