import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { TIMER_ID } from "./timer-bar";
import "./shortcuts.css";

/** Every shortcut, as the `?` dialog lists them. One key each, with no modifier, outside text fields. */
export const SHORTCUTS = [
  { key: "s", says: "Start or stop the timer" },
  { key: "n", says: "Add time by hand on the timesheet" },
  { key: "t", says: "Go to the timesheet" },
  { key: "r", says: "Go to the reports" },
  { key: "/", says: "Go to the timer's description" },
  { key: "?", says: "Show these shortcuts" },
] as const;

/** Whether a key press belongs to a field being typed in (or a key with a modifier): no shortcut then. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest("dialog[open]") !== null;
}

/** The timer's button (Start or Stop) or its description field. */
function timerControl(selector: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${TIMER_ID} ${selector}`);
}

/**
 * The keyboard shortcuts of every signed-in page (start or stop the timer, add time, go to a
 * page), and the dialog that lists them, opened with `?`.
 */
export function Shortcuts() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      const act: Record<string, () => void> = {
        s: () => timerControl("button.button-stop, button.button-start")?.click(),
        n: () => navigate("/timesheet?add"),
        t: () => navigate("/timesheet"),
        r: () => navigate("/reports"),
        "/": () => timerControl("input")?.focus(),
        "?": () => setOpen(true),
      };
      const action = act[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  if (!open) return null;
  return (
    <dialog ref={dialog} className="shortcuts" aria-labelledby="shortcuts-title" onClose={() => setOpen(false)}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <p className="hint">Outside text fields, on every page.</p>
      <dl className="shortcut-list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key}>
            <dt>
              <kbd>{shortcut.key}</kbd>
            </dt>
            <dd>{shortcut.says}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
