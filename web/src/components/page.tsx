import { useEffect, useRef, type ReactNode } from "react";
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Stint`;
    if (!typingInAField()) heading.current?.focus({ preventScroll: true });
    markFirstPageShown();
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
