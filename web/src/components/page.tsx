import { useEffect, useRef, type ReactNode } from "react";
import { markFirstPageShown } from "../lib/page-shown";

/**
 * A page's heading and title. The heading takes focus when the page appears, so after a
 * link is followed by keyboard or screen reader the reading starts at the new page.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Stint`;
    heading.current?.focus({ preventScroll: true });
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
