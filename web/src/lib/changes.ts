import { useEffect } from "react";

/**
 * What one part of the page changed that others show: the timer bar stops an entry the
 * timesheet lists, the timesheet deletes the entry the timer runs. Each part listens for
 * the kinds it shows and reloads. Changes made elsewhere (another tab, another device, the
 * API) come the same way, from the live updates (`live-updates.ts`).
 */
export const CHANGE_KINDS = ["time-entries", "projects", "tasks"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const listeners = new Map<ChangeKind, Set<() => void>>();
/** Told of this page's own changes, to pass them to the other tabs. */
const ownChangeListeners = new Set<(kind: ChangeKind) => void>();

/** Says that `kind` changed; `fromElsewhere` when another tab or the live stream said so (it is not passed on again). */
export function announceChange(kind: ChangeKind, options: { fromElsewhere?: boolean } = {}): void {
  for (const listener of listeners.get(kind) ?? []) listener();
  if (!options.fromElsewhere) for (const listener of ownChangeListeners) listener(kind);
}

/** Listens for the changes this page makes itself; the answer stops listening. */
export function onAnnouncedChange(listener: (kind: ChangeKind) => void): () => void {
  ownChangeListeners.add(listener);
  return () => ownChangeListeners.delete(listener);
}

export function useOnChange(kind: ChangeKind, listener: () => void): void {
  useEffect(() => {
    const set = listeners.get(kind) ?? new Set();
    listeners.set(kind, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [kind, listener]);
}
