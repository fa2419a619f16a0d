import { Fragment, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { PAGES } from "./pages";
import { useIsManager, useSignedIn } from "./session/session-context";
import { TimerBar } from "./components/timer-bar";

const GROUPS = ["Track", "Manage", "Settings"] as const;

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
              const current = page.path === "/" ? location === "/" : location === page.path || location.startsWith(`${page.path}/`);
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
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <header className="top-bar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Stint</span>
          <span className="brand-org">{organization.name}</span>
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
          <span className="account-name">{user.name}</span>
          <button type="button" className="button-secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <TimerBar />
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
