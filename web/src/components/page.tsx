import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { setPageTitle } from "../lib/document-title";
import { PageActions } from "../lib/page-actions";
import { TIMER_ID } from "./timer-bar";
import { markFirstPageShown } from "../lib/page-shown";

/**
 * A page's heading and title. The heading takes focus when the page appears, so after a
 * link is followed by keyboard or screen reader the reading starts at the new page.
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
    // Unless the keyboard is at work in the timer (typing there while the page loads): the
    // heading never takes the focus from it.
    if (!document.activeElement?.closest(`#${TIMER_ID}`)) heading.current?.focus({ preventScroll: true });
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
