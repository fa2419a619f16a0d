import { Fragment, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { PAGES } from "./pages";
import { useIsManager, useSignedIn } from "./session/session-context";
import { Shortcuts } from "./components/shortcuts";
import { TIMER_ID, TimerBar } from "./components/timer-bar";

const GROUPS = ["Track", "Manage", "Settings"] as const;

/** Puts the keyboard on the timer's first control: what to work on, or Stop while it runs. */
function focusTimer(event: MouseEvent): void {
  const first = document.querySelector<HTMLElement>(`#${TIMER_ID} input, #${TIMER_ID} button`);
  if (!first) return;
  event.preventDefault();
  first.focus();
}

function Navigation({ onNavigate }: { onNavigate(): void }) {
  const [location] = useLocation();
  const manager = useIsManager();
  return (
    <>
      {GROUPS.map((group) => (
        <div key={group} className="nav-group">
          <h2 className="nav-heading">{group}</h2>
          <ul>
            {PAGES.filter((page) => page.group === group && page.label && (manager || !page.managersOnly)).map((page) => {
              const current =
                page.path === "/timesheet"
                  ? location === "/" || location === page.path
                  : location === page.path || location.startsWith(`${page.path}/`);
              return (
                <li key={page.path}>
                  <Link href={page.path} aria-current={current ? "page" : undefined} onClick={onNavigate}>
                    {page.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The frame of every signed-in page: the timer on top, the navigation, the page. */
export function Layout({ children }: { children: ReactNode }) {
  const { user, organization, signOut } = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  // Each use of the navigation opens its page afresh, loaded anew: following the link of the
  // page one is on reloads it, and so does coming back to a page whose opening of another
  // page had not finished (its state would otherwise be kept, and its data shown stale).
  const [visit, setVisit] = useState(0);
  return (
    <div className="app">
      {/* The first stop of the keyboard: the timer, which a day's work comes back to most. */}
      <a className="skip-link" href={`#${TIMER_ID}`} onClick={focusTimer}>
        Skip to the timer
      </a>
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <header className="top-bar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Stint</span>
          <span className="brand-org" title={organization.name}>
            {organization.name}
          </span>
        </div>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="account">
          <span className="account-name" title={user.name}>
            {user.name}
          </span>
          <button type="button" className="button-secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <TimerBar />
      <Shortcuts />
      <div className="body">
        <nav id="main-navigation" className={menuOpen ? "side-nav open" : "side-nav"} aria-label="Main">
          <Navigation
            onNavigate={() => {
              setMenuOpen(false);
              setVisit((count) => count + 1);
            }}
          />
        </nav>
        <main id="main" className="content">
          <Fragment key={visit}>{children}</Fragment>
        </main>
      </div>
    </div>
  );
}
