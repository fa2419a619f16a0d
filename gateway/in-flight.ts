import type { ServerResponse } from "node:http";

/** Counts requests being served so that shutdown can wait for them. */
export class InFlightRequests {
  private count = 0;
  private waiters: (() => void)[] = [];
  private drainers: (() => void)[] = [];
  draining = false;

  /** Called once when draining starts: what would otherwise hold shutdown (open live streams) ends itself. */
  onDrain(end: () => void): void {
    this.drainers.push(end);
  }

  /** Takes no more work and ends what would never finish by itself; `settled` then waits for the rest. */
  startDraining(): void {
    if (this.draining) return;
    this.draining = true;
    for (const end of this.drainers.splice(0)) end();
  }

  /** Counts `res` until it closes, then calls `whenClosed`: one listener per response for both. */
  track(res: ServerResponse, whenClosed?: () => void): void {
    this.count += 1;
    res.once("close", () => {
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
      whenClosed?.();
    });
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when nothing is in flight, or after `timeoutMs`, whichever is first. */
  settled(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
