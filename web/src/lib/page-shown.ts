const MARK = "stint:first-page-shown";

/**
 * Marks, once per visit, the moment the first page's heading is on screen: a User Timing
 * entry that `npm run bench:web` (or any browser's performance tools) reads as the time
 * a person waited for the application.
 */
export function markFirstPageShown(): void {
  if (performance.getEntriesByName(MARK).length === 0) performance.mark(MARK);
}
