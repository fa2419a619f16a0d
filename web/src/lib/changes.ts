import { useEffect } from "react";

/**
 * What one part of the page changed that others show: the timer bar stops an entry the
 * timesheet lists, the timesheet deletes the entry the timer runs. Each part listens for
 * the kinds it shows and reloads.
 */
export type ChangeKind = "time-entries" | "projects" | "tasks";

const listeners = new Map<ChangeKind, Set<() => void>>();

export function announceChange(kind: ChangeKind): void {
  for (const listener of listeners.get(kind) ?? []) listener();
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
