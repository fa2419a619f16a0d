/**
 * The browser tab's title: the page's name, led by the running timer's time while one runs
 * ("1:02:05 · Timesheet · Stint"), so a glance at the tab tells how long the work has gone on.
 */
let pageTitle = "Stint";
let running: string | null = null;

function show(): void {
  document.title = running ? `${running} · ${pageTitle}` : pageTitle;
}

/** The page being shown, by its heading. */
export function setPageTitle(title: string): void {
  pageTitle = `${title} · Stint`;
  show();
}

/** The running timer's elapsed time, or null once it stops. */
export function setRunningTitle(elapsed: string | null): void {
  running = elapsed;
  show();
}
