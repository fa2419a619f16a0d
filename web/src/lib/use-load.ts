import { RateLimitError } from "@stint/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { useOnChange, type ChangeKind } from "./changes";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again, keeping what is shown until the new answer comes. */
  reload(): void;
}

/**
 * What `load` answers, loaded when the component appears, whenever `keys` change, and after
 * another part of the page announces a change of a kind in `reloadOn`. An answer that arrives
 * after a newer load started is dropped, so a quick change of week or filter never shows the
 * older result. A load refused by the rate limit is tried again by itself once the wait the
 * answer names is over; the page says the refusal and the wait meanwhile.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  keys: readonly unknown[],
  reloadOn: readonly ChangeKind[] = [],
): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const startedAt = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    let again: number | undefined;
    startedAt.current = Date.now();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the loading mark belongs to the load this effect starts
    setState((previous) => ({ ...previous, loading: true }));
    load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ data, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) => ({ data: previous.data, error, loading: false }));
        if (error instanceof RateLimitError && error.retryAfter !== undefined)
          again = window.setTimeout(() => setRound((value) => value + 1), error.retryAfter * 1000);
      });
    return () => {
      controller.abort();
      window.clearTimeout(again);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, [...keys, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  // A change known to precede this load's start is in its answer already.
  const changed = useCallback(
    (before?: number) => {
      if (before === undefined || startedAt.current < before) reload();
    },
    [reload],
  );
  for (const kind of reloadOn) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- `reloadOn` is a constant list at each call site
    useOnChange(kind, changed);
  }
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
