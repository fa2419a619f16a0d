import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { setPageTitle } from "../lib/document-title";
import { PageActions } from "../lib/page-actions";
import { TIMER_ID } from "./timer-bar";
import { markFirstPageShown } from "../lib/page-shown";

/** Whether the person is filling in a field (the timer bar's, say), whose focus a page must not take. */
function typingInAField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
}

/**
 * A page's heading and title. The heading takes focus when the page appears, so after a
 * link is followed by keyboard or screen reader the reading starts at the new page; but not
 * from a field the person is already filling in, as in the timer bar while a slow page is
 * still loading (the field would lose what was typed, and Enter would go elsewhere).
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  // Every press of a button or a link on the page is an action: it ends the messages of the last one.
  const [actionCount, setActionCount] = useState(0);
  const countAction = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("button, a")) setActionCount((count) => count + 1);
  };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setPageTitle(title);
    // Unless the keyboard is at work in the timer or in a field (typing there while the page
    // loads): the heading never takes the focus from it.
    if (!document.activeElement?.closest(`#${TIMER_ID}`) && !typingInAField()) heading.current?.focus({ preventScroll: true });
    markFirstPageShown();
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title" onClickCapture={countAction}>
      <header className="page-header">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      <PageActions.Provider value={actionCount}>{children}</PageActions.Provider>
    </section>
  );
}
