import { useEffect } from "react";

/**
 * What one part of the page changed that others show: the timer bar stops an entry the
 * timesheet lists, the timesheet deletes the entry the timer runs. Each part listens for
 * the kinds it shows and reloads. Changes made elsewhere (another tab, another device, the
 * API) come the same way, from the live updates (`live-updates.ts`).
 */
export const CHANGE_KINDS = ["time-entries", "projects", "tasks"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * A resource this page changed, in the state the change left it (`updatedAt` of the API's
 * answer, `null` when it was deleted). The live stream brings an event for the same state; of
 * the two, only the first that reaches a tab loads anything again (`live-updates.ts`).
 */
export interface MadeChange {
  id: string;
  updatedAt: string | null;
}

/** A resource as the API answered a change of it. */
export function madeOf(resource: { id: string; updated_at: string }): MadeChange {
  return { id: resource.id, updatedAt: resource.updated_at };
}

/**
 * Told of a change of its kind; `before`, when given, says the change was made before that
 * instant (`Date.now()` in this browser): a load that started at or after it has the change.
 */
type ChangeListener = (before?: number) => void;

const listeners = new Map<ChangeKind, Set<ChangeListener>>();
/** Told of this page's own changes, to pass them to the other tabs. */
const ownChangeListeners = new Set<(kind: ChangeKind, made: MadeChange | undefined) => void>();
/** Whether a change this page made is news here; without live updates, every change is. */
let isNews: (made: MadeChange) => boolean = () => true;

/**
 * Says that `kind` changed; `fromElsewhere` when another tab or the live stream said so (it is
 * not passed on again); `made`, the resource this page changed, as the API answered; `before`,
 * an instant the change is known to precede (see `ChangeListener`).
 */
export function announceChange(kind: ChangeKind, options: { fromElsewhere?: boolean; made?: MadeChange; before?: number } = {}): void {
  if (options.fromElsewhere || !options.made || isNews(options.made))
    for (const listener of listeners.get(kind) ?? []) listener(options.before);
  if (!options.fromElsewhere) for (const listener of ownChangeListeners) listener(kind, options.made);
}

/** Listens for the changes this page makes itself; the answer stops listening. */
export function onAnnouncedChange(listener: (kind: ChangeKind, made: MadeChange | undefined) => void): () => void {
  ownChangeListeners.add(listener);
  return () => ownChangeListeners.delete(listener);
}

/** Decides which of this page's own changes are news (see `MadeChange`); the answer stops deciding. */
export function decideNews(decide: (made: MadeChange) => boolean): () => void {
  isNews = decide;
  return () => {
    isNews = () => true;
  };
}

export function useOnChange(kind: ChangeKind, listener: ChangeListener): void {
  useEffect(() => {
    const set = listeners.get(kind) ?? new Set();
    listeners.set(kind, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [kind, listener]);
}
