import { useCallback, useState } from "react";

export interface Action {
  /** Whether a run is under way (buttons wait for it). */
  busy: boolean;
  /** What the last run failed with, for `ErrorNotice`; cleared when the next one starts. */
  error: unknown;
  /** What the last run said it did, for a `Success` line; cleared when the next one starts. */
  said: string;
  /** Runs one change; its answer, when a sentence, is what is said. True when it worked. */
  run(change: () => Promise<string | void>): Promise<boolean>;
  /** Says something done elsewhere (a form of its own), or clears what was said with "". */
  say(message: string): void;
  /** Forgets the last failure and what was said (a form found a problem of its own first). */
  reset(): void;
}

/** One change a person asks for on a page, with its progress, its failure in words and its outcome. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [said, setSaid] = useState("");
  const run = useCallback(async (change: () => Promise<string | void>) => {
    setBusy(true);
    setError(null);
    setSaid("");
    try {
      const outcome = await change();
      if (outcome) setSaid(outcome);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const reset = useCallback(() => {
    setError(null);
    setSaid("");
  }, []);
  return { busy, error, said, run, say: setSaid, reset };
}
